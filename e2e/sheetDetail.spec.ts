// The purchase sheet detail (purchasing-core §2.3, §4.2) as buyer, read from the
// device: opened with the address a list row gives it, the head, facts and product table as the
// server has them, previous/next through the list, an order id redirecting, the validity warning,
// the 3C refusal, placing an order with its VIP use, cancel with a reason and restore, and the
// server actions disabled offline with the reason shown.

import type { APIRequestContext, Page } from '@playwright/test';
import { BuyerApi, type ServerSheet } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { SheetPage } from './fixtures/SheetPage';
import type { ShellPage } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const OFFLINE_REASON = '当前离线，该操作需要联网后再试';

function detailUrl(id: number, extra: Record<string, string | number> = {}): string {
  const search = new URLSearchParams({ id: String(id) });
  for (const [key, value] of Object.entries(extra)) search.set(key, String(value));
  return `/inquiry-quotation/detail?${search}`;
}

function find(sheets: ServerSheet[], test: (sheet: ServerSheet) => boolean, what: string) {
  const sheet = sheets.find(test);
  if (!sheet) throw new Error(`the demo data has ${what}`);
  return sheet;
}

/** Signs in on the create form (this spec's own screen) and reads one tab from the server. */
async function signedIn(shell: ShellPage, page: Page, request: APIRequestContext) {
  await shell.openSignedIn('/inquiry-quotation/detail');
  const api = await BuyerApi.of(page, request);
  const sheets = async (sheetType: string, filters?: Record<string, unknown>) => {
    const query: Record<string, string> = { sheetType };
    if (filters) query.filters = JSON.stringify(filters);
    return (await api.sheets(query)).items;
  };
  return { api, sheets };
}

test('a list row opens the sheet from local data; previous/next walk the list', async ({
  shell,
  page,
  request,
}) => {
  const { sheets } = await signedIn(shell, page, request);
  const [first, second] = await sheets('ALL');
  if (!first || !second) throw new Error('the demo data has sheets');
  const detail = new SheetPage(page);

  await page.goto(detailUrl(first.id, { index: 0, pageNumber: 1, sheetType: 'ALL' }));
  // The first sync may still run: the page shows the sheet once it is on the device.
  await expect(detail.number).toHaveText(first.name, { timeout: 20_000 });
  await expect(detail.owner).toHaveText(first.current_node.contacts_user?.name ?? '未指定');
  await expect(detail.fact('brand')).toHaveText(first.brand?.name ?? first.brand_name ?? '—');
  await expect(page.getByRole('link', { name: '全部' })).toHaveAttribute(
    'href',
    '/inquiry-quotation/list?sheetType=ALL',
  );

  await expect(detail.previous).toBeDisabled();
  // A neighbour opens what its row opens: the order detail once the sheet became an order.
  await detail.next.click();
  await detail.expectRowOpened(second);
  await expect(page).toHaveURL(/[?&]index=1(&|$)/);
  await expect(page).toHaveURL(/[?&]pageNumber=1(&|$)/);
  await detail.previous.click();
  await detail.expectRowOpened(first);
  await expect(detail.previous).toBeDisabled();
});

test('from a filtered, sorted list, a row and 下一条 open the rows of that list', async ({
  shell,
  page,
  request,
}) => {
  const { api } = await signedIn(shell, page, request);
  const { rows, total, address } = await api.filteredSortedSheets();
  const [first, second, third] = rows;
  if (!first || !second || !third) throw new Error('the list case has three rows');
  const list = new ListPage(page);
  await list.open(address);
  await expect.poll(async () => (await list.counts())[0], { timeout: 20_000 }).toBe(total);
  await expect(list.rows.first()).toContainText(first.name);
  await list.rows.first().click();
  const detail = new SheetPage(page);
  await detail.expectRowOpened(first);
  await expect(detail.previous).toBeDisabled();
  await detail.next.click();
  await detail.expectRowOpened(second);
  await expect(page).toHaveURL(/[?&]index=1(&|$)/);
  await detail.next.click();
  await detail.expectRowOpened(third);
  await detail.previous.click();
  await detail.expectRowOpened(second);
  // The breadcrumb returns to the list as it was: filtered and sorted.
  await page.getByRole('link', { name: '全部', exact: true }).click();
  await expect(page).toHaveURL(
    /\/inquiry-quotation\/list\?sheetType=ALL&filters=.+&filterSort=ASC&filterKey=name$/,
  );
  await expect.poll(async () => (await list.counts())[0]).toBe(total);
});

