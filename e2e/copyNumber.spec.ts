// Copying purchase and order numbers (purchasing-core §8 "Copy"): the 复制 button beside the
// number on the sheet and order details and in the list rows puts the number on the clipboard and
// says 复制成功!; a clipboard that refuses says 复制失败，可能浏览器不支持!; a row's (or a phone
// card's) button copies without opening the row.
import type { Page } from '@playwright/test';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { expectTouchable } from './fixtures/phone';
import { SheetPage } from './fixtures/SheetPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', permissions: ['clipboard-read', 'clipboard-write'] });

const SUCCEEDED = '复制成功!';
const FAILED = '复制失败，可能浏览器不支持!';

function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

test('the order and sheet details copy their numbers', async ({ shell, page, request }) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const sheet = (await api.sheets({ sheetType: 'CARGO_RECEIVING' })).items.find((s) => s.order);
  if (!sheet?.order) throw new Error('the demo data has a sheet that became an order');

  const order = new OrderDetailPage(page);
  await page.goto(`/order/order/detail?orderType=ALL&id=${sheet.order.id}&module=ORDER`);
  await expect(order.number).toContainText(sheet.order.name, { timeout: 20_000 });
  await expectAccessible(page, '[data-testid="copy-number"]');
  await page.getByRole('button', { name: '复制', exact: true }).click();
  await expect(page.getByText(SUCCEEDED)).toBeVisible();
  expect(await clipboardText(page)).toBe(sheet.order.name);

  const detail = new SheetPage(page);
  await page.goto(`/inquiry-quotation/detail?id=${sheet.id}`);
  await expect(detail.number).toHaveText(sheet.name, { timeout: 20_000 });
  // By keyboard: the button is reachable and Enter copies.
  await page.getByRole('button', { name: '复制', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => clipboardText(page)).toBe(sheet.name);
});

test('a refused clipboard says 复制失败', async ({ shell, page, request }) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const [order] = (await api.orders()).items;
  if (!order) throw new Error('the demo data has orders');
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(new OrderDetailPage(page).number).toContainText(order.name, { timeout: 20_000 });
  await page.evaluate(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: '复制', exact: true }).click();
  await expect(page.getByText(FAILED)).toBeVisible();
  await expect(page.getByText(SUCCEEDED)).toHaveCount(0);
});

test('a list row copies its number without opening the row', async ({ page, request }) => {
  const list = new ListPage(page);
  await list.open('/order/order/list?orderType=ALL');
  const [first] = (await (await BuyerApi.of(page, request)).orders({ orderType: 'ALL' })).items;
  if (!first) throw new Error('the demo data has orders');
  const button = page.getByRole('button', { name: `复制 ${first.name}` });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, '[data-testid="copy-number"]');
  await button.click();
  await expect(page.getByText(SUCCEEDED)).toBeVisible();
  expect(await clipboardText(page)).toBe(first.name);
  await expect(page).toHaveURL(/\/order\/order\/list\?orderType=ALL/);

  await list.open('/inquiry-quotation/list?sheetType=ALL');
  const [sheet] = (await (await BuyerApi.of(page, request)).sheets({ sheetType: 'ALL' })).items;
  if (!sheet) throw new Error('the demo data has sheets');
  await page.getByRole('button', { name: `复制 ${sheet.name}` }).click();
  await expect.poll(() => clipboardText(page)).toBe(sheet.name);
  await expect(page).toHaveURL(/\/inquiry-quotation\/list\?sheetType=ALL/);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a card copies its number by touch without opening the order', async ({ page, request }) => {
    const list = new ListPage(page);
    await list.open('/order/order/list?orderType=ALL');
    const [first] = (await (await BuyerApi.of(page, request)).orders({ orderType: 'ALL' })).items;
    if (!first) throw new Error('the demo data has orders');
    await expect(list.table).toHaveCount(0);
    const button = list.cards.first().getByRole('button', { name: `复制 ${first.name}` });
    await expect(button).toBeVisible({ timeout: 20_000 });
    await expectTouchable(page, [button]);
    await button.click();
    await expect(page.getByText(SUCCEEDED)).toBeVisible();
    expect(await clipboardText(page)).toBe(first.name);
    await expect(page).toHaveURL(/\/order\/order\/list\?orderType=ALL/);
  });
});
