// The administrator's menu (settings-messaging-shared §2 "Shell"): company settings and staff
// management are entries of the navigation menu, marked current on their pages; axe finds nothing.
import { expectAccessible } from './fixtures/axe';
import { ADMIN_LABELS, MENU_SELECTOR, NAV_LABELS, NavMenu } from './fixtures/NavMenu';
import { expect, test } from './fixtures/test';

test.use({ account: 'admin' });

test('company settings and staff are menu entries', async ({ shell, page }) => {
  await shell.openSignedIn('/home');
  const menu = new NavMenu(page, shell);
  await menu.show();
  for (const label of [...NAV_LABELS, ...ADMIN_LABELS]) {
    await expect(menu.entry(label)).toBeVisible();
  }
  await menu.go('员工管理');
  await expect(page).toHaveURL(/\/user\/personnel-list$/);
  await menu.expectActive('员工管理');
  await menu.go('公司设置');
  await expect(page).toHaveURL(/\/user\/company-setting$/);
  await menu.expectActive('公司设置');
  await expectAccessible(page, MENU_SELECTOR);
});
