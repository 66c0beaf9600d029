// The purchase list read from the device (purchasing-core §2.2): each list type shows the rows
// the server's own list holds for it, in the same order, with the tab's columns; sorting and a
// quick-search filter live in the address and survive a reload; infinite scroll; row clicks.

import type { APIRequestContext, Page } from '@playwright/test';
import { PAYMENT_STATES, SUPPLIER_INVOICE_STATES } from '../src/domain/finance/labels';
import { formatDateTime } from '../src/domain/format/date';
import { PURCHASE_COLUMN_LABELS } from '../src/domain/list/listText';
import { listCountText } from '../src/domain/list/paging';
import {
  SHEET_LIST_TYPE_INFO,
  SHEET_LIST_TYPES,
  type SheetListType,
} from '../src/domain/purchase/listTypes';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const countText = (total: number, pageSize = 50) => listCountText(total, Math.min(total, pageSize));

/** Opens a tab of the list, and the server's list of that tab; the count line shows its total. */
async function openTab(page: Page, request: APIRequestContext, sheetType: SheetListType) {
  const list = new ListPage(page);
  await list.open(`/inquiry-quotation/list?sheetType=${sheetType}`);
  const api = await BuyerApi.of(page, request);
  const server = await api.sheets({ sheetType });
  await expect(list.count).toHaveText(countText(server.total));
  return { list, api, server };
}

for (const sheetType of SHEET_LIST_TYPES) {
  test(`${sheetType}: the server's rows of the tab, newest first, with the tab's columns`, async ({
    page,
    request,
  }) => {
    const { list, server } = await openTab(page, request, sheetType);
    expect(server.total).toBeGreaterThan(0);
    await expect(list.breadcrumb).toHaveText(SHEET_LIST_TYPE_INFO[sheetType].breadcrumb);
    expect(await list.headers()).toEqual(
      SHEET_LIST_TYPE_INFO[sheetType].columns.map((column) => PURCHASE_COLUMN_LABELS[column]),
    );
    const numbers = await list.column(2);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).toEqual(server.items.slice(0, numbers.length).map((sheet) => sheet.name));
    expect(await list.column(1)).toEqual(numbers.map((_, i) => String(i + 1)));
  });
}

test("SIGNED shows the order's payment state, invoice state and signing time", async ({
  page,
  request,
}) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=SIGNED');
  const api = await BuyerApi.of(page, request);
  const signed = await api.get<{ items: Array<{ order: { id: number } | null }>; total: number }>(
    '/inquiry-api/v7/inquiry_quotation',
    { sheetType: 'SIGNED', pageSize: '5' },
  );
  await expect(list.count).toHaveText(countText(signed.total));
  const columns = SHEET_LIST_TYPE_INFO.SIGNED.columns;
  const at = (column: (typeof columns)[number]) => columns.indexOf(column) + 1;
  for (const [i, sheet] of signed.items.entries()) {
    if (!sheet.order) continue;
    const order = await api.get<{
      supplier_node: { inbound_state: string | null; invoice_state: string | null };
      sign_time: string | null;
    }>(`/orders-api/v7/orders/${sheet.order.id}`, {});
    const row = list.rows.nth(i);
    await expect(row.locator(`td:nth-child(${at('paymentState')})`)).toHaveText(
      PAYMENT_STATES.label(order.supplier_node.inbound_state),
    );
    await expect(row.locator(`td:nth-child(${at('invoiceState')})`)).toHaveText(
      SUPPLIER_INVOICE_STATES.label(order.supplier_node.invoice_state),
    );
    await expect(row.locator(`td:nth-child(${at('signTime')})`)).toHaveText(
      formatDateTime(order.sign_time, 'Asia/Shanghai'),
    );
  }
});

test('a header sort lives in the address and survives a reload', async ({ page, request }) => {
  const { list, api } = await openTab(page, request, 'ALL');
  const server = await api.sheets({
    sheetType: 'ALL',
    'orderItems[0].orderBy': 'brand',
    'orderItems[0].order': 'asc',
  });
  await list.header('品牌').click();
  await expect(page).toHaveURL(/filterKey=brand/);
  await expect(page).toHaveURL(/filterSort=ASC/);
  const expected = server.items.map((sheet) => sheet.name);
  const inOrder = async () => {
    const shown = await list.column(2);
    return shown.length > 0 && shown.every((name, i) => name === expected[i]);
  };
  await expect.poll(inOrder).toBe(true);
  await page.reload();
  await expect(list.count).toHaveText(countText(server.total));
  await expect(list.table.locator('thead th[aria-sort="ascending"]')).toHaveText('品牌');
  expect(await inOrder()).toBe(true);
  // Descending, then back to the default order.
  await list.header('品牌').click();
  await expect(page).toHaveURL(/filterSort=DESC/);
  await list.header('品牌').click();
  await expect(page).not.toHaveURL(/filterKey/);
});

