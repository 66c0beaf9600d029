// The rows of a virtualized list that are on screen, read live from the local database: the
// screen reports which positions it shows, the hook reads that window (in blocks, so scrolling a
// few rows does not query again) and keeps showing the last rows read while the next window
// loads. A pulled or optimistic change to a shown row appears at once (Dexie's liveQuery).
// A list read straight off an index has its first block read as the screen starts to render:
// IndexedDB works while the page mounts, instead of after its first paint (a liveQuery runs its
// first query on a timer), so on a route change the rows are there a frame or two sooner. The live
// query starts once they are shown, and reads them again (it learns what to watch by reading):
// cheap for such a list; a filtered or re-sorted one, whose read walks the lists' index, is read
// by the live query alone.
import { liveQuery } from 'dexie';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ListWindow } from '../../data/lists/listStreams';

/** Rows read per block; the window covers the blocks of the visible range and its margins. */
const BLOCK = 50;
/**
 * Rows read beyond each end of the visible range, so a scroll reaches rows already read: a
 * window's read takes a few frames, a brisk flick moves three rows a frame.
 */
const MARGIN = 25;

export interface ListRows<T> {
  /** The list's length; undefined until the first read. */
  total: number | undefined;
  /** The row at a position, when it is in the window read. */
  rowAt(index: number): T | undefined;
  /** The screen shows positions [start, end]. */
  show(start: number, end: number): void;
}

interface Read<T> extends ListWindow<T> {
  offset: number;
}

/** Whether two reads show the same: the same place, length and rows at the same versions. */
function sameRead<T>(a: Read<T> | undefined, b: Read<T>, versionOf: (row: T) => string): boolean {
  return (
    a !== undefined &&
    a.offset === b.offset &&
    a.total === b.total &&
    a.rows.length === b.rows.length &&
    a.rows.every((row, i) => versionOf(row) === versionOf(b.rows[i] as T))
  );
}

export interface ListSource<T> {
  read(offset: number, limit: number): Promise<ListWindow<T>>;
  /** What the answer of `read` depends on (it is rebuilt on every render). */
  deps: readonly unknown[];
  /**
   * Changes whenever what a row shows changes: a read that changes nothing on screen (the live
   * query's first run, a sync write to rows out of view) does not render the list again.
   */
  versionOf(row: T): string;
  /** The first block is a few index reads: read it at once (see above). */
  readEarly: boolean;
}

export function useListWindow<T>(source: ListSource<T>): ListRows<T> {
  const { read, deps, versionOf } = source;
  const [range, setRange] = useState({ offset: 0, limit: BLOCK });
  const [result, setResult] = useState<Read<T>>();
  const [failure, setFailure] = useState<unknown>(null);
  // The first block, read during the first render; taken by the first subscription only.
  const [firstRead] = useState(() => (source.readEarly ? read(0, BLOCK) : null));
  const first = useRef(firstRead);
  if (failure !== null) throw failure;
  // `read` is rebuilt on every render; `deps` say when its answer changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useLayoutEffect(() => {
    const { offset, limit } = range;
    let closed = false;
    let unsubscribe = () => {};
    const subscribe = () => {
      const subscription = liveQuery(async () => ({
        offset,
        ...(await read(offset, limit)),
      })).subscribe({
        next: (next) =>
          setResult((current) => (sameRead(current, next, versionOf) ? current : next)),
        error: setFailure,
      });
      unsubscribe = () => subscription.unsubscribe();
    };
    const early = first.current;
    first.current = null;
    if (early) {
      // Another range or other deps before it arrives: it is dropped, the live query reads anew.
      early.then(
        (window) => {
          if (closed) return;
          setResult({ offset: 0, ...window });
          subscribe();
        },
        (error: unknown) => {
          if (!closed) setFailure(error);
        },
      );
    } else {
      subscribe();
    }
    return () => {
      closed = true;
      unsubscribe();
    };
  }, [...deps, range]);
  const shown = useRef(false);
  shown.current = result !== undefined;
  const show = useCallback((start: number, end: number) => {
    const last = Math.max(start, end);
    setRange((current) => {
      const covers = (from: number, to: number) =>
        current.offset <= from && to < current.offset + current.limit;
      // Until the first rows arrive, a range that holds the visible ones is not read again.
      if (
        covers(start, last) &&
        (!shown.current || covers(Math.max(0, start - MARGIN), last + MARGIN))
      ) {
        return current;
      }
      const offset = Math.floor(Math.max(0, start - MARGIN) / BLOCK) * BLOCK;
      return { offset, limit: Math.ceil((last + MARGIN + 1) / BLOCK) * BLOCK - offset };
    });
  }, []);
  const rowAt = useCallback(
    (index: number) =>
      result && index >= result.offset ? result.rows[index - result.offset] : undefined,
    [result],
  );
  const total = result?.total;
  return useMemo(() => ({ total, rowAt, show }), [total, rowAt, show]);
}
