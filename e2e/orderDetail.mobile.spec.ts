// The order detail on a phone: at 375 px the page does not scroll sideways,
// the summary fields stack, only the wide product table scrolls in its own box, and the pager
// and owner dialog stay within reach.
import { BuyerApi } from './fixtures/BuyerApi';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('at 375 px the order detail stacks and fits the screen', async ({ shell, page, request }) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const { items: orders } = await api.orders();
  const index = orders.findIndex((order) => order.state > 0 && order.state < 90);
  const order = orders[index];
  if (!order) throw new Error('the demo data has an order in progress');
  const detail = new OrderDetailPage(page);
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER&index=${index}`);
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });

  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  // Fields one under the other.
  const brand = await detail.field('brand').boundingBox();
  const total = await detail.field('total').boundingBox();
  expect(brand?.x).toBe(total?.x);
  expect(total?.y ?? 0).toBeGreaterThan(brand?.y ?? 0);

  // The product table keeps its columns and scrolls inside its own box.
  const scroller = await detail.products.evaluate((table) => {
    let box = table.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) {
      box = box.parentElement;
    }
    return box && { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  expect(scroller?.scrollWidth ?? 0).toBeGreaterThan(scroller?.clientWidth ?? 0);

  await expectTouchable(page, [detail.previous, detail.next, detail.changeOwner]);

  await detail.changeOwner.tap();
  const dialog = detail.dialog('变更负责人');
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width ?? 999).toBeLessThanOrEqual(375);
  await dialog.getByRole('combobox', { name: '新负责人' }).tap();
  await expect(page.getByRole('option').first()).toBeVisible();
});
