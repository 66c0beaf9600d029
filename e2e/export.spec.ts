// Export (issue 22 item 2): a list exports with the screen's tab, filters and sort to Excel and to
// CSV, made on the device, offline too; the file, opened by a real .xlsx reader, has the rows the
// screen shows, under its headers, money as numbers in the currency's format and times in the
// user's timezone; an order's lines export from its detail; a made export goes to the share sheet
// where the browser has one (item 3).
import { EXPORT_TEXT } from '../src/domain/export/exportText';
import { ORDER_LIST_COLUMNS } from '../src/domain/list/listSort';
import { ORDER_COLUMN_LABELS } from '../src/domain/list/listText';
import { ORDER_PRODUCT_COLUMNS } from '../src/domain/orders/orderDetail';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { csvFields, ExportFlow, xlsxCells } from './fixtures/exportFiles';
import { ListPage } from './fixtures/ListPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { sharedFiles, standInShareSheet } from './fixtures/share';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const column = (name: (typeof ORDER_LIST_COLUMNS)[number]) => ORDER_LIST_COLUMNS.indexOf(name) + 1;
/** The screen's amount text as a number ('¥1,234.50' → 1234.5); null for 待确认. */
const amountOf = (text: string) => {
  const digits = text.replace(/[^\d.-]/g, '');
  return digits === '' ? null : Number(digits);
};
const XLSX_HEADERS = ORDER_LIST_COLUMNS.flatMap((c) =>
  c === 'state' ? [ORDER_COLUMN_LABELS[c], '状态变更时间'] : [ORDER_COLUMN_LABELS[c]],
);

test('the order list, sorted by amount, to Excel offline: the rows of the screen', async ({
  page,
  shell,
  context,
}) => {
  test.setTimeout(90_000);
  const list = new ListPage(page);
  await shell.openSignedIn('/order/order/list?orderType=ALL');
  await shell.installed();
  await shell.synced();
  await list.header('订单金额').click();
  await expect(page).toHaveURL(/filterKey=supplier_taxed_amount/);
  await expect(list.count).toHaveText(/^共 \d+ 条/);
  const [total] = await list.counts();
  // The table renders the rows in view (virtualized): the first ones, at the top.
  await expect(list.rows.first()).toBeVisible();
  const numbers = await list.column(column('orderNumber'));
  const amounts = (await list.column(column('amount'))).map(amountOf);
  const created = await list.column(column('createTime'));

  await context.setOffline(true);
  const flow = new ExportFlow(page);
  expect(await flow.make(page.getByTestId('list-export'), 'xlsx')).toBe(total);
  await expectAccessible(page, '[role="dialog"]');
  const download = await flow.download();
  expect(download.suggestedFilename()).toMatch(/^订单-全部订单-\d{8}-\d{4}\.xlsx$/);
  const [headers, ...rows] = await xlsxCells(download);
  expect(headers).toEqual(XLSX_HEADERS);
  expect(rows).toHaveLength(total);
  const at = (name: string) => XLSX_HEADERS.indexOf(name);
  expect(rows.slice(0, numbers.length).map((r) => r[at('订单号')])).toEqual(numbers);
  expect(rows.slice(0, amounts.length).map((r) => r[at('订单金额')] ?? null)).toEqual(amounts);
  // Times are dates at the wall clock of the user (Asia/Shanghai), as the screen prints them.
  const firstCreated = rows[0]?.[at('创建时间')] as unknown as Date;
  expect(firstCreated).toBeInstanceOf(Date);
  expect(firstCreated.toISOString().slice(0, 16).replace('T', ' ')).toBe(created[0]);
  await flow.close();
  await context.setOffline(false);
});

