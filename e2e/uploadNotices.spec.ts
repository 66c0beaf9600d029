// The spec's feedback on a sheet's product lines (purchasing-core §8, settings-messaging-shared
// §8): removing a line says 产品删除成功, removing an attachment 文件已删除; attachments upload later
// through the outbox, and once they land the page says 上传成功！ once for all of them; a file the
// server refuses says 上传失败,请重试！ with the file's name and the server's reason.
import { SHEET_LABELS } from '../src/domain/purchase/sheetText';
import { SheetPage } from './fixtures/SheetPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const CREATE = '/inquiry-quotation/detail';
/** A real 1×1 PNG: the server reads a file's type from its bytes. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_BYTES });

async function draftWithFiles(form: SheetPage, names: string[]) {
  await form.brand.fill(`E2E上传${Date.now() % 100000}`);
  await form.line(0).model.fill('UPLOAD-1');
  await form.line(0).files.setInputFiles(names.map(png));
  for (const name of names) {
    await expect(form.line(0).root.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await form.saveDraft.click();
  await form.confirm('保存草稿');
}

test('removing a line says 产品删除成功, removing an attachment 文件已删除', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn(CREATE);
  const form = new SheetPage(page);
  await form.line(0).model.fill('KEEP-1');
  await form.addLine();
  await form.line(1).remove.click();
  await expect(form.formLines).toHaveCount(1);
  await expect(page.getByText('产品删除成功')).toBeVisible();

  await form.line(0).files.setInputFiles(png('drop.png'));
  await form
    .line(0)
    .root.getByRole('button', { name: `${SHEET_LABELS.REMOVE_ATTACHMENT} drop.png` })
    .click();
  await expect(form.line(0).root.getByRole('button', { name: 'drop.png' })).toHaveCount(0);
  await expect(page.getByText('文件已删除')).toBeVisible();
});

test('attachments that land say 上传成功！ once, naming them', async ({ shell, page }) => {
  await shell.openSignedIn(CREATE);
  const form = new SheetPage(page);
  await draftWithFiles(form, ['a.png', 'b.png']);
  await expect(page).toHaveURL(/[?&]id=\d+/, { timeout: 30_000 });
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: '上传成功！' });
  await expect(notice).toHaveCount(1, { timeout: 10_000 });
  await expect(notice).toContainText('a.png、b.png');
});

test('an attachment the server refuses says 上传失败 with its name and the reason', async ({
  shell,
  page,
  context,
}) => {
  await shell.openSignedIn(CREATE);
  // The worker's upload meets a refusal (a 4xx is final: the entries naming the file fail).
  await context.route('**/api/v7/files?**', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ error_code: 'BAD_FILE', error_message: '文件内容无法识别' }),
        })
      : route.continue(),
  );
  const form = new SheetPage(page);
  await draftWithFiles(form, ['bad.png']);
  const notice = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: '上传失败,请重试！' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText('上传失败：bad.png');
  await expect(notice).toContainText('文件上传失败：文件内容无法识别');
  await expect(page.getByText('上传成功！')).toHaveCount(0);
});