test("paging follows the list's own sort, carried in filter", async ({ shell, page, request }) => {
  const { sheets } = await signedIn(shell, page, request);
  // Oldest first: the INQUIRY tab sorted by creation time, ascending.
  const [oldest, second] = [...(await sheets('INQUIRY'))].reverse();
  if (!oldest || !second) throw new Error('the demo data has inquiries');
  const filter = 'sheetType=INQUIRY&filterKey=create_time&filterSort=ASC';
  const detail = new SheetPage(page);
  await page.goto(detailUrl(oldest.id, { index: 0, pageNumber: 1, filter }));
  await expect(detail.number).toHaveText(oldest.name, { timeout: 20_000 });
  // The breadcrumb names that tab and leads back to it as it was.
  await expect(page.getByRole('link', { name: '询价中' })).toHaveAttribute(
    'href',
    '/inquiry-quotation/list?sheetType=INQUIRY&filterSort=ASC&filterKey=create_time',
  );
  await detail.next.click();
  await detail.expectRowOpened(second);
});

test('paging keeps to the quick-search filters the list had', async ({ shell, page, request }) => {
  const { sheets } = await signedIn(shell, page, request);
  const filters = { state_group: ['AWAITING_RECEIPT'] };
  const matches = await sheets('ALL', filters);
  const [first, second] = matches;
  if (!first || !second) throw new Error('the demo data has two sheets awaiting receipt');
  const filter = `sheetType=ALL&filters=${encodeURIComponent(JSON.stringify(filters))}`;
  const detail = new SheetPage(page);
  await page.goto(detailUrl(first.id, { index: 0, pageNumber: 1, filter }));
  await expect(detail.number).toHaveText(first.name, { timeout: 20_000 });
  await detail.next.click();
  await detail.expectRowOpened(second);
  // The last match has no next, although the unfiltered list goes on.
  const last = matches.at(-1);
  if (!last) throw new Error('unreachable');
  await page.goto(detailUrl(last.id, { index: matches.length - 1, pageNumber: 1, filter }));
  await expect(detail.number).toHaveText(last.name);
  await expect(detail.next).toBeDisabled();
  await expect(detail.previous).toBeEnabled();
});

test('paging crosses a 50-row page: index 49 → 50 is page 2', async ({ shell, page, request }) => {
  const { api, sheets } = await signedIn(shell, page, request);
  // The demo company has fewer than 51 sheets: a few drafts made on the server fill the list.
  const missing = 51 - (await sheets('ALL')).length;
  for (let n = 0; n < missing; n += 1) await api.createDraft('E2E翻页', [`PAGE-${n}`]);
  const all = await sheets('ALL');
  const at49 = all[49];
  const at50 = all[50];
  if (!at49 || !at50) throw new Error('the demo data has more than 50 sheets');
  const detail = new SheetPage(page);
  await page.goto(detailUrl(at49.id, { index: 49, pageNumber: 1 }));
  await expect(detail.number).toHaveText(at49.name, { timeout: 20_000 });
  await detail.next.click();
  await detail.expectRowOpened(at50);
  await expect(page).toHaveURL(/[?&]index=50(&|$)/);
  await expect(page).toHaveURL(/[?&]pageNumber=2(&|$)/);
});

test('quoted sheets show prices and the validity warning; drafts and inquiries do not', async ({
  shell,
  page,
  request,
}) => {
  const sheets = await (await signedIn(shell, page, request)).sheets('ALL');
  const detail = new SheetPage(page);
  const stale = find(sheets, (s) => s.state === 'QUOTATION_SENT', 'a quotation sent');
  await page.goto(detailUrl(stale.id));
  await expect(detail.number).toHaveText(stale.name, { timeout: 20_000 });
  await expect(detail.state).toHaveText('已报价');
  await expect(page.getByRole('columnheader', { name: '含税单价' })).toBeVisible();
  await expect(detail.lines).toHaveCount(stale.inquiry_product_list.length);
  await expect(detail.fact('taxed-total')).toContainText('¥');

  const inquired = find(sheets, (s) => s.state === 'INQUIRY_SENT', 'an inquiry sent');
  await page.goto(detailUrl(inquired.id));
  await expect(detail.number).toHaveText(inquired.name);
  await expect(detail.state).toHaveText('已询价');
  await expect(page.getByRole('columnheader', { name: '报价状态' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '含税单价' })).toHaveCount(0);
  await expect(page.getByTestId('validity-warning')).toHaveCount(0);
});

