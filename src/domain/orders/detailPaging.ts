// Where an order detail was opened from, and what its breadcrumb and previous/next follow
// (purchasing-core §2.2 row click, §2.4, §2.5; settings-messaging-shared §2 "Detail and list
// paging"). A list row opens the detail with its position (`index`) and the list's state
// (`filter`); the detail pages through that same list, keeping index, id and pageNumber.

import {
  type ListQuery,
  parseFilters,
  parseListQuery,
  serializeListQuery,
} from '../list/listQuery';
import { DETAIL_PAGE_SIZE, neighbourPosition, type PagingDirection } from '../list/paging';
import { SHEET_LIST_TYPE_INFO, type SheetListType } from '../purchase/listTypes';
import { ORDER_TAB_INFO, type OrderTab } from './orderTabs';

/** The list a detail belongs to: an order-list tab, or a tab of the purchase list. */
export type DetailOrigin =
  | { list: 'orders'; orderType: OrderTab; query: ListQuery }
  | { list: 'purchase'; sheetType: SheetListType; query: ListQuery };

/**
 * The list state a row click carried in `filter`: the list's own query string
 * (`orderType=ALL&filterSort=ASC&filters=…`, with or without `?`) or just its filters as JSON.
 * Anything unreadable is the list with its defaults.
 */
export function listQueryOfFilter(filter: string | null | undefined): ListQuery {
  const text = filter?.trim() ?? '';
  if (text.startsWith('{') || text.startsWith('%7B')) {
    return parseListQuery({ filters: JSON.stringify(parseFilters(text)) });
  }
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text.replace(/^\?/, ''))) params[key] = value;
  return parseListQuery(params);
}

export function orderListOrigin(orderType: OrderTab, filter?: string | null): DetailOrigin {
  return { list: 'orders', orderType, query: { ...listQueryOfFilter(filter), orderType } };
}

export function purchaseListOrigin(sheetType: SheetListType, filter?: string | null): DetailOrigin {
  return { list: 'purchase', sheetType, query: { ...listQueryOfFilter(filter), sheetType } };
}

export interface ListLink {
  path: '/order/order/list' | '/inquiry-quotation/list';
  /** The list's address parameters: back on the list, its filters and sort are as they were. */
  search: Record<string, string>;
  /** The breadcrumb: the tab's name. */
  label: string;
}

export function originListLink(origin: DetailOrigin): ListLink {
  const search = serializeListQuery(origin.query);
  return origin.list === 'orders'
    ? { path: '/order/order/list', search, label: ORDER_TAB_INFO[origin.orderType].breadcrumb }
    : {
        path: '/inquiry-quotation/list',
        search,
        label: SHEET_LIST_TYPE_INFO[origin.sheetType].breadcrumb,
      };
}

/**
 * The neighbour's place in the list, or null at either end or when the detail was not opened from
 * a list row (no index): the button is then disabled.
 */
export function detailNeighbour(
  index: number | undefined,
  direction: PagingDirection,
  total: number,
): { index: number; pageNumber: number } | null {
  if (index === undefined) return null;
  const position = neighbourPosition(index, direction, total, DETAIL_PAGE_SIZE);
  return position && { index: position.index, pageNumber: position.pageNumber };
}
