// Export on a phone (issue 22 item 2; export.spec.ts for the wide screen): the order list's 导出 at
// 375 px, its dialog fitting the screen and passing axe, the file holding the list's rows in the
// cards' order.
import { ORDER_LIST_COLUMNS } from '../src/domain/list/listSort';
import { expectAccessible } from './fixtures/axe';
import { ExportFlow, xlsxCells } from './fixtures/exportFiles';
import { ListPage } from './fixtures/ListPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('the order list exports at 375 px in the cards’ order', async ({ page, shell }) => {
  const list = new ListPage(page);
  await shell.openSignedIn('/order/order/list?orderType=ALL');
  await shell.synced();
  await expect(list.count).toHaveText(/^共 \d+ 条/);
  const [total] = await list.counts();
  await expect(list.cards.first()).toBeVisible();
  const menu = page.getByTestId('list-export');
  await expect(menu).toBeInViewport();
  const box = await menu.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);

  const flow = new ExportFlow(page);
  expect(await flow.make(menu, 'xlsx')).toBe(total);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, '[role="dialog"]');
  const [, ...rows] = await xlsxCells(await flow.download());
  expect(rows).toHaveLength(total);
  // The first card's title is the first row's order number (one column after 品牌).
  const numberAt = ORDER_LIST_COLUMNS.indexOf('orderNumber');
  await expect(list.cards.first()).toContainText(String(rows[0]?.[numberAt]));
  await expect(list.cards.nth(1)).toContainText(String(rows[1]?.[numberAt]));
});
