// Where a sheet or order detail was opened from, and what its breadcrumb and previous/next follow
// (purchasing-core §2.2 row click, §2.3, §2.4, §2.5; settings-messaging-shared §2 "Detail and list
// paging"). A list row opens the detail with its position (`index`) and the list's state
// (`filter`); the detail pages through that same list, keeping index, id and pageNumber, and a
// neighbour opens what its own row click opens.

import { type ListQuery, parseFilters, parseListQuery, toSearchString } from '../list/listQuery';
import { DETAIL_PAGE_SIZE, neighbourPosition, type PagingDirection } from '../list/paging';
import { purchaseRowTarget, SHEET_LIST_TYPE_INFO, type SheetListType } from '../purchase/listTypes';
import { ORDER_TAB_INFO, type OrderTab, orderRowTarget } from './orderTabs';

/** The pager of both detail pages. */
export const DETAIL_PAGING_LABELS = {
  PREVIOUS: '上一条',
  NEXT: '下一条',
} as const;

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
  /** The list's address: back on the list, its filters and sort are as they were. */
  href: string;
  /** The breadcrumb: the tab's name. */
  label: string;
}

export function originListLink(origin: DetailOrigin): ListLink {
  const query = toSearchString(origin.query);
  return origin.list === 'orders'
    ? { href: `/order/order/list${query}`, label: ORDER_TAB_INFO[origin.orderType].breadcrumb }
    : {
        href: `/inquiry-quotation/list${query}`,
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

/** The rows read to find both neighbours of row `index`: the one before it, itself, the one after. */
export function neighbourWindow(index: number): { offset: number; limit: number } {
  const offset = Math.max(0, index - 1);
  return { offset, limit: index + 2 - offset };
}

/** A list row as paging needs it: its id and, on the purchase list, the order it became. */
export interface PagedRow {
  id: number;
  orderId?: number | null;
}

/** A neighbour's detail address: its row click's path and query, with its pageNumber. */
export interface DetailTarget {
  path: string;
  search: Readonly<Record<string, string | number>>;
}

function neighbourTarget(
  origin: DetailOrigin,
  row: PagedRow,
  position: { index: number; pageNumber: number },
  filter: string,
): DetailTarget {
  const { index, pageNumber } = position;
  const target =
    origin.list === 'orders'
      ? orderRowTarget({ id: row.id, orderType: origin.orderType, index, filter })
      : purchaseRowTarget({
          listType: origin.sheetType,
          id: row.id,
          orderId: row.orderId,
          index,
          filter,
        });
  return { path: target.path, search: { ...target.search, pageNumber } };
}

/**
 * Previous and next of row `index`, found in the rows read at `neighbourWindow(index)` of a list of
 * `total` rows: null at either end of the list, or when the detail was not opened from a list row.
 */
export function detailNeighbours(
  origin: DetailOrigin,
  index: number | undefined,
  window: { rows: readonly PagedRow[]; total: number },
  filter: string,
): { previous: DetailTarget | null; next: DetailTarget | null } {
  const at = (direction: PagingDirection): DetailTarget | null => {
    if (index === undefined) return null;
    const position = detailNeighbour(index, direction, window.total);
    const row = position && window.rows[position.index - neighbourWindow(index).offset];
    return position && row ? neighbourTarget(origin, row, position, filter) : null;
  };
  return { previous: at('previous'), next: at('next') };
}
