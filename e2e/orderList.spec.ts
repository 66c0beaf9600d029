// The order list read from the device (purchasing-core §2.5, §4.3): each tab shows the orders the
// server's list holds for it, in the same order, with the columns and cancelled rows greyed; the
// state filter offers the tab's codes; sorting and filters live in the address; a row opens the
// order detail.

import type { APIRequestContext, Page } from '@playwright/test';
import { PAYMENT_STATES, SUPPLIER_INVOICE_STATES } from '../src/domain/finance/labels';
import { formatMoney } from '../src/domain/format/money';
import { ORDER_LIST_COLUMNS } from '../src/domain/list/listSort';
import { ORDER_COLUMN_LABELS } from '../src/domain/list/listText';
import { listCountText } from '../src/domain/list/paging';
import { orderStateLabel } from '../src/domain/orders/orderStates';
import {
  isCancelledOrder,
  ORDER_TAB_INFO,
  ORDER_TABS,
  type OrderTab,
} from '../src/domain/orders/orderTabs';
import { ORDER_LIST_ACTION_HEADER } from '../src/domain/orders/rules';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const countText = (total: number, pageSize = 50) => listCountText(total, Math.min(total, pageSize));

interface ServerOrder {
  id: number;
  name: string;
  state: number;
  order_base_state: string | null;
  supplier_node: {
    inbound_state: string | null;
    invoice_state: string | null;
    taxed_amount: number | null;
    currency: string | null;
  };
}

const column = (name: (typeof ORDER_LIST_COLUMNS)[number]) => ORDER_LIST_COLUMNS.indexOf(name) + 1;

/** Opens a tab of the list, and the server's orders of that tab; the count line shows its total. */
async function openTab(page: Page, request: APIRequestContext, orderType: OrderTab) {
  const list = new ListPage(page);
  await list.open(`/order/order/list?orderType=${orderType}`);
  const api = await BuyerApi.of(page, request);
  const server = await api.get<{ items: ServerOrder[]; total: number }>('/orders-api/v7/orders', {
    orderType,
    pageSize: '500',
  });
  await expect(list.count).toHaveText(countText(server.total));
  return { list, api, server };
}

for (const orderType of ORDER_TABS) {
  test(`${orderType}: the server's orders of the tab, newest first, with the columns`, async ({
    page,
    request,
  }) => {
    const { list, server } = await openTab(page, request, orderType);
    await expect(list.breadcrumb).toHaveText(ORDER_TAB_INFO[orderType].breadcrumb);
    if (server.total === 0) return;
    expect(await list.headers()).toEqual([
      ...ORDER_LIST_COLUMNS.map((c) => ORDER_COLUMN_LABELS[c]),
      ORDER_LIST_ACTION_HEADER,
    ]);
    const shown = await list.column(column('orderNumber'));
    expect(shown).toEqual(server.items.slice(0, shown.length).map((order) => order.name));
    for (const [i, order] of server.items.slice(0, Math.min(shown.length, 8)).entries()) {
      const row = list.rows.nth(i);
      await expect(row.getByTestId('order-state')).toHaveText(orderStateLabel(order.state));
      await expect(row.locator(`td:nth-child(${column('paymentState')})`)).toHaveText(
        PAYMENT_STATES.label(order.supplier_node.inbound_state),
      );
      await expect(row.locator(`td:nth-child(${column('invoiceState')})`)).toHaveText(
        SUPPLIER_INVOICE_STATES.label(order.supplier_node.invoice_state),
      );
      await expect(row.locator(`td:nth-child(${column('amount')})`)).toHaveText(
        formatMoney(order.supplier_node.taxed_amount, order.supplier_node.currency),
      );
      if (isCancelledOrder(order)) await expect(row).toHaveAttribute('data-dimmed', 'true');
      else await expect(row).not.toHaveAttribute('data-dimmed');
    }
  });
}

test('cancelled orders are styled apart', async ({ page, request }) => {
  const { list, server } = await openTab(page, request, 'CANCELLED');
  expect(server.total).toBeGreaterThan(0);
  await expect(list.rows.first()).toHaveAttribute('data-dimmed', 'true');
});

test("each tab's state filter offers its codes (§4.3)", async ({ page }) => {
  const list = new ListPage(page);
  for (const orderType of ORDER_TABS) {
    await list.open(`/order/order/list?orderType=${orderType}`);
    const codes = ORDER_TAB_INFO[orderType].stateFilter;
    const state = list.form.getByLabel('订单状态');
    await expect(list.form.getByLabel('品牌')).toBeVisible();
    if (codes.length === 0) {
      await expect(state).toHaveCount(0);
      continue;
    }
    await state.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveText(codes.map((code) => orderStateLabel(code)));
    await page.keyboard.press('Escape');
  }
});

test('a state filter and a sort live in the address and survive a reload', async ({
  page,
  request,
}) => {
  const list = new ListPage(page);
  await list.open('/order/order/list?orderType=CONTRACT_ENFORCED');
  const api = await BuyerApi.of(page, request);
  const filtered = await api.get<{ items: ServerOrder[]; total: number }>('/orders-api/v7/orders', {
    orderType: 'CONTRACT_ENFORCED',
    filters: JSON.stringify({ state: [20] }),
    'orderItems[0].orderBy': 'supplier_taxed_amount',
    'orderItems[0].order': 'asc',
    pageSize: '500',
  });
  await list.form.getByLabel('订单状态').click();
  await page.getByRole('option', { name: orderStateLabel(20) }).click();
  await page.keyboard.press('Escape');
  await list.form.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/filters=/);
  await list.header('订单金额').click();
  await expect(page).toHaveURL(/filterKey=supplier_taxed_amount/);
  await expect(list.count).toHaveText(countText(filtered.total));
  const expected = filtered.items.map((order) => order.name);
  await expect.poll(() => list.column(column('orderNumber'))).toEqual(expected.slice(0, 50));
  await page.reload();
  await expect(list.count).toHaveText(countText(filtered.total));
  expect(await list.column(column('orderNumber'))).toEqual(expected.slice(0, 50));
});

test('a row opens the order detail with its place in the list', async ({ page, request }) => {
  const { list, server } = await openTab(page, request, 'ALL');
  await list.rows.nth(2).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/order/order/detail\\?id=${server.items[2]?.id}&orderType=ALL&module=ORDER&index=2&filter=`,
    ),
  );
});
