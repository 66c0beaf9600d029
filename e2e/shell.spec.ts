import { LANDING_URL } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('the signed-in shell shows its header tools and both companies', async ({ shell, page }) => {
  await shell.open('/');
  // The landing page is the 工作台, the menu's first entry (issue 22 item 1).
  await expect(page).toHaveURL(LANDING_URL);
  await expect(page.getByRole('heading', { name: '工作台', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('工业品采购');
  await shell.ready();
  await expect(shell.homeLink).toContainText('工业品采购');
  await expect(shell.userMenu).toBeVisible();
  // The first sync of the demo companies ends in 已同步.
  await expect(shell.syncStatus).toHaveAttribute('data-tone', 'synced', { timeout: 20_000 });

  await shell.companySwitcher.click();
  const companies = page.getByRole('menuitem');
  await expect(companies).toHaveCount(2);
  const names = await companies.allTextContents();
  await page.keyboard.press('Escape');

  // Switching works offline-first (local data) and is shown in the switcher.
  const [, second] = names;
  if (!second) throw new Error('buyer has two companies');
  await shell.switchCompany(second);
  await expect(shell.companySwitcher).toHaveAttribute('aria-label', `切换公司，当前：${second}`);
});

test('the to-do panel lists what the company received and closes on navigation', async ({
  shell,
  page,
}) => {
  await shell.open('/home');
  await shell.ready();
  await expect(shell.syncStatus).toHaveAttribute('data-tone', 'synced', { timeout: 20_000 });
  const panel = await shell.openTodoPanel();
  await expect(panel.getByRole('tab', { name: '待办' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByRole('tab', { name: '收藏' }).click();
  await expect(
    panel.getByText('没有收藏的待办消息 ~').or(panel.getByTestId('todo-panel-item').first()),
  ).toBeVisible();
  // An item opens its record's detail page, and the new page closes the panel.
  await panel.getByRole('tab', { name: '待办' }).click();
  // The first item bound to a record (a link): a mail written by another spec may be bound to none.
  const item = panel
    .getByRole('link')
    .filter({ has: page.getByTestId('todo-panel-item') })
    .first();
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/(order\/order|inquiry-quotation)\/detail\?/);
  await expect(panel).toBeHidden();
});

test('the sync status opens the pending-changes view', async ({ shell, page }) => {
  await shell.open('/home');
  await shell.ready();
  await shell.syncStatus.click();
  await page.getByRole('button', { name: '查看待同步更改' }).click();
  const drawer = page.getByRole('dialog', { name: '待同步更改' });
  await expect(drawer.getByText('所有更改都已同步')).toBeVisible();
});

test('an unknown address shows the not-found page inside the shell', async ({ shell, page }) => {
  await shell.open('/no/such/page');
  await expect(shell.header).toBeVisible();
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).last().click();
  await expect(page).toHaveURL(LANDING_URL);
});