test('a purchase-list tab to CSV: BOM, the screen headers, its rows', async ({ page, shell }) => {
  const list = new ListPage(page);
  await shell.openSignedIn('/inquiry-quotation/list?sheetType=ALL');
  await shell.synced();
  await expect(list.count).toHaveText(/^共 \d+ 条/);
  const [total] = await list.counts();
  await expect(list.rows.first()).toBeVisible();
  const headers = await list.headers();
  const numbers = await list.column(2);
  const flow = new ExportFlow(page);
  expect(await flow.make(page.getByTestId('list-export'), 'csv')).toBe(total);
  const download = await flow.download();
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const [bom, [head, ...rows]] = await csvFields(download);
  expect(bom).toBe(true);
  // Each money column is followed by its currency's.
  expect(head).toEqual(headers.flatMap((h) => (h === '含税总价' ? [h, `${h}币种`] : [h])));
  expect(rows).toHaveLength(total);
  expect(rows.slice(0, numbers.length).map((r) => r[1])).toEqual(
    numbers.map((n) => n.replace(/\s.*$/, '')),
  );
  expect(rows.map((r) => r[0])).toEqual(rows.map((_, i) => String(i + 1)));
});

test("an order's lines to Excel from its detail, and to the share sheet", async ({
  page,
  shell,
  request,
}) => {
  await page.addInitScript(standInShareSheet);
  await shell.openSignedIn('/home');
  const { items } = await (await BuyerApi.of(page, request)).get<{
    items: Array<{ id: number; name: string }>;
  }>('/orders-api/v7/orders', { orderType: 'ALL', pageSize: '50' });
  const order = items[0];
  if (!order) throw new Error('the demo has orders');
  const detail = new OrderDetailPage(page);
  await page.goto(`/order/order/detail?id=${order.id}&orderType=ALL`);
  await expect(detail.products).toBeVisible({ timeout: 20_000 });
  const cells = await detail.products
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.firstChild?.textContent ?? '')),
    );
  const flow = new ExportFlow(page);
  expect(await flow.make(page.getByTestId('order-lines-export'), 'xlsx')).toBe(cells.length);
  await flow.dialog.getByRole('button', { name: '分享' }).click();
  await expect
    .poll(async () => (await sharedFiles(page))[0]?.names)
    .toEqual([`${order.name}-${EXPORT_TEXT.LINES_SHEET}.xlsx`]);
  const download = await flow.download();
  const [headers, ...rows] = await xlsxCells(download);
  expect(headers?.slice(0, ORDER_PRODUCT_COLUMNS.length)).toEqual(
    ORDER_PRODUCT_COLUMNS.map(([, header]) => header),
  );
  // 型号, 订货号 and 数量 as the table shows them; prices as numbers.
  expect(rows.map((r) => [r[1] ?? '', r[2] ?? '', String(r[4])])).toEqual(
    cells.map((c) => [c[1], c[2], c[4]]),
  );
  expect(rows.map((r) => r[6])).toEqual(cells.map((c) => amountOf(c[6] ?? '')));
});

test.describe('while the export runs', () => {
  // The worker's script is held back on its way (past the service worker, which would serve it
  // from its cache), so the dialog stays in its running state.
  test.use({ serviceWorkers: 'block' });

  test('取消 stops it: the dialog closes and no file comes', async ({ page, shell }) => {
    await shell.openSignedIn('/order/order/list?orderType=ALL');
    await shell.synced();
    let held = 0;
    await page.route(/\/assets\/exportWorker-[^/]+\.js$/, async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => undefined);
    });
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await page.getByTestId('list-export').click();
    await page.getByRole('menuitem', { name: EXPORT_TEXT.EXCEL }).click();
    const flow = new ExportFlow(page);
    await expect(flow.dialog.getByTestId('export-progress')).toHaveText(EXPORT_TEXT.PREPARING);
    await expect(flow.dialog.getByRole('progressbar', { name: '导出进度' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await flow.dialog.getByRole('button', { name: EXPORT_TEXT.CANCEL }).click();
    await expect(flow.dialog).toHaveCount(0);
    expect(held).toBe(1);
    // Long after the script would have arrived, nothing opened or saved.
    await page.waitForTimeout(4_000);
    await expect(flow.dialog).toHaveCount(0);
    expect(downloads).toBe(0);
  });
});
