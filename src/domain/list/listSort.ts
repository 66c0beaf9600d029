// Sorting of the purchase list and the order list (purchasing-core §2.2 "Header labels are
// sortable", §2.5 "Sortable by brand, name, state change time, supplier taxed amount, create time,
// write time"): which header sorts by which key, the sort a list's address asks for, and the next
// sort when a header is clicked. The keys are the server's orderItems[0].orderBy names.

import type { OrderSortKey } from '../orders/orderTabs';
import { type ListColumn, SHEET_LIST_TYPE_INFO, type SheetListType } from '../purchase/listTypes';
import { FIRST_PAGE, type ListQuery } from './listQuery';

export type SortDirection = 'asc' | 'desc';

export interface ListSort<K extends string> {
  key: K;
  direction: SortDirection;
}

/** The purchase list's sort key of each header; the row number does not sort. */
export const SHEET_SORT_KEY_OF_COLUMN = {
  purchaseNumber: 'name',
  brand: 'brand',
  owner: 'owner',
  taxedTotal: 'taxed_amount',
  forecastReceiveDate: 'forecast_receive_date',
  state: 'state',
  stateChangeTime: 'state_change_time',
  paymentState: 'payment_state',
  invoiceState: 'invoice_state',
  signTime: 'sign_time',
  createTime: 'create_time',
} as const satisfies Record<Exclude<ListColumn, 'index'>, string>;

export type SheetSortKey = (typeof SHEET_SORT_KEY_OF_COLUMN)[keyof typeof SHEET_SORT_KEY_OF_COLUMN];

/** The order list's columns in display order (§2.5) and the key each sortable one sorts by. */
export const ORDER_LIST_COLUMNS = [
  'brand',
  'orderNumber',
  'forecastReceiveDate',
  'state',
  'paymentState',
  'invoiceState',
  'amount',
  'createTime',
  'writeTime',
] as const;

export type OrderListColumn = (typeof ORDER_LIST_COLUMNS)[number];

export const ORDER_SORT_KEY_OF_COLUMN: Partial<Record<OrderListColumn, OrderSortKey>> = {
  brand: 'brand',
  orderNumber: 'name',
  state: 'state_change_time',
  amount: 'supplier_taxed_amount',
  createTime: 'create_time',
  writeTime: 'write_time',
};

/** Both lists open newest first, as the server answers without orderItems. */
export const DEFAULT_SORT = { key: 'create_time', direction: 'desc' } as const;

function direction(query: ListQuery): SortDirection {
  return query.filterSort === 'ASC' ? 'asc' : 'desc';
}

/** The sort keys the purchase list's tab offers: those of its sortable columns. */
export function sheetSortKeys(listType: SheetListType): SheetSortKey[] {
  return SHEET_LIST_TYPE_INFO[listType].columns
    .filter((column): column is Exclude<ListColumn, 'index'> => column !== 'index')
    .map((column) => SHEET_SORT_KEY_OF_COLUMN[column]);
}

/**
 * The purchase list's sort from its address. A key the tab has no column for (a hand-edited
 * address, or a key of another tab) sorts by the default key, in the direction asked for.
 */
export function sheetListSort(query: ListQuery, listType: SheetListType): ListSort<SheetSortKey> {
  const key = sheetSortKeys(listType).find((k) => k === query.filterKey) ?? DEFAULT_SORT.key;
  return { key, direction: direction(query) };
}

export function orderListSort(query: ListQuery): ListSort<OrderSortKey> {
  const key =
    Object.values(ORDER_SORT_KEY_OF_COLUMN).find((k) => k === query.filterKey) ?? DEFAULT_SORT.key;
  return { key, direction: direction(query) };
}

/** Which way a header shows its sort: none, ascending or descending. */
export function headerSort(query: ListQuery, key: string): SortDirection | null {
  const current = query.filterKey ?? (query.filterSort ? DEFAULT_SORT.key : undefined);
  if (current !== key) return null;
  return direction(query);
}

/**
 * A click on a header cycles its sort: ascending, descending, then back to the list's default.
 * Sorting starts the list again from its first page.
 */
export function nextSortQuery(query: ListQuery, key: string): ListQuery {
  const { filterKey: _key, filterSort: _sort, ...rest } = query;
  const base: ListQuery = { ...rest, pageNum: FIRST_PAGE };
  switch (headerSort(query, key)) {
    case null:
      return { ...base, filterKey: key, filterSort: 'ASC' };
    case 'asc':
      return { ...base, filterKey: key, filterSort: 'DESC' };
    case 'desc':
      return base;
  }
}
