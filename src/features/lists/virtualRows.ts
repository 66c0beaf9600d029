// What the table and the phone cards share around their virtualizer: the rows read follow the
// positions in view, the next page loads when the end comes within 100 px (infinite scroll,
// §2.2), and a row renders again only when what it shows changes.
import type { VirtualItem } from '@tanstack/react-virtual';
import { useEffect } from 'react';
import { shouldLoadMore } from '../../domain/list/paging';
import type { ListRows } from './useListWindow';

/** Where the list is scrolled, from the virtualizer's own figures (no layout read). */
export interface ScrollFigures {
  offset: number;
  viewport: number;
  content: number;
}

export function useVirtualRows<T>(
  rows: ListRows<T>,
  items: readonly VirtualItem[],
  scroll: ScrollFigures,
  loaded: number,
  onLoadMore: () => void,
): void {
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const { show, total } = rows;
  useEffect(() => show(first, last), [show, first, last]);
  const { offset, viewport, content } = scroll;
  useEffect(() => {
    if (total !== undefined && shouldLoadMore(offset, viewport, content, loaded, total)) {
      onLoadMore();
    }
  }, [offset, viewport, content, loaded, total, onLoadMore]);
}

/** The props that decide what a row (or card) shows. */
export interface ShownRow<T> {
  row: T | undefined;
  /** The list's `versionOf(row)`; '' while the row is not read. */
  version: string;
  index: number;
  dimmed: boolean;
}

/** memo's comparison for rows: the same version at the same place, read or not alike. */
export function sameShownRow<T>(a: ShownRow<T>, b: ShownRow<T>): boolean {
  return (
    a.version === b.version &&
    a.index === b.index &&
    a.dimmed === b.dimmed &&
    (a.row === undefined) === (b.row === undefined)
  );
}
