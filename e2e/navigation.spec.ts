// The navigation menu on a wide screen (settings-messaging-shared §2 "Shell"): a clerk reaches
// every list, the to-do page and a detail of each from the menu alone, online and offline; the
// administrator's entries hidden from a clerk (navigation.admin.spec.ts shows them); the current
// section marked; the keyboard; the sidebar preference; axe.
import { expectAccessible } from './fixtures/axe';
import { ADMIN_LABELS, MENU_SELECTOR, NAV_LABELS, NavMenu, walkFromMenu } from './fixtures/NavMenu';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('every section and a detail of each from the menu, online', async ({ shell, page }) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const menu = new NavMenu(page, shell);
  const nav = await menu.show();
  // In the header, beside the logo, with the three sections and no administrator's entry.
  await expect(shell.header.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  for (const label of NAV_LABELS) await expect(menu.entry(label)).toBeVisible();
  for (const label of ADMIN_LABELS) await expect(nav.getByText(label)).toHaveCount(0);
  await shell.userMenu.click();
  for (const label of ADMIN_LABELS) {
    await expect(page.getByRole('menuitem', { name: label })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  await walkFromMenu(page, menu, false);
});

test('the same walk offline, from the last answers kept on the device', async ({
  shell,
  page,
  context,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  await shell.installed();
  await context.setOffline(true);
  await page.reload();
  await shell.ready();
  const menu = new NavMenu(page, shell);
  await walkFromMenu(page, menu, false);
  await context.setOffline(false);
});

test('reachable by keyboard, with a visible focus', async ({ shell, page }) => {
  await shell.openSignedIn('/inquiry-quotation/list?sheetType=ALL');
  const menu = new NavMenu(page, shell);
  await menu.show();
  await shell.homeLink.focus();
  await page.keyboard.press('Tab');
  await expect(menu.entry('工作台')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu.entry('询价采购')).toBeFocused();
  const outline = await menu
    .entry('询价采购')
    .evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Tab');
  await expect(menu.entry('订单')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/order\/list\?orderType=ALL$/);
  await expect(menu.entry('订单')).toHaveAttribute('aria-current', 'page');
});

test('the sidebar layout is a preference kept on the device; axe finds nothing', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/home');
  const menu = new NavMenu(page, shell);
  await menu.show();
  await expectAccessible(page, MENU_SELECTOR);
  await shell.userMenu.click();
  await page.getByRole('menuitem', { name: '使用侧边菜单' }).click();
  await expect(shell.header.getByRole('navigation', { name: '主菜单' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await page.reload();
  await shell.ready();
  await expect(shell.header.getByRole('navigation', { name: '主菜单' })).toHaveCount(0);
  await menu.go('订单');
  await expect(menu.entry('订单')).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, MENU_SELECTOR);
  await shell.userMenu.click();
  await page.getByRole('menuitem', { name: '使用顶部菜单' }).click();
  await expect(shell.header.getByRole('navigation', { name: '主菜单' })).toBeVisible();
});
