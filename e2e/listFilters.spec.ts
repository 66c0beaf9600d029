// The lists' date shortcuts and pager (purchasing-core §9, settings-messaging-shared §9): 最近7天
// in the creation-time filter keeps the rows the server keeps for the same days in the user's
// timezone; the pager jumps to a page and shows its rows, by mouse and by keyboard, and the page
// lives in the address; the order list has the same controls; axe finds nothing on either.

import type { Locator, Page } from '@playwright/test';
import { dateShortcutDays } from '../src/domain/enums/dateRanges';
import { listCountText, pageCount } from '../src/domain/list/paging';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** The row whose 序号 (first column) is `n`. */
const rowNumbered = (list: ListPage, n: number): Locator =>
  list.rows.filter({ has: list.page.locator('td:first-child', { hasText: new RegExp(`^${n}$`) }) });

/** What this spec adds to the list: the filters, the line with the pager, the date dropdown. */
const CONTROLS = '[data-testid="quick-search"], [data-testid="list-toolbar"], [role="dialog"]';

const pager = (page: Page) => page.getByRole('navigation', { name: '分页' });
/** The creation-time filter: its name is the label and what it shows. */
const dateField = (list: ListPage) => list.form.getByRole('button', { name: /^创建时间 / });

test('最近7天 keeps the rows the server keeps for those days', async ({ page, request }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL');
  const api = await BuyerApi.of(page, request);
  // The demo's sheets are older than a week: two made now.
  const made = [
    await api.createDraft('E2E最近七天', ['WEEK-1']),
    await api.createDraft('E2E最近七天', ['WEEK-2']),
  ];
  const all = await api.sheets({ sheetType: 'ALL' });
  await expect(list.count).toHaveText(listCountText(all.total, Math.min(all.total, 50)));
  await dateField(list).click();
  await page.getByRole('button', { name: '最近7天' }).click();
  // Whole days in the user's timezone (the buyer's is Asia/Shanghai).
  const days = dateShortcutDays('last7', Date.now(), 'Asia/Shanghai');
  if (!days) throw new Error('no range');
  await expect(dateField(list)).toHaveText(`${days[0]} ~ ${days[1]}`);
  await list.form.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/filters=/);
  const week = await api.sheets({
    sheetType: 'ALL',
    filters: JSON.stringify({ create_time: [days[0], days[1]] }),
  });
  expect(week.items.map((sheet) => sheet.id)).toEqual(
    expect.arrayContaining(made.map((m) => m.id)),
  );
  expect(week.total).toBeLessThan(all.total);
  await expect(list.count).toHaveText(listCountText(week.total, Math.min(week.total, 50)));
  const shown = await list.column(2);
  expect(shown).toEqual(week.items.slice(0, shown.length).map((sheet) => sheet.name));
  // The range survives a reload, and 全部 takes the filter away.
  await page.reload();
  await expect(dateField(list)).toHaveText(`${days[0]} ~ ${days[1]}`);
  await dateField(list).click();
  await page.getByRole('button', { name: '全部' }).click();
  await page.keyboard.press('Escape');
  await list.form.getByRole('button', { name: '查询' }).click();
  await expect(page).not.toHaveURL(/filters=/);
  await expect(list.count).toHaveText(listCountText(all.total, Math.min(all.total, 50)));
});

