// Uploads on weak networks (issue 22 item 5): a change that waits for its attachment lists the
// file in the pending-changes view with its size and a progress bar (the engine's status carries
// the bytes sent while it uploads: tests/sync/engine/uploads.test.ts); back online, the file goes
// through the worker's XMLHttpRequest upload and the change lands.
import { SYNC_LABELS } from '../src/domain/messages/sync';
import { SheetPage } from './fixtures/SheetPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** A real 1×1 PNG (70 bytes): the server reads a file's type from its bytes. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a change waiting for its attachment shows the file, its size and its bar; online it lands', async ({
  shell,
  page,
  context,
}) => {
  await shell.openSignedIn('/inquiry-quotation/detail');
  await shell.synced();
  await context.setOffline(true);
  const form = new SheetPage(page);
  await form.brand.fill(`E2E进度${Date.now() % 100000}`);
  await form.line(0).model.fill('PROGRESS-1');
  await form.line(0).files.setInputFiles({
    name: '铭牌.png',
    mimeType: 'image/png',
    buffer: PNG_BYTES,
  });
  await expect(
    form.line(0).root.getByRole('button', { name: '铭牌.png', exact: true }),
  ).toBeVisible();
  await form.saveDraft.click();
  await form.confirm('保存草稿');

  await shell.syncStatus.click();
  await page.getByRole('button', { name: SYNC_LABELS.VIEW_PENDING }).click();
  const entry = page.getByTestId('pending-entry');
  await expect(entry).toHaveAttribute('data-state', 'waiting-files');
  const file = entry.getByTestId('pending-file');
  await expect(file).toContainText('铭牌.png');
  await expect(file.getByTestId('pending-file-bytes')).toHaveText(
    SYNC_LABELS.UPLOAD_WAITING(`${PNG_BYTES.length} B`),
  );
  // The bar, named for the file, at 0 (a bar at 0 has no width to see).
  const bar = file.getByRole('progressbar', { name: /^铭牌\.png 等待上传/ });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

  await context.setOffline(false);
  await expect(entry).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(SYNC_LABELS.NO_PENDING)).toBeVisible();
});
