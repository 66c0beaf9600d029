// The order list's orderType tabs (purchasing-core §2.5, §4.3): breadcrumb, the state filter each
// tab offers, which orders it holds, sortable columns and where a row click leads.
// The spec does not say which orders a tab holds; the `codes` below are our reading
// (docs/decisions.md).

import type { SupplierInvoiceState } from '../finance/labels';
import { ORDER_STATE_CODES, type OrderStateCode, toOrderStateCode } from './orderStates';

export const ORDER_TABS = [
  'CONTRACT_SIGNED',
  'CONTRACT_ENFORCED',
  'CARGO_RECEIVING',
  'INVOICE_RECEIVING',
  'CUSTOMER_SIGNED',
  'CANCELLED',
  'ALL',
] as const;

export type OrderTab = (typeof ORDER_TABS)[number];

/** Supplier invoice state meaning the supplier has invoiced in full. */
export const FULLY_INVOICED: SupplierInvoiceState = 'INVOICE';

interface OrderTabInfo {
  breadcrumb: string;
  /** Codes offered in the state filter; empty means the tab has no state filter. */
  stateFilter: readonly OrderStateCode[];
  /** Progress codes the tab holds; 'cancelled' and 'every' are the two special tabs. */
  codes: readonly OrderStateCode[] | 'cancelled' | 'every';
  /** The tab holds only orders the supplier has not fully invoiced yet. */
  awaitingInvoice?: true;
}

export const ORDER_TAB_INFO: Record<OrderTab, OrderTabInfo> = {
  CONTRACT_SIGNED: { breadcrumb: '待付款', stateFilter: [], codes: [10] },
  CONTRACT_ENFORCED: { breadcrumb: '待确认', stateFilter: [20, 30], codes: [20, 30] },
  CARGO_RECEIVING: {
    breadcrumb: '待收货',
    stateFilter: [40, 50],
    codes: [40, 50, 55, 60, 70, 73, 75, 80],
  },
  INVOICE_RECEIVING: {
    breadcrumb: '待收票',
    stateFilter: [50, 55, 60, 70, 73, 75, 80, 90],
    codes: [50, 55, 60, 70, 73, 75, 80, 90],
    awaitingInvoice: true,
  },
  CUSTOMER_SIGNED: { breadcrumb: '已签收', stateFilter: [], codes: [90] },
  CANCELLED: { breadcrumb: '已取消订单', stateFilter: [], codes: 'cancelled' },
  ALL: { breadcrumb: '全部订单', stateFilter: ORDER_STATE_CODES, codes: 'every' },
};

export const DEFAULT_ORDER_TAB: OrderTab = 'ALL';

export function isOrderTab(value: unknown): value is OrderTab {
  return typeof value === 'string' && (ORDER_TABS as readonly string[]).includes(value);
}

export interface OrderListItem {
  state: number | string | null | undefined;
  order_base_state?: string | null;
  supplier_node?: { invoice_state?: string | null } | null;
}

const CANCELLATION_CODES: readonly OrderStateCode[] = [-10, -20];

/** Cancelled orders (base state, or a cancellation in progress or confirmed) are styled apart. */
export function isCancelledOrder(order: OrderListItem): boolean {
  if (order.order_base_state === 'CANCELLED') return true;
  const code = toOrderStateCode(order.state);
  return code !== null && CANCELLATION_CODES.includes(code);
}

/**
 * Whether the order belongs on the tab. A cancelled order leaves the progress tabs even when its
 * numeric state still reads as progress, so it shows only under CANCELLED and ALL.
 */
export function orderInTab(tab: OrderTab, order: OrderListItem): boolean {
  const { codes, awaitingInvoice } = ORDER_TAB_INFO[tab];
  if (codes === 'every') return true;
  if (codes === 'cancelled') return isCancelledOrder(order);
  if (isCancelledOrder(order)) return false;
  const code = toOrderStateCode(order.state);
  if (code === null || !codes.includes(code)) return false;
  return !awaitingInvoice || order.supplier_node?.invoice_state !== FULLY_INVOICED;
}

/** Column keys the order list sorts by (sent as orderItems[0].orderBy). */
export const ORDER_SORT_KEYS = [
  'brand',
  'name',
  'state_change_time',
  'supplier_taxed_amount',
  'create_time',
  'write_time',
] as const;

export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

export function isOrderSortKey(value: unknown): value is OrderSortKey {
  return typeof value === 'string' && (ORDER_SORT_KEYS as readonly string[]).includes(value);
}

export interface OrderRowTarget {
  path: '/order/order/detail';
  search: {
    id: number | string;
    orderType: OrderTab;
    module: 'ORDER';
    index: number;
    filter: string;
  };
}

/** Row click: the detail next to the list, keeping index and filters for previous/next paging. */
export function orderRowTarget(row: {
  id: number | string;
  orderType: OrderTab;
  index: number;
  filter: string;
}): OrderRowTarget {
  return {
    path: '/order/order/detail',
    search: {
      id: row.id,
      orderType: row.orderType,
      module: 'ORDER',
      index: row.index,
      filter: row.filter,
    },
  };
}
