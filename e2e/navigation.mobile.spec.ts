// The navigation menu at 375 px (settings-messaging-shared §2 "Shell"): the burger drawer holds
// the sections; a clerk reaches every list, the to-do page and a detail of each from it alone,
// online and offline; the current section is marked; touch-sized entries; axe finds nothing.
import { expectAccessible } from './fixtures/axe';
import { ADMIN_LABELS, MENU_SELECTOR, NAV_LABELS, NavMenu, walkFromMenu } from './fixtures/NavMenu';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('the drawer holds the sections; every one and a detail of each, online', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const menu = new NavMenu(page, shell);
  // Not in the header at this width: in the drawer.
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeHidden();
  const nav = await menu.show();
  for (const label of NAV_LABELS) await expect(menu.entry(label)).toBeVisible();
  for (const label of ADMIN_LABELS) await expect(nav.getByText(label)).toHaveCount(0);
  await expectTouchable(
    page,
    NAV_LABELS.map((label) => menu.entry(label)),
  );
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page, MENU_SELECTOR);
  await menu.close();
  await walkFromMenu(page, menu, true);
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
  await walkFromMenu(page, new NavMenu(page, shell), true);
  await context.setOffline(false);
});