test('a quick-search filter lives in the address and survives a reload', async ({
  page,
  request,
}) => {
  const { list, api, server: all } = await openTab(page, request, 'ALL');
  const filtered = await api.sheets({
    sheetType: 'ALL',
    filters: JSON.stringify({ brand_name: '西门子' }),
  });
  expect(filtered.total).toBeGreaterThan(0);
  expect(filtered.total).toBeLessThan(all.total);
  await list.form.getByLabel('品牌').fill('西门子');
  await list.form.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/filters=/);
  await expect(list.count).toHaveText(countText(filtered.total));
  expect(await list.column(2)).toEqual(filtered.items.map((sheet) => sheet.name));
  await page.reload();
  await expect(list.count).toHaveText(countText(filtered.total));
  await expect(list.form.getByLabel('品牌')).toHaveValue('西门子');
  // Reset keeps only the list type.
  await list.form.getByRole('button', { name: '重置' }).click();
  await expect(page).toHaveURL(/\/inquiry-quotation\/list\?sheetType=ALL$/);
  await expect(list.count).toHaveText(countText(all.total));
});

test('the owner filter offers the staff and narrows the list', async ({ page, request }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=INQUIRY');
  const api = await BuyerApi.of(page, request);
  const form = await api.get<{
    searchList: Array<{ key: string; options?: Array<{ value: number; label: string }> }>;
  }>('/inquiry-api/v7/inquiry_quotation/search_form', { sheetType: 'INQUIRY' });
  const owner = form.searchList.find((field) => field.key === 'owner')?.options?.[0];
  if (!owner) throw new Error('no owner option');
  const filtered = await api.sheets({
    sheetType: 'INQUIRY',
    filters: JSON.stringify({ owner: owner.value }),
  });
  await list.form.getByLabel('负责人').selectOption({ label: owner.label });
  await list.form.getByRole('button', { name: '查询' }).click();
  await expect(list.count).toHaveText(countText(filtered.total));
  // The SIGNED-only filters are not on this tab.
  await expect(list.form.getByText('开票状态')).toHaveCount(0);
});

test('SIGNED offers the invoice and payment filters', async ({ page }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=SIGNED');
  await expect(list.form.getByLabel('开票状态')).toBeVisible();
  await expect(list.form.getByLabel('付款状态')).toBeVisible();
});

test('infinite scroll loads the next page and keeps it in the address', async ({
  page,
  request,
}) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL&pageSize=20');
  const server = await (await BuyerApi.of(page, request)).sheets({ sheetType: 'ALL' });
  expect(server.total).toBeGreaterThan(20);
  await expect(list.count).toHaveText(countText(server.total, 20));
  await list.scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(list.count).toHaveText(countText(server.total, 40));
  await expect(page).toHaveURL(/pageNum=2/);
  await page.reload();
  await expect(list.count).toHaveText(countText(server.total, 40));
});

test('a row opens the sheet, an ordered row the order; the button opens the create form', async ({
  page,
  request,
}) => {
  const { list, server: inquiries } = await openTab(page, request, 'INQUIRY');
  await list.rows.nth(1).click();
  await expect(page).toHaveURL(
    new RegExp(`/inquiry-quotation/detail\\?id=${inquiries.items[1]?.id}&index=1&filter=`),
  );

  await openTab(page, request, 'SIGNED');
  await list.rows.first().click();
  await expect(page).toHaveURL(
    /\/inquiry-quotation\/order-detail\?id=\d+&type=SIGNED&module=ORDER/,
  );

  await list.open('/inquiry-quotation/list?sheetType=ALL');
  await page.getByRole('link', { name: '创建采购单' }).click();
  await expect(page).toHaveURL(/\/inquiry-quotation\/detail$/);
});
