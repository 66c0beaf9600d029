// The 工作台 (issue 22 item 1) on a wide screen: its figures equal the lists they open, a month
// of the spend chart (drawn or as a table) opens exactly that month's orders, and with the
// network off the page opens from the device with the same figures.
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { NavMenu } from './fixtures/NavMenu';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** The number a tile shows. */
async function countOf(tile: Locator): Promise<number> {
  const label = (await tile.getAttribute('aria-label')) ?? '';
  const match = /^\S+ (\d+)/.exec(label);
  if (!match) throw new Error(`no count in the tile "${label}"`);
  return Number(match[1]);
}

const tile = (page: Page, section: string, label: string) =>
  page
    .getByRole('region', { name: section, exact: true })
    .getByRole('link', { name: new RegExp(`^${label} \\d+`) });

/** The order list's creation-time filter of the address, as [from, to] instants. */
function createdFilter(page: Page): [string, string] {
  const filters = JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}') as {
    create_time?: [string, string];
  };
  if (!filters.create_time) throw new Error('no creation filter in the address');
  return filters.create_time;
}

test('the 工作台 opens from the menu; each figure equals the list it opens', async ({
  page,
  shell,
}) => {
  const list = new ListPage(page);
  await shell.openSignedIn('/home');
  await shell.synced();
  await new NavMenu(page, shell).go('工作台');
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const [section, label] of [
    ['订单', '全部订单'],
    ['订单', '待收货'],
    ['询价采购', '全部'],
    ['询价采购', '已报价'],
  ] as const) {
    const figure = tile(page, section, label);
    const count = await countOf(figure);
    await figure.click();
    await expect(list.count).toContainText(`共 ${count} 条`);
    await page.goBack();
    await expect(page.getByTestId('dashboard')).toBeVisible();
  }
  // Mine is a share of the company's tab.
  const mine = page.getByRole('region', { name: '待我处理' }).getByRole('link').first();
  await expect(mine).toHaveAccessibleName(/^待付款 \d+，公司共 \d+ 单$/);
});

test('a month of the spend opens that month’s orders, from the chart and from the table', async ({
  page,
  shell,
  request,
}) => {
  const list = new ListPage(page);
  await shell.openSignedIn('/dashboard');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const spend = page.getByRole('region', { name: '采购金额（近 12 个月）', exact: true });
  const chart = spend.getByTestId('spend-chart');
  await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  await expectAccessible(page);

  // The table the chart carries for screen readers names the same months.
  const hiddenRows = spend.getByTestId('spend-table').locator('tbody tr');
  await expect(hiddenRows).toHaveCount(12);
  const amounts = await hiddenRows.locator('td:last-child').allInnerTexts();
  const busiest = amounts
    .map((text, i) => ({ i, value: Number(text.replace(/[^\d.]/g, '')) }))
    .sort((a, b) => b.value - a.value)[0];
  if (!busiest || busiest.value === 0) throw new Error('the demo company has no spend');

  // A bar, clicked: the order list of its month, every order created in it.
  await chart.locator('.recharts-bar-rectangle').nth(busiest.i).locator('path').click();
  await expect(page).toHaveURL(/\/order\/order\/list\?/);
  const [from, to] = createdFilter(page);
  await expect(list.count).toContainText('共');
  const [total] = await list.counts();
  expect(total).toBeGreaterThan(0);
  await page.goBack();

  // The same month from the table view, by keyboard.
  await page.locator('label', { hasText: /^表格$/ }).click();
  const row = spend.getByTestId('spend-table').locator('tbody tr').nth(busiest.i);
  await row.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(list.count).toContainText(`共 ${total} 条`);
  expect(createdFilter(page)).toEqual([from, to]);
  // The month is a business month in Beijing: from its first midnight to the last millisecond.
  expect(from).toMatch(/T16:00:00\.000Z$/);
  expect(Date.parse(to) + 1 - Date.parse(from)).toBeGreaterThanOrEqual(28 * 86_400_000);
  // The server's own rows agree: the month's orders, and what the yuan ones add up to.
  const inMonth = (await api.orders({ orderType: 'ALL' })).items.filter(
    (order) => order.create_time >= from && order.create_time <= to,
  );
  expect(inMonth).toHaveLength(total);
  const spent = inMonth
    .filter((order) => order.order_base_state !== 'CANCELLED' && order.state > 0)
    .filter((order) => order.supplier_node.currency === 'CNY')
    .reduce((sum, order) => sum + Math.round((order.supplier_node.taxed_amount ?? 0) * 100), 0);
  expect(spent / 100).toBe(busiest.value);
});

test('offline, the 工作台 opens from the device with the same figures', async ({
  page,
  context,
  shell,
}) => {
  await shell.openSignedIn('/dashboard');
  await shell.synced();
  await shell.installed();
  const all = await countOf(tile(page, '订单', '全部订单'));
  const todos = await countOf(tile(page, '待办', '待处理'));
  await context.setOffline(true);
  await page.reload();
  await expect(tile(page, '订单', '全部订单')).toHaveAccessibleName(
    new RegExp(`^全部订单 ${all}$`),
  );
  await expect(tile(page, '待办', '待处理')).toHaveAccessibleName(new RegExp(`^待处理 ${todos}$`));
  // The chart's code comes from the app's own cache as well.
  await expect(page.getByTestId('spend-chart').first().locator('svg').first()).toBeVisible();
});
