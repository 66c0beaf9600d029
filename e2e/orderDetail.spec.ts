// The order detail (purchasing-core §2.4) as buyer, read from the device: opened
// with the address a list row gives it, the summary and product table as the server has them,
// previous/next through the list, SIGNED hiding what the spec hides, the progress timeline, the
// same screen under the purchase list, and the not-found state.
import type { APIRequestContext, Page } from '@playwright/test';
import { orderRowTarget } from '../src/domain/orders/orderTabs';
import { BuyerApi, type ServerOrder } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import type { ShellPage } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const PUBLIC_WEBSITE = 'https://www.example.com';

function detailUrl(id: number, index: number, filter = ''): string {
  const target = orderRowTarget({ id, orderType: 'ALL', index, filter });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(target.search)) {
    if (value !== '') search.set(key, String(value));
  }
  return `${target.path}?${search}`;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index} in the demo data`);
  return item;
}

/** Signs in and reads the ALL tab from the server, newest first. */
async function signedIn(shell: ShellPage, page: Page, request: APIRequestContext) {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  return { api, orders: (await api.orders()).items };
}

test('a list row opens the order from local data; previous/next walk the list', async ({
  shell,
  page,
  request,
}) => {
  const { orders } = await signedIn(shell, page, request);
  const first = at(orders, 0);
  const second = at(orders, 1);
  const detail = new OrderDetailPage(page);

  await page.goto(detailUrl(first.id, 0, 'orderType=ALL'));
  // The first sync may still be running: the page shows the order as soon as it is on the device.
  await expect(detail.number).toHaveText(
    first.inquiry_no ? `${first.name}（${first.inquiry_no}）` : first.name,
    { timeout: 20_000 },
  );
  await expect(detail.owner).toHaveText(first.current_order_node.contacts_user?.name ?? '未指定');
  await expect(detail.field('brand')).toHaveText(first.brand?.name ?? '');
  await expect(detail.products.locator('tbody tr')).toHaveCount(first.order_product_list.length);
  const linked = first.order_product_list.findIndex((line) => line.product.url_path);
  if (linked >= 0) {
    const line = at(first.order_product_list, linked);
    await expect(
      detail.products.locator('tbody tr').nth(linked).getByRole('link').first(),
    ).toHaveAttribute('href', `${PUBLIC_WEBSITE}${line.product.url_path}`);
  }

  // The breadcrumb leads back to the list tab the row was on.
  await expect(page.getByRole('link', { name: '全部订单' })).toHaveAttribute(
    'href',
    '/order/order/list?orderType=ALL',
  );

  // First row: nothing before it. Next opens the second row with the paging kept in the URL.
  await expect(detail.previous).toBeDisabled();
  await detail.next.click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${second.id}(&|$)`));
  await expect(page).toHaveURL(/[?&]index=1(&|$)/);
  await expect(page).toHaveURL(/[?&]pageNumber=1(&|$)/);
  await expect(page).toHaveURL(/[?&]filter=orderType%3DALL(&|$)/);
  await expect(detail.number).toContainText(second.name);
  await detail.previous.click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${first.id}(&|$)`));
  await expect(detail.number).toContainText(first.name);
});

test('previous/next follow the list state the row carried (oldest first)', async ({
  shell,
  page,
  request,
}) => {
  const { orders: newestFirst } = await signedIn(shell, page, request);
  const oldest = at(newestFirst, newestFirst.length - 1);
  const secondOldest = at(newestFirst, newestFirst.length - 2);
  const detail = new OrderDetailPage(page);
  const filter = 'orderType=ALL&filterSort=ASC&filterKey=create_time';

  await page.goto(detailUrl(oldest.id, 0, filter));
  await expect(detail.number).toContainText(oldest.name, { timeout: 20_000 });
  await detail.next.click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${secondOldest.id}(&|$)`));
  await expect(detail.number).toContainText(secondOldest.name);
  // The breadcrumb returns to the list sorted as it was.
  await expect(page.getByRole('link', { name: '全部订单' })).toHaveAttribute(
    'href',
    '/order/order/list?orderType=ALL&filterSort=ASC&filterKey=create_time',
  );
});

