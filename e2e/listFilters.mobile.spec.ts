// The lists' date shortcuts and pager on a phone (375 px): the pager fits the screen beside the
// cards and its jump shows the page's first card; the date picker with its shortcuts fits the
// screen and fills the filter; axe finds nothing on the controls.

import type { Page } from '@playwright/test';
import { dateShortcutDays } from '../src/domain/enums/dateRanges';
import { listCountText } from '../src/domain/list/paging';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

const CONTROLS = '[data-testid="quick-search"], [data-testid="list-toolbar"], [role="dialog"]';
const pager = (page: Page) => page.getByRole('navigation', { name: '分页' });

async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function within375(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= 375;
}

test('at 375 px the pager fits and a jump shows the first card of the page', async ({
  page,
  request,
}) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL&pageSize=20');
  const server = await (await BuyerApi.of(page, request)).sheets({ sheetType: 'ALL' });
  expect(server.total).toBeGreaterThan(40);
  await expect(pager(page)).toBeVisible();
  expect(await within375(page, 'nav[aria-label="分页"]')).toBe(true);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const jump = pager(page).getByRole('textbox', { name: '跳至页码' });
  await jump.tap();
  await jump.fill('3');
  await jump.press('Enter');
  await expect(page).toHaveURL(/pageNum=3/);
  await expect(list.count).toHaveText(listCountText(server.total, Math.min(server.total, 60)));
  const first = list.cards.filter({ hasText: server.items[40]?.name ?? '-' });
  await expect(first).toBeInViewport();
  await expect(pager(page).getByRole('button', { name: '第 3 页' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectAccessible(page, CONTROLS);
});

test('at 375 px the date picker and its shortcuts fit the screen', async ({ page }) => {
  const list = new ListPage(page);
  await list.open('/inquiry-quotation/list?sheetType=ALL');
  await page.getByRole('button', { name: '筛选' }).tap();
  const field = list.form.getByRole('button', { name: /^创建时间 / });
  await field.tap();
  const shortcut = page.getByRole('button', { name: '最近30天' });
  await expect(shortcut).toBeVisible();
  expect(await within375(page, '[role="dialog"]')).toBe(true);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page, CONTROLS);
  await shortcut.tap();
  const days = dateShortcutDays('last30', Date.now(), 'Asia/Shanghai');
  await expect(field).toHaveText(`${days?.[0]} ~ ${days?.[1]}`);
});
