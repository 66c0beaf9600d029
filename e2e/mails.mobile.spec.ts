// 写邮件 on a 375 px phone: the to-do page's header keeps the button on screen, the compose
// dialog fits the screen and passes axe, and a draft saved there gets its 编辑 and 删除 in the
// stepper without widening the page.
import { expectAccessible } from './fixtures/axe';
import { TodoPage } from './fixtures/TodoPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('writing a mail fits a 375 px screen', async ({ shell, page }) => {
  await shell.open('/home');
  await shell.ready();
  await expect(shell.syncStatus).toHaveAttribute('data-tone', 'synced', { timeout: 20_000 });
  const todos = new TodoPage(page);
  await todos.open();
  await expect(todos.count).toBeVisible({ timeout: 20_000 });
  const write = page.getByRole('button', { name: '写邮件' });
  await expect(write).toBeInViewport();
  await write.tap();
  const dialog = page.getByRole('dialog', { name: '写邮件' });
  const box = await dialog.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
  await expectAccessible(page, '[role="dialog"]');
  const subject = `手机上写的草稿 ${Date.now()}`;
  await dialog.getByRole('textbox', { name: '邮件内容' }).fill(subject);
  await dialog.getByRole('button', { name: '保存草稿' }).tap();
  await expect(dialog).toBeHidden();

  const row = todos.rows.filter({ hasText: subject });
  await row.tap();
  await expect(todos.stepper.getByRole('button', { name: '编辑' })).toBeVisible();
  await expect(todos.stepper.getByRole('button', { name: '删除' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
