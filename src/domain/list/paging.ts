// Paging arithmetic of the lists and detail pages (purchasing-core §2.2, §2.3, §9;
// settings-messaging-shared §2 "Detail and list paging", §9): infinite scroll, the count line,
// the table height, the list's pager (prev, pages, next, jump) and previous/next on a detail page.

export const INFINITE_SCROLL_THRESHOLD_PX = 100;
export const TABLE_HEIGHT_OFFSET_PX = 300;
/** Detail pages fetch their neighbours in pages of 50, whatever page size the list used. */
export const DETAIL_PAGE_SIZE = 50;

/**
 * Load the next page when the bottom of the content is within 100 px of the bottom of the
 * viewport and the server holds more rows than are loaded.
 */
export function shouldLoadMore(
  scrollTop: number,
  clientHeight: number,
  scrollHeight: number,
  loaded: number,
  total: number,
): boolean {
  if (loaded >= total) return false;
  return scrollHeight - scrollTop - clientHeight <= INFINITE_SCROLL_THRESHOLD_PX;
}

/** The 1-based page that holds the first row not yet loaded. */
export function nextPageToLoad(loaded: number, pageSize: number): number {
  return Math.floor(loaded / pageSize) + 1;
}

/** Window height minus 300, never negative on a very small window. */
export function tableHeight(windowHeight: number): number {
  return Math.max(0, windowHeight - TABLE_HEIGHT_OFFSET_PX);
}

/** The line above the table: total rows on the server, rows loaded so far. */
export function listCountText(total: number, loaded: number): string {
  return `共 ${total} 条，当前 ${loaded} 条`;
}

/** Pages of `pageSize` rows in a list of `total` rows; an empty list still has its one page. */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * The page a jump lands on: the number rounded down, within 1 … the last page (a page beyond the
 * end is the last one, below 1 the first); null when it is no number at all (an empty box).
 */
export function clampPage(page: number | string, total: number, pageSize: number): number | null {
  const number = typeof page === 'number' ? page : page.trim() === '' ? Number.NaN : Number(page);
  if (Number.isNaN(number)) return null;
  return Math.min(Math.max(Math.floor(number), 1), pageCount(total, pageSize));
}

/** The 0-based position of the first row of a (1-based) page. */
export function firstRowOfPage(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/** The 1-based page that holds the row at a 0-based position. */
export function pageOfRow(index: number, pageSize: number): number {
  return Math.floor(Math.max(0, index) / pageSize) + 1;
}

/**
 * Where a row sits: `index` is its 0-based position in the whole filtered list, `pageNumber` the
 * 1-based page of `pageSize` rows that holds it and `indexInPage` its position on that page.
 */
export interface ListPosition {
  index: number;
  pageNumber: number;
  indexInPage: number;
}

export function positionOf(index: number, pageSize: number = DETAIL_PAGE_SIZE): ListPosition {
  return {
    index,
    pageNumber: Math.floor(index / pageSize) + 1,
    indexInPage: index % pageSize,
  };
}

export type PagingDirection = 'previous' | 'next';

/**
 * The neighbour of the row at `index` in a list of `total` rows, or null at either end (the
 * button is then disabled). The caller fetches page `pageNumber` and takes row `indexInPage`
 * for the neighbour's id.
 */
export function neighbourPosition(
  index: number,
  direction: PagingDirection,
  total: number,
  pageSize: number = DETAIL_PAGE_SIZE,
): ListPosition | null {
  const target = direction === 'next' ? index + 1 : index - 1;
  if (!Number.isInteger(target) || target < 0 || target >= total) return null;
  return positionOf(target, pageSize);
}

/** The detail page's paging parameters (index, id, pageNumber) kept in its address. */
export function detailPagingSearch(
  id: number | string,
  position: ListPosition,
): { id: number | string; index: number; pageNumber: number } {
  return { id, index: position.index, pageNumber: position.pageNumber };
}
