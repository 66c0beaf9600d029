// The order list on a phone: at 375 px the orders are cards with the key fields,
// cancelled ones greyed, nothing scrolls sideways, and touch opens an order.
import { listCountText } from '../src/domain/list/paging';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('at 375 px the orders are cards that fit the screen', async ({ page, request }) => {
  const list = new ListPage(page);
  await list.open('/order/order/list?orderType=ALL');
  const server = await (await BuyerApi.of(page, request)).orders({ orderType: 'ALL' });
  await expect(list.count).toHaveText(listCountText(server.total, Math.min(server.total, 50)));
  await expect(list.table).toHaveCount(0);
  const card = list.cards.first();
  await expect(card).toContainText(server.items[0]?.name ?? '');
  for (const label of ['品牌', '预计到货日期', '付款状态', '开票状态', '订单金额', '创建时间']) {
    await expect(card).toContainText(label);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('cancelled orders are greyed cards; a tap opens the order', async ({ page, request }) => {
  const list = new ListPage(page);
  await list.open('/order/order/list?orderType=CANCELLED');
  const server = await (await BuyerApi.of(page, request)).orders({ orderType: 'CANCELLED' });
  await expect(list.cards.first()).toContainText(server.items[0]?.name ?? '');
  await expect(list.cards.first()).toHaveAttribute('data-dimmed', 'true');
  await list.cards.first().tap();
  await expect(page).toHaveURL(
    new RegExp(`/order/order/detail\\?id=${server.items[0]?.id}&orderType=CANCELLED`),
  );
});
