// A list's state and where it is kept: the address (purchasing-core §2.2: sheetType/orderType,
// filters, filterSort, filterKey, pageNum, pageSize; empty values omitted; reset keeps only the
// list type). Searching, sorting, resetting and changing the page size navigate: the view reloads
// from its first page. Loading the next page as the user scrolls, or the pager's jump to a page,
// replaces pageNum in the address and keeps the page mounted (src/features/shell/Shell.tsx keys
// the page by its address without pageNum). pageNum is the last page the list holds: opened at
// pageNum n, the list holds n pages and shows the first row of page n.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  cleanFilters,
  FIRST_PAGE,
  type FilterValue,
  type ListQuery,
  type PageSize,
  resetListQuery,
  toSearchString,
  withPageNum,
} from '../../domain/list/listQuery';
import { nextSortQuery, type SortDirection } from '../../domain/list/listSort';
import { firstRowOfPage } from '../../domain/list/paging';
import { type ListSearch, listQueryOfSearch } from './listSearch';

export type ListPath = '/inquiry-quotation/list' | '/order/order/list';

/** A row the list is asked to scroll to the top of its view; a new object for each request. */
export interface ScrollTarget {
  index: number;
}

export interface ListState {
  /**
   * The list's state without the pages the infinite scroll has loaded (pageNum is the first
   * page): the same object, and the same functions below, while only the scroll moves.
   */
  query: ListQuery;
  /** Pages the infinite scroll has loaded, or the pager's jump. */
  pages: number;
  /** Where the list scrolls: the first row of the page it opened at or jumped to. */
  scrollTarget: ScrollTarget | null;
  /** The pager: the list holds pages up to `page` and shows the first row of it. */
  jumpTo(page: number): void;
  search(filters: Readonly<Record<string, FilterValue | undefined>>): void;
  reset(): void;
  /** A header click: the key's next sort (ascending, descending, default). */
  sort(key: string): void;
  /** The phone's sort choice. */
  sortBy(key: string, direction: SortDirection): void;
  setPageSize(size: PageSize): void;
  /** The next page, when the user scrolls near the end. */
  loadMore(): void;
  /** The list with a changed state, as the router writes it (tabs, links). */
  go(query: ListQuery): void;
}

export function useListState(path: ListPath, search: ListSearch): ListState {
  const navigate = useNavigate();
  const address = listQueryOfSearch(search);
  const [pages, setPages] = useState(address.pageNum);
  const [scrollTarget, setScrollTarget] = useState<ScrollTarget | null>(() =>
    address.pageNum > FIRST_PAGE
      ? { index: firstRowOfPage(address.pageNum, address.pageSize) }
      : null,
  );
  const addressText = toSearchString({ ...address, pageNum: FIRST_PAGE });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text says when the address changes
  const query = useMemo(() => ({ ...address, pageNum: FIRST_PAGE }), [addressText]);
  const requested = useRef(pages);

  const go = useCallback(
    (next: ListQuery) => void navigate({ href: `${path}${toSearchString(next)}` }),
    [navigate, path],
  );
  const loadMore = useCallback(() => {
    // A scroll event may fire again before the page renders the longer list.
    if (requested.current > pages) return;
    const next = pages + 1;
    requested.current = next;
    setPages(next);
    const { pathname, search: current } = window.location;
    void navigate({
      href: `${pathname}${withPageNum(current, next)}`,
      replace: true,
      resetScroll: false,
    });
  }, [navigate, pages]);
  const jumpTo = useCallback(
    (page: number) => {
      requested.current = page;
      setPages(page);
      setScrollTarget({ index: firstRowOfPage(page, query.pageSize) });
      const { pathname, search: current } = window.location;
      void navigate({
        href: `${pathname}${withPageNum(current, page)}`,
        replace: true,
        resetScroll: false,
      });
    },
    [navigate, query.pageSize],
  );
  const changes = useMemo(
    () => ({
      search: (filters: Readonly<Record<string, FilterValue | undefined>>) =>
        go({ ...query, filters: cleanFilters(filters) }),
      reset: () => go(resetListQuery(query)),
      sort: (key: string) => go(nextSortQuery(query, key)),
      sortBy: (key: string, direction: SortDirection) =>
        go({ ...query, filterKey: key, filterSort: direction === 'asc' ? 'ASC' : 'DESC' }),
      setPageSize: (pageSize: PageSize) => go({ ...query, pageSize }),
    }),
    [query, go],
  );

  return useMemo(
    () => ({ query, pages, scrollTarget, jumpTo, go, loadMore, ...changes }),
    [query, pages, scrollTarget, jumpTo, go, loadMore, changes],
  );
}
