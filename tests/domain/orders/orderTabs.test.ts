import { describe, expect, it } from 'vitest';
import { ORDER_STATE_CODES } from '../../../src/domain/orders/orderStates';
import {
  isCancelledOrder,
  isOrderSortKey,
  isOrderTab,
  ORDER_SORT_KEYS,
  ORDER_TAB_INFO,
  ORDER_TABS,
  type OrderListItem,
  type OrderTab,
  orderInTab,
  orderRowTarget,
} from '../../../src/domain/orders/orderTabs';

// purchasing-core §2.5 breadcrumbs and §4.3 "State filters per order-list tab".
const tabs = [
  ['CONTRACT_SIGNED', '待付款', []],
  ['CONTRACT_ENFORCED', '待确认', [20, 30]],
  ['CARGO_RECEIVING', '待收货', [40, 50]],
  ['INVOICE_RECEIVING', '待收票', [50, 55, 60, 70, 73, 75, 80, 90]],
  ['CUSTOMER_SIGNED', '已签收', []],
  ['CANCELLED', '已取消订单', []],
  ['ALL', '全部订单', [10, 20, 30, 40, 50, 55, 60, 70, 73, 75, 80, 90, -10, -20]],
] as const;

describe('order tabs', () => {
  it.each(tabs)('%s reads %s and filters by %j', (tab, breadcrumb, stateFilter) => {
    expect(ORDER_TAB_INFO[tab].breadcrumb).toBe(breadcrumb);
    expect(ORDER_TAB_INFO[tab].stateFilter).toEqual(stateFilter);
  });

  it('covers every tab exactly once', () => {
    expect(tabs.map(([tab]) => tab).sort()).toEqual([...ORDER_TABS].sort());
  });

  it.each([
    ['ALL', true],
    ['CUSTOMER_SIGNED', true],
    ['all', false],
    [null, false],
  ])('isOrderTab(%j) is %s', (value, expected) => {
    expect(isOrderTab(value)).toBe(expected);
  });
});

describe('tab membership (our reading)', () => {
  // [state, tabs holding the order when the supplier has not fully invoiced, when it has]
  const rows: [number, OrderTab[], OrderTab[]][] = [
    [10, ['CONTRACT_SIGNED', 'ALL'], ['CONTRACT_SIGNED', 'ALL']],
    [20, ['CONTRACT_ENFORCED', 'ALL'], ['CONTRACT_ENFORCED', 'ALL']],
    [30, ['CONTRACT_ENFORCED', 'ALL'], ['CONTRACT_ENFORCED', 'ALL']],
    [40, ['CARGO_RECEIVING', 'ALL'], ['CARGO_RECEIVING', 'ALL']],
    [50, ['CARGO_RECEIVING', 'INVOICE_RECEIVING', 'ALL'], ['CARGO_RECEIVING', 'ALL']],
    [55, ['CARGO_RECEIVING', 'INVOICE_RECEIVING', 'ALL'], ['CARGO_RECEIVING', 'ALL']],
    [60, ['CARGO_RECEIVING', 'INVOICE_RECEIVING', 'ALL'], ['CARGO_RECEIVING', 'ALL']],
    [70, ['CARGO_RECEIVING', 'INVOICE_RECEIVING', 'ALL'], ['CARGO_RECEIVING', 'ALL']],
    [73, ['CARGO_RECEIVING', 'INVOICE_RECEIVING', 'ALL'], ['CARGO_RECEIVING', 'ALL']],
    [75, ['CARGO_RECEIVING', 'INVOICE_RECEIVING', 'ALL'], ['CARGO_RECEIVING', 'ALL']],
    [80, ['CARGO_RECEIVING', 'INVOICE_RECEIVING', 'ALL'], ['CARGO_RECEIVING', 'ALL']],
    [90, ['INVOICE_RECEIVING', 'CUSTOMER_SIGNED', 'ALL'], ['CUSTOMER_SIGNED', 'ALL']],
    [-10, ['CANCELLED', 'ALL'], ['CANCELLED', 'ALL']],
    [-20, ['CANCELLED', 'ALL'], ['CANCELLED', 'ALL']],
  ];
  const tabsOf = (order: OrderListItem) => ORDER_TABS.filter((tab) => orderInTab(tab, order));

  it.each(rows)('state %s is in %j (or %j once fully invoiced)', (state, notInvoiced, invoiced) => {
    expect(tabsOf({ state, supplier_node: { invoice_state: 'NO_INVOICE' } })).toEqual(notInvoiced);
    expect(tabsOf({ state, supplier_node: { invoice_state: 'PARTIAL' } })).toEqual(notInvoiced);
    expect(tabsOf({ state, supplier_node: { invoice_state: null } })).toEqual(notInvoiced);
    expect(tabsOf({ state, supplier_node: null })).toEqual(notInvoiced);
    expect(tabsOf({ state, supplier_node: { invoice_state: 'INVOICE' } })).toEqual(invoiced);
  });

  it('covers every state code exactly once', () => {
    expect(rows.map(([state]) => state)).toEqual([...ORDER_STATE_CODES]);
  });

  it('reads numeric strings from the wire', () => {
    expect(tabsOf({ state: '20' })).toEqual(['CONTRACT_ENFORCED', 'ALL']);
  });

  it('moves an order with base state CANCELLED to CANCELLED whatever its numeric state', () => {
    expect(tabsOf({ state: 40, order_base_state: 'CANCELLED' })).toEqual(['CANCELLED', 'ALL']);
  });

  it('puts an order in an unknown state only in ALL', () => {
    expect(tabsOf({ state: 99 })).toEqual(['ALL']);
    expect(tabsOf({ state: null })).toEqual(['ALL']);
  });
});

describe('isCancelledOrder', () => {
  it.each([
    [{ state: 40, order_base_state: 'CANCELLED' }, true],
    [{ state: -10 }, true],
    [{ state: -20 }, true],
    [{ state: '-20' }, true],
    [{ state: 'CANCEL_CONFIRMED' }, true],
    [{ state: 90 }, false],
    [{ state: 10, order_base_state: 'NORMAL' }, false],
    [{ state: undefined }, false],
  ])('%j → %s', (order, expected) => {
    expect(isCancelledOrder(order)).toBe(expected);
  });
});

describe('order list sorting and row click', () => {
  it('sorts by brand, name, state change time, supplier taxed amount, create and write time', () => {
    expect(ORDER_SORT_KEYS).toEqual([
      'brand',
      'name',
      'state_change_time',
      'supplier_taxed_amount',
      'create_time',
      'write_time',
    ]);
    expect(isOrderSortKey('write_time')).toBe(true);
    expect(isOrderSortKey('forecast_receive_date')).toBe(false);
  });

  it('opens the detail with id, orderType, module ORDER, index and filter', () => {
    expect(
      orderRowTarget({ id: 42, orderType: 'CARGO_RECEIVING', index: 5, filter: '{"a":1}' }),
    ).toEqual({
      path: '/order/order/detail',
      search: {
        id: 42,
        orderType: 'CARGO_RECEIVING',
        module: 'ORDER',
        index: 5,
        filter: '{"a":1}',
      },
    });
  });
});
