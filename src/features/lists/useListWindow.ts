// The rows of a virtualized list that are on screen, read live from the local database: the
// screen reports which positions it shows, the hook reads that window (in blocks, so scrolling a
// few rows does not query again) and keeps showing the last rows read while the next window
// loads. A pulled or optimistic change to a shown row appears at once (Dexie's liveQuery).
// The query is subscribed before the page's first paint (a layout effect), not after it as
// dexie-react-hooks does: on a route change the rows arrive a frame sooner.
import { liveQuery } from 'dexie';
import { useCallback, useLayoutEffect, useState } from 'react';
import type { ListWindow } from '../../data/listStreams';

/** Rows read per block; the window covers the blocks of the visible range. */
const BLOCK = 50;

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

export function useListWindow<T>(
  read: (offset: number, limit: number) => Promise<ListWindow<T>>,
  deps: readonly unknown[],
): ListRows<T> {
  const [range, setRange] = useState({ offset: 0, limit: BLOCK });
  const [result, setResult] = useState<Read<T>>();
  const [failure, setFailure] = useState<unknown>(null);
  if (failure !== null) throw failure;
  // `read` is rebuilt on every render; `deps` say when its answer changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useLayoutEffect(() => {
    const { offset, limit } = range;
    const subscription = liveQuery(async () => ({
      offset,
      ...(await read(offset, limit)),
    })).subscribe({ next: setResult, error: setFailure });
    return () => subscription.unsubscribe();
  }, [...deps, range]);
  const show = useCallback((start: number, end: number) => {
    const offset = Math.floor(Math.max(0, start) / BLOCK) * BLOCK;
    const limit = Math.ceil((Math.max(start, end) + 1) / BLOCK) * BLOCK - offset;
    setRange((current) =>
      current.offset === offset && current.limit === limit ? current : { offset, limit },
    );
  }, []);
  const rowAt = useCallback(
    (index: number) =>
      result && index >= result.offset ? result.rows[index - result.offset] : undefined,
    [result],
  );
  return { total: result?.total, rowAt, show };
}
