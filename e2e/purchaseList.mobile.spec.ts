// The purchase list on a phone: at 375 px the rows are cards with the key fields,
// nothing scrolls sideways, the list type is a choice, the filters fold away, and touch opens a row.
import { listCountText } from '../src/domain/list/paging';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

async function overflow(list: ListPage): Promise<number> {
  return list.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test('at 375 px the list is cards that fit the screen', async ({ page, request }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=SIGNED');
  const server = await (await BuyerApi.of(page, request)).sheets({ sheetType: 'SIGNED' });
  await expect(list.count).toHaveText(listCountText(server.total, Math.min(server.total, 50)));
  await expect(list.table).toHaveCount(0);
  const card = list.cards.first();
  await expect(card).toContainText(server.items[0]?.name ?? '');
  for (const label of ['品牌', '负责人', '付款状态', '开票状态', '签收时间', '创建时间']) {
    await expect(card).toContainText(label);
  }
  const box = await card.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
  expect(await overflow(list)).toBeLessThanOrEqual(0);
});

test('on a phone the list type is a choice and the filters fold away', async ({ page }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL');
  await expect(list.form).toBeHidden();
  await page.getByRole('button', { name: '筛选' }).tap();
  await expect(list.form).toBeVisible();
  expect(await overflow(list)).toBeLessThanOrEqual(0);
  await page.getByRole('combobox', { name: '列表' }).selectOption({ label: '已报价' });
  await expect(page).toHaveURL(/sheetType=REPLIED/);
  await expect(list.breadcrumb).toHaveText('已报价');
});

test('on a phone the sort is a choice kept in the address', async ({ page }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL');
  await page.getByRole('combobox', { name: '排序' }).selectOption({ label: '品牌' });
  await expect(page).toHaveURL(/filterKey=brand&filterSort=DESC|filterSort=DESC.*filterKey=brand/);
  // The list re-renders right after the sort key changes; a tap landing in that instant can be
  // lost on a loaded machine (seen once in CI), so it is tried again until the address says ASC.
  await expect(async () => {
    await page.getByText('升序').tap();
    await expect(page).toHaveURL(/filterSort=ASC/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveURL(/filterKey=brand/);
});

test('tapping a card opens the sheet', async ({ page, request }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=INQUIRY');
  const server = await (await BuyerApi.of(page, request)).sheets({ sheetType: 'INQUIRY' });
  await expect(list.cards.first()).toContainText(server.items[0]?.name ?? '');
  await list.cards.first().tap();
  await expect(page).toHaveURL(
    new RegExp(`/inquiry-quotation/detail\\?id=${server.items[0]?.id}&`),
  );
});