test('an old quote warns about its validity', async ({ shell, page, request }) => {
  const sheets = await (await signedIn(shell, page, request)).sheets('REPLIED');
  const detail = new SheetPage(page);
  // The demo data quotes two sheets so long ago that their validity ended 200+ days back.
  let warned = 0;
  for (const sheet of sheets.filter((s) => ['QUOTATION_SENT', 'FOLLOWED_UP'].includes(s.state))) {
    await page.goto(detailUrl(sheet.id));
    await expect(detail.number).toHaveText(sheet.name, { timeout: 20_000 });
    if (await page.getByTestId('validity-warning').isVisible()) warned += 1;
  }
  expect(warned).toBeGreaterThanOrEqual(1);
  await expect(page.locator('[data-stale="true"]').first()).toBeAttached();
});

test('an order id redirects to the order detail', async ({ shell, page, request }) => {
  const { api, sheets } = await signedIn(shell, page, request);
  // Sheet and order ids are separate sequences: a sheet of the same id would win, as on the server.
  const sheetIds = new Set((await sheets('ALL')).map((sheet) => sheet.id));
  const order = (await api.orders()).items.find((candidate) => !sheetIds.has(candidate.id));
  if (!order) throw new Error('the demo data has an order whose id is no sheet id');
  await page.goto(detailUrl(order.id));
  // §2.3: to /inquiry-quotation/order-detail, in the purchase list (not the order list).
  await expect(page).toHaveURL(
    new RegExp(`/inquiry-quotation/order-detail\\?id=${order.id}&type=ALL&module=ORDER$`),
    { timeout: 20_000 },
  );
  await expect(new OrderDetailPage(page).number).toContainText(order.name, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: '全部', exact: true })).toHaveAttribute(
    'href',
    '/inquiry-quotation/list?sheetType=ALL',
  );
});

test('the order link of a sheet stays in its purchase list: breadcrumb and paging', async ({
  shell,
  page,
  request,
}) => {
  const { sheets } = await signedIn(shell, page, request);
  const [first, second] = await sheets('CARGO_RECEIVING');
  if (!first?.order || !second?.order) throw new Error('the demo data has two sheets 待收货');
  const detail = new SheetPage(page);
  await page.goto(detailUrl(first.id, { index: 0, pageNumber: 1, sheetType: 'CARGO_RECEIVING' }));
  await expect(detail.number).toHaveText(first.name, { timeout: 20_000 });
  await detail.fact('order').getByRole('link', { name: first.order.name }).click();

  const order = new OrderDetailPage(page);
  await expect(page).toHaveURL(
    new RegExp(
      `/inquiry-quotation/order-detail\\?id=${first.order.id}&type=CARGO_RECEIVING&module=ORDER&index=0&pageNumber=1$`,
    ),
  );
  await expect(order.number).toContainText(first.order.name, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: '待收货', exact: true })).toHaveAttribute(
    'href',
    '/inquiry-quotation/list?sheetType=CARGO_RECEIVING',
  );
  // 下一条 walks the purchase list's 待收货 rows, not the order list.
  await expect(order.previous).toBeDisabled();
  await order.next.click();
  await detail.expectRowOpened(second);
  await expect(page).toHaveURL(
    /\/inquiry-quotation\/order-detail\?.*type=CARGO_RECEIVING.*index=1/,
  );
  await page.getByRole('link', { name: '待收货', exact: true }).click();
  await expect(page).toHaveURL(/\/inquiry-quotation\/list\?sheetType=CARGO_RECEIVING$/);
});

test('a 3C line refuses the order with the spec message, without calling the server', async ({
  shell,
  page,
  request,
}) => {
  const sheets = await (await signedIn(shell, page, request)).sheets('REPLIED');
  const ccc = find(
    sheets,
    (s) =>
      s.state === 'INQUIRY_REPLIED' && s.inquiry_product_list.some((l) => l.quote_state === 'CCC'),
    'a quoted sheet with a 3C line',
  );
  const detail = new SheetPage(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/submit_contract')) calls.push(r.url());
  });
  await page.goto(detailUrl(ccc.id));
  await expect(detail.number).toHaveText(ccc.name, { timeout: 20_000 });
  await expect(page.locator('[data-quote-state="CCC"]').first()).toContainText('3C产品');
  await detail.placeOrder.click();
  await expect(page.getByTestId('place-order-refusal')).toHaveText(
    '产品中存在3C产品, 请先删除3C产品再申请执行合同',
  );
  expect(calls).toEqual([]);
});