test('from a filtered, sorted order list, a row and 下一条 open the orders of that list', async ({
  shell,
  page,
  request,
}) => {
  const { api } = await signedIn(shell, page, request);
  const { rows, total, address } = await api.filteredSortedOrders();
  const list = new ListPage(page);
  await list.open(address);
  await expect.poll(async () => (await list.counts())[0], { timeout: 20_000 }).toBe(total);
  await list.rows.first().click();
  const detail = new OrderDetailPage(page);
  const shows = async (index: number) => {
    await expect(page).toHaveURL(new RegExp(`[?&]id=${at(rows, index).id}(&|$)`));
    await expect(page).toHaveURL(new RegExp(`[?&]index=${index}(&|$)`));
    await expect(detail.number).toContainText(at(rows, index).name);
  };
  await shows(0);
  await expect(detail.previous).toBeDisabled();
  await detail.next.click();
  await shows(1);
  await detail.next.click();
  await shows(2);
  await detail.previous.click();
  await shows(1);
  // The breadcrumb returns to the list as it was: filtered and sorted.
  await page.getByRole('link', { name: '全部订单' }).click();
  await expect(page).toHaveURL(
    /\/order\/order\/list\?orderType=ALL&filters=.+&filterSort=ASC&filterKey=name$/,
  );
  await expect.poll(async () => (await list.counts())[0]).toBe(total);
});

test('SIGNED hides owner change, arrival date and unpaid amount; progress is a timeline', async ({
  shell,
  page,
  request,
}) => {
  const { orders } = await signedIn(shell, page, request);
  const signed = orders.find((order) => order.state === 90);
  const moving = orders.find(
    (order: ServerOrder) => order.state >= 20 && order.state < 90 && !order.order_base_state,
  );
  if (!signed || !moving) throw new Error('the demo data has signed and moving orders');
  const detail = new OrderDetailPage(page);

  await page.goto(detailUrl(signed.id, 0));
  await expect(detail.number).toContainText(signed.name, { timeout: 20_000 });
  await expect(detail.field('state')).toHaveText('已签收');
  await expect(detail.field('total')).toBeVisible();
  await expect(detail.changeOwner).toHaveCount(0);
  await expect(detail.field('forecast')).toHaveCount(0);
  await expect(detail.field('unpaid')).toHaveCount(0);
  // Signed: every step up to 90 that the order went through is dated, the last one is 已签收.
  await expect(detail.timeline.locator('[data-state="90"]')).toHaveAttribute(
    'data-reached',
    'true',
  );

  await page.goto(detailUrl(moving.id, 0));
  await expect(detail.number).toContainText(moving.name);
  await expect(detail.changeOwner).toBeVisible();
  await expect(detail.field('forecast')).toBeVisible();
  await expect(detail.field('unpaid')).toBeVisible();
  const steps = detail.timeline.locator('[data-state]');
  await expect(steps).toHaveCount(12);
  await expect(detail.timeline.locator('[data-state="10"]')).toHaveAttribute(
    'data-reached',
    'true',
  );
  await expect(detail.timeline.locator('[data-state="90"]')).toHaveAttribute(
    'data-reached',
    'false',
  );
  await expect(detail.timeline.locator('[data-state="10"]')).toContainText(
    /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
  );
});

test('under the purchase list the breadcrumb names its tab', async ({ shell, page, request }) => {
  const { orders } = await signedIn(shell, page, request);
  const signed = orders.find((order) => order.state === 90);
  if (!signed) throw new Error('the demo data has a signed order');
  const detail = new OrderDetailPage(page);
  await page.goto(`/inquiry-quotation/order-detail?id=${signed.id}&type=SIGNED&module=ORDER`);
  await expect(detail.number).toContainText(signed.name, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: '已签收' })).toHaveAttribute(
    'href',
    '/inquiry-quotation/list?sheetType=SIGNED',
  );
  // Opened without a list position: no paging.
  await expect(detail.previous).toBeDisabled();
  await expect(detail.next).toBeDisabled();
});

test('an order the device does not hold says so', async ({ shell, page }) => {
  await shell.openSignedIn('/order/order/detail?orderType=CANCELLED&id=987654321&module=ORDER');
  const detail = new OrderDetailPage(page);
  await expect(detail.notFound).toContainText('本机没有找到该订单');
  await expect(detail.notFound).toContainText('订单可能还没有同步到本机');
  // §2.4: a failed load disables the chat.
  await expect(page.getByTestId('chat-button')).toBeDisabled();
  await expect(detail.notFound.getByRole('link', { name: '返回订单列表' })).toHaveAttribute(
    'href',
    '/order/order/list?orderType=CANCELLED',
  );
});
