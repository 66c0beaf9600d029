// Addresses a list row opens (purchasing-core §2.2, §2.5 row click): plain hrefs, as the spec's
// lists use, carrying the row's position (index, and pageNumber in pages of 50) and the list's
// state (`filter`: the list's own query) so the detail pages through the same list.
import { FIRST_PAGE, type ListQuery, toSearchString } from '../../domain/list/listQuery';
import { positionOf } from '../../domain/list/paging';

export function href(path: string, search: Readonly<Record<string, string | number>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The list's state as the detail's `filter` parameter (without the page the scroll reached). */
export function listFilterParam(query: ListQuery): string {
  return toSearchString({ ...query, pageNum: FIRST_PAGE }).replace(/^\?/, '');
}

export function pageNumberOf(index: number): number {
  return positionOf(index).pageNumber;
}