test('the pager jumps to page 3 and shows its rows; the page lives in the address', async ({
  page,
  request,
}) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL&pageSize=20');
  const api = await BuyerApi.of(page, request);
  const server = await api.sheets({ sheetType: 'ALL' });
  // 45 demo sheets at least: page 3 of 20 a page exists.
  expect(server.total).toBeGreaterThan(40);
  await expect(pager(page).getByRole('button', { name: '第 1 页' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pager(page).getByRole('textbox', { name: '跳至页码' }).fill('3');
  await pager(page).getByRole('textbox', { name: '跳至页码' }).press('Enter');
  await expect(page).toHaveURL(/pageNum=3/);
  await expect(list.count).toHaveText(listCountText(server.total, Math.min(server.total, 60)));
  // Page 3 of 20 a page starts at the 41st row, the server's 41st.
  await expect(rowNumbered(list, 41)).toBeInViewport();
  await expect(rowNumbered(list, 41).locator('td:nth-child(2)')).toHaveText(
    server.items[40]?.name ?? '',
  );
  await expect(pager(page).getByRole('button', { name: '第 3 页' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Previous: page 2's first row; a page button: its page.
  await pager(page).getByRole('button', { name: '上一页' }).click();
  await expect(rowNumbered(list, 21)).toBeInViewport();
  await expect(pager(page).getByRole('button', { name: '第 2 页' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pager(page).getByRole('button', { name: '第 3 页' }).click();
  await expect(rowNumbered(list, 41)).toBeInViewport();
  // Opened at pageNum=3, the list shows page 3.
  await page.reload();
  await expect(list.count).toHaveText(listCountText(server.total, Math.min(server.total, 60)));
  await expect(rowNumbered(list, 41)).toBeInViewport();
  await expect(pager(page).getByRole('button', { name: '第 3 页' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('by keyboard: a jump beyond the last page lands on it, the buttons answer Enter', async ({
  page,
  request,
}) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL&pageSize=20');
  const server = await (await BuyerApi.of(page, request)).sheets({ sheetType: 'ALL' });
  const last = pageCount(server.total, 20);
  expect(last).toBeGreaterThan(2);
  const jump = pager(page).getByRole('textbox', { name: '跳至页码' });
  await jump.focus();
  await page.keyboard.type('999');
  await page.keyboard.press('Enter');
  await expect(jump).toHaveValue(String(last));
  await expect(page).toHaveURL(new RegExp(`pageNum=${last}`));
  await expect(rowNumbered(list, (last - 1) * 20 + 1)).toBeInViewport();
  await expect(pager(page).getByRole('button', { name: `第 ${last} 页` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The page buttons answer Enter, and Tab moves from one to the next.
  await pager(page).getByRole('button', { name: '第 1 页' }).focus();
  await page.keyboard.press('Enter');
  await expect(rowNumbered(list, 1)).toBeInViewport();
  await expect(pager(page).getByRole('button', { name: '第 1 页' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.keyboard.press('Tab');
  await expect(pager(page).getByRole('button', { name: '第 2 页' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rowNumbered(list, 21)).toBeInViewport();
  // The date picker opens from the keyboard and a shortcut is chosen with Enter.
  await dateField(list).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '最近30天' }).focus();
  await page.keyboard.press('Enter');
  const days = dateShortcutDays('last30', Date.now(), 'Asia/Shanghai');
  await expect(dateField(list)).toHaveText(`${days?.[0]} ~ ${days?.[1]}`);
});

test('the order list has the pager and the date shortcuts too', async ({ page, request }) => {
  const list = new ListPage(page);
  await list.open('/order/order/list?orderType=ALL&pageSize=20');
  const server = await (await BuyerApi.of(page, request)).orders({ orderType: 'ALL' });
  expect(server.total).toBeGreaterThan(20);
  await pager(page).getByRole('button', { name: '第 2 页' }).click();
  await expect(page).toHaveURL(/pageNum=2/);
  await expect(list.count).toHaveText(listCountText(server.total, Math.min(server.total, 40)));
  await dateField(list).click();
  await expect(page.getByRole('button', { name: '最近180天' })).toBeVisible();
});

test('axe: the list with its pager and the open date picker', async ({ page }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL&pageSize=20');
  await expect(pager(page)).toBeVisible();
  await expectAccessible(page, CONTROLS);
  await dateField(list).click();
  await expect(page.getByRole('button', { name: '最近7天' })).toBeVisible();
  await expectAccessible(page, CONTROLS);
});
