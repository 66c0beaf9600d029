// What the table and the phone cards share around their virtualizer: the rows read follow the
// positions in view, the next page loads when the end comes within 100 px (infinite scroll,
// §2.2), the row at the top of the view is reported (the pager's current page, §9), the pager's
// jump scrolls to its page's first row, a row renders again only when what it shows changes, and
// a row opens from the keyboard as from a click.
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { shouldLoadMore } from '../../domain/list/paging';
import type { ScrollTarget } from './useListState';
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
  /** The position at the top of the view, and whom to tell when it changes. */
  top: { index: number; report?: ((index: number) => void) | undefined },
): void {
  const { index: topIndex, report } = top;
  useEffect(() => report?.(topIndex), [report, topIndex]);
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

/**
 * Scrolls the list so that the target row is at the top of the view, once per target (a new
 * object for each jump), as soon as the list is long enough to hold it: a list opened at a page
 * knows its length only after its first read.
 */
export function useScrollTarget<S extends Element | Window>(
  virtualizer: Virtualizer<S, Element>,
  target: ScrollTarget | null | undefined,
  loaded: number,
): void {
  const done = useRef<ScrollTarget | null>(null);
  const reachable = target != null && loaded > target.index;
  useEffect(() => {
    if (!target || !reachable || done.current === target) return;
    done.current = target;
    virtualizer.scrollToIndex(target.index, { align: 'start' });
  }, [virtualizer, target, reachable]);
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

/**
 * A row (or card) reachable with Tab and opened with Enter, as a click opens it: without this a
 * keyboard could not leave a list for a detail. A key on a button inside the row (copy, 申请取消)
 * stays that button's.
 */
export function keyboardOpen(open: () => void) {
  return {
    tabIndex: 0,
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
      event.preventDefault();
      open();
    },
  };
}