test('placing an order shows the VIP use the server answers', async ({ shell, page, request }) => {
  const { sheets } = await signedIn(shell, page, request);
  const quoted = find(
    await sheets('REPLIED'),
    (s) =>
      ['INQUIRY_REPLIED', 'FOLLOWED_UP', 'QUOTATION_SENT'].includes(s.state) &&
      !s.inquiry_product_list.some((l) => l.quote_state === 'CCC'),
    'a quoted sheet without 3C lines',
  );
  const detail = new SheetPage(page);
  await page.goto(detailUrl(quoted.id));
  await expect(detail.number).toHaveText(quoted.name, { timeout: 20_000 });
  await detail.placeOrder.click();
  // The ordering dialog asks first, with the total and the terms.
  const ordering = detail.dialog('下单采购');
  await expect(ordering.getByTestId('order-terms')).toContainText('含税总价');
  await ordering.getByRole('button', { name: '确定' }).click();
  const use = page.getByTestId('vip-use');
  await expect(use).toContainText('含税总价');
  // The buyer's company (上海精工机械) is a VIP: the rebate and the balance are shown.
  await expect(use).toContainText('VIP抵扣');
  await expect(use).toContainText('VIP余额');
  await expect(page.getByText('下单采购成功').first()).toBeVisible();
  // The footer's 关闭, not the dialog's × (named 关闭 too).
  await detail.dialog('下单采购成功').getByRole('button', { name: '关闭' }).last().click();
  // The engine pulls after the call: the page shows the new state without a reload.
  await expect(detail.state).toHaveText('下单中');
  const after = (await sheets('ALL')).find((s) => s.id === quoted.id);
  expect(after?.state).toBe('CONTRACT_AUDITING');
});

test('cancel needs a reason; a cancelled sheet is restored', async ({ shell, page, request }) => {
  const { sheets } = await signedIn(shell, page, request);
  const sheet = find(await sheets('INQUIRY'), (s) => s.state === 'INQUIRY_SENT', 'an inquiry');
  const detail = new SheetPage(page);
  await page.goto(detailUrl(sheet.id));
  await expect(detail.number).toHaveText(sheet.name, { timeout: 20_000 });
  await expect(detail.restore).toHaveCount(0);

  await detail.cancelSheet.click();
  const dialog = detail.dialog('取消采购单');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入取消原因')).toBeVisible();
  await dialog.getByRole('textbox', { name: '取消原因' }).fill('项目暂停');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(detail.state).toHaveText('已取消');
  await expect(page.getByTestId('cancel-reason')).toContainText('项目暂停');
  await expect(detail.cancelSheet).toHaveCount(0);

  await detail.restore.click();
  await expect(detail.state).toHaveText('已询价');
  await expect(page.getByTestId('cancel-reason')).toHaveCount(0);
  const after = (await sheets('ALL')).find((s) => s.id === sheet.id);
  expect(after?.state).toBe('INQUIRY_SENT');
});

test('offline, the server actions are disabled with the reason; owner change still works', async ({
  shell,
  page,
  context,
  request,
}) => {
  const sheets = await (await signedIn(shell, page, request)).sheets('REPLIED');
  const quoted = find(sheets, (s) => s.state === 'QUOTATION_SENT', 'a quotation sent');
  const detail = new SheetPage(page);
  await page.goto(detailUrl(quoted.id));
  await expect(detail.number).toHaveText(quoted.name, { timeout: 20_000 });
  await expect(detail.placeOrder).toBeEnabled();

  await context.setOffline(true);
  await expect(detail.placeOrder).toBeDisabled();
  await expect(detail.cancelSheet).toBeDisabled();
  await expect(detail.actionReason).toHaveText(OFFLINE_REASON);
  await expect(detail.changeOwner).toBeEnabled();

  await context.setOffline(false);
  await expect(detail.placeOrder).toBeEnabled();
  await expect(detail.actionReason).toHaveCount(0);
});
