import { expect, test } from './fixtures/test';

test('the app opens and renders its shell in Chinese', async ({ shell, page }) => {
  await shell.open('/');
  await expect(page).toHaveTitle('工业品采购');
  await expect(shell.header).toBeVisible();
  await expect(shell.homeLink).toContainText('工业品采购');
  await expect(page.getByRole('heading', { name: '采购单' })).toBeVisible();
  await expect(page.getByText('询价中')).toBeVisible();
});

test('a deep link is served by the app, which shows its not-found page', async ({
  shell,
  page,
}) => {
  await shell.open('/no/such/page');
  await expect(shell.header).toBeVisible();
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).last().click();
  await expect(page).toHaveURL(/\/$/);
});
