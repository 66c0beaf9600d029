// The 工作台 on a phone (issue 22 item 1; dashboard.spec.ts for the wide screen): first in the
// drawer, every section within 375 px, the charts drawn to the screen's width, a tile opening its
// list by touch.
import { ListPage } from './fixtures/ListPage';
import { NavMenu } from './fixtures/NavMenu';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 }, hasTouch: true });

test('at 375 px the 工作台 fits the screen and a tile opens its list', async ({ page, shell }) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const menu = new NavMenu(page, shell);
  const nav = await menu.show();
  await expect(nav.getByRole('link').first()).toHaveAccessibleName('工作台');
  await menu.go('工作台');
  await expect(page.getByTestId('spend-chart').first().locator('svg').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const chart of await page.getByTestId('spend-chart').all()) {
    const box = await chart.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);
  }
  const tile = page
    .getByRole('region', { name: '订单', exact: true })
    .getByRole('link', { name: /^全部订单 \d+$/ });
  const count = Number(/\d+/.exec((await tile.getAttribute('aria-label')) ?? '')?.[0]);
  await tile.tap();
  await expect(new ListPage(page).count).toContainText(`共 ${count} 条`);
});
