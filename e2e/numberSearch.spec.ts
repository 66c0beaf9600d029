// The number quick search on the device (purchasing-core §2.2, §2.5): offline, a fragment from
// the middle of a purchase number (采购单号) or of an order's purchase number (订单号 searches both)
// finds the rows the server's list found for it online, in the same order, with the same total.

import { ORDER_LIST_COLUMNS } from '../src/domain/list/listSort';
import { listCountText } from '../src/domain/list/paging';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const countText = (total: number) => listCountText(total, Math.min(total, 50));

/** The middle of a number: past its letters and its first digits, short of its end. */
const middleOf = (number: string): string => number.slice(5, 12);

test('offline, the middle of a purchase number finds its sheet, as the server does', async ({
  page,
  context,
  request,
}) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL');
  const api = await BuyerApi.of(page, request);
  const all = await api.sheets({ sheetType: 'ALL' });
  const target = all.items[7];
  if (!target) throw new Error('too few demo sheets');
  const fragment = middleOf(target.name).toLowerCase();
  const found = await api.sheets({ sheetType: 'ALL', filters: JSON.stringify({ name: fragment }) });
  expect(found.items.map((sheet) => sheet.id)).toContain(target.id);
  expect(found.total).toBeLessThan(all.total);
  // Neither the start nor the end of the number: the search before found nothing for it.
  expect(target.name.toLowerCase().startsWith(fragment)).toBe(false);
  expect(target.name.toLowerCase().endsWith(fragment)).toBe(false);
  await expect(list.count).toHaveText(countText(all.total));

  await context.setOffline(true);
  await list.form.getByLabel('采购单号').fill(fragment);
  await list.form.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/filters=/);
  await expect(list.count).toHaveText(countText(found.total));
  await expect
    .poll(() => list.column(2))
    .toEqual(found.items.slice(0, 50).map((sheet) => sheet.name));
  await context.setOffline(false);
});

test("offline, the middle of an order's purchase number finds the order, as the server does", async ({
  page,
  context,
  request,
}) => {
  const list = new ListPage(page);
  await list.open('/order/order/list?orderType=ALL');
  const api = await BuyerApi.of(page, request);
  const all = await api.orders({ orderType: 'ALL' });
  const target = all.items.find((order) => order.inquiry_no);
  if (!target?.inquiry_no) throw new Error('no demo order with its purchase number');
  const fragment = middleOf(target.inquiry_no);
  const found = await api.orders({ orderType: 'ALL', filters: JSON.stringify({ name: fragment }) });
  expect(found.items.map((order) => order.id)).toContain(target.id);
  await expect(list.count).toHaveText(countText(all.total));

  await context.setOffline(true);
  await list.form.getByLabel('订单号').fill(fragment);
  await list.form.getByRole('button', { name: '查询' }).click();
  await expect(list.count).toHaveText(countText(found.total));
  const names = found.items.slice(0, 50).map((order) => order.name);
  await expect
    .poll(() => list.column(ORDER_LIST_COLUMNS.indexOf('orderNumber') + 1))
    .toEqual(names);
  await context.setOffline(false);
});
