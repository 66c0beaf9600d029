// Reading the `list_keys` index (src/data/lists/listIndex.ts) for a list: ranges read keys only, in
// batches, merged across slots in sort order; the ids of the rows that pass the index-served
// filters; and the few counts a filtered total needs. Nothing here reads a row's value, and every
// read is a bounded range of the index: the rows themselves are fetched by id for the window on
// screen only.
import Dexie, { type Collection, cmp } from 'dexie';
import type { SortDirection } from '../../domain/list/listSort';
import type { PurchasingDb } from '../db';
import type { RowKey } from '../derive';
import { prefixRange } from '../totals';
import { type EntryValue, LIST_KEYS_INDEX } from './listIndex';

export type ListTable = 'sheets' | 'orders';

export interface IndexEntry {
  key: readonly unknown[];
  primaryKey: RowKey;
}

/** A bounded range of a table's index: [lower, upper], upper excluded when `upperOpen`. */
export interface IndexRange {
  table: ListTable;
  lower: readonly unknown[];
  upper: readonly unknown[];
  upperOpen?: boolean;
}

export const rangeOfPrefix = (table: ListTable, prefix: readonly unknown[]): IndexRange => {
  const [lower, upper] = prefixRange(prefix);
  return { table, lower, upper };
};

function collection(db: PurchasingDb, range: IndexRange, direction: SortDirection): Collection {
  const all = db
    .table(range.table)
    .where(LIST_KEYS_INDEX)
    .between(range.lower, range.upper, true, !range.upperOpen);
  return direction === 'desc' ? all.reverse() : all;
}

function readEntries(
  db: PurchasingDb,
  range: IndexRange,
  direction: SortDirection,
  offset: number,
  limit: number,
): Promise<IndexEntry[]> {
  const entries: IndexEntry[] = [];
  return collection(db, range, direction)
    .offset(offset)
    .limit(limit)
    .eachKey((key, cursor) => {
      entries.push({ key: key as unknown[], primaryKey: cursor.primaryKey as RowKey });
    })
    .then(() => entries);
}

const MAX_BATCH = 4096;

/** One range read in order, a batch at a time and only as far as the merge asks. */
class EntryStream {
  private buffer: IndexEntry[] = [];
  private at = 0;
  private read = 0;
  private done = false;

  constructor(
    private readonly db: PurchasingDb,
    private readonly range: IndexRange,
    private readonly direction: SortDirection,
    private batch: number,
  ) {}

  /** The next entry, once read; undefined when the buffer is empty (see needsRead) or ended. */
  get head(): IndexEntry | undefined {
    return this.buffer[this.at];
  }

  get needsRead(): boolean {
    return this.at === this.buffer.length && !this.done;
  }

  get ended(): boolean {
    return this.done && this.at >= this.buffer.length;
  }

  async fill(): Promise<void> {
    this.buffer = await readEntries(this.db, this.range, this.direction, this.read, this.batch);
    this.at = 0;
    this.read += this.buffer.length;
    this.done = this.buffer.length < this.batch;
    this.batch = Math.min(MAX_BATCH, this.batch * 2);
  }

  shift(): void {
    this.at += 1;
  }
}

/** Entries compare by what follows the slot and field, then by row, in the list's direction. */
function compareEntries(a: IndexEntry, b: IndexEntry, direction: SortDirection): number {
  const order = cmp(a.key.slice(3), b.key.slice(3)) || cmp(a.primaryKey, b.primaryKey);
  return direction === 'asc' ? order : -order;
}

export interface Walk {
  db: PurchasingDb;
  direction: SortDirection;
  /**
   * Ranges read one group after the other; the ranges of a group are merged. E.g. the values of
   * every slot, then the rows without a value of every slot.
   */
  groups: readonly (readonly IndexRange[])[];
  /** The row an entry stands for (the sheet id, for the order entries of the purchase list). */
  rowOf(entry: IndexEntry): number;
  /** Only rows in this set count; null: every row. */
  only: ReadonlySet<number> | null;
  offset: number;
  limit: number;
}

/**
 * The row ids at positions [offset, offset + limit) of the walk's order.
 *
 * Inside a transaction or a live query only Dexie's promises may be awaited (Dexie follows its
 * zone across native awaits of its own promises only): hence the synchronous stream heads, and
 * Dexie.Promise for the walks that read nothing.
 */
export function walkIds(walk: Walk): Promise<number[]> {
  if (walk.limit <= 0 || walk.groups.every((group) => group.length === 0)) {
    return Dexie.Promise.resolve([]);
  }
  return walkNonEmpty(walk);
}

async function walkNonEmpty(walk: Walk): Promise<number[]> {
  const { offset, limit, only } = walk;
  const ids: number[] = [];
  let skipped = 0;
  // The first batch of each range: its share of the window, at least a few rows.
  const batch = Math.max(16, Math.min(512, Math.ceil((offset + limit) / 4)));
  for (const group of walk.groups) {
    let streams = group.map((range) => new EntryStream(walk.db, range, walk.direction, batch));
    for (;;) {
      if (ids.length >= limit) return ids;
      let best: { stream: EntryStream; entry: IndexEntry } | null = null;
      for (const stream of streams) {
        if (stream.needsRead) await stream.fill();
        const entry = stream.head;
        if (entry && (!best || compareEntries(entry, best.entry, walk.direction) < 0)) {
          best = { stream, entry };
        }
      }
      // Most slots hold few rows or none: ended ranges leave the merge.
      streams = streams.filter((stream) => !stream.ended);
      if (!best) break;
      best.stream.shift();
      const id = walk.rowOf(best.entry);
      if (only && !only.has(id)) continue;
      if (skipped < offset) skipped += 1;
      else ids.push(id);
    }
  }
  return ids;
}

/**
 * Ids of the rows with entries in the ranges, from their primary keys: IndexedDB hands those
 * over in one batch per range (getAllKeys), several times faster than a key cursor.
 */
export function rowIdsInRanges(
  db: PurchasingDb,
  ranges: readonly IndexRange[],
): Promise<Set<number>> {
  return Dexie.Promise.all(ranges.map((range) => collection(db, range, 'asc').primaryKeys())).then(
    (lists) => new Set(lists.flat().map((key) => (key as RowKey)[1])),
  );
}

/**
 * Row ids read off the entries themselves (a key cursor), for entries that name another row than
 * their own (the purchase list's order columns end with the sheet's id).
 */
export function idsInRanges(
  db: PurchasingDb,
  ranges: readonly IndexRange[],
  rowOf: (entry: IndexEntry) => number,
  accept: (entry: IndexEntry) => boolean = () => true,
): Promise<Set<number>> {
  const ids = new Set<number>();
  return Dexie.Promise.all(
    ranges.map((range) =>
      collection(db, range, 'asc').eachKey((key, cursor) => {
        const entry = { key: key as unknown[], primaryKey: cursor.primaryKey as RowKey };
        if (accept(entry)) ids.add(rowOf(entry));
      }),
    ),
  ).then(() => ids);
}

/**
 * The distinct keys in the ranges: one step per value, not per row (brands and owners repeat
 * over thousands of rows).
 */
export function distinctKeys(
  db: PurchasingDb,
  ranges: readonly IndexRange[],
): Promise<Array<readonly unknown[]>> {
  return Dexie.Promise.all(ranges.map((range) => collection(db, range, 'asc').uniqueKeys())).then(
    (lists) => lists.flat().map((key) => key as unknown[]),
  );
}

/** How many entries the ranges hold. */
export function countRanges(db: PurchasingDb, ranges: readonly IndexRange[]): Promise<number> {
  return Dexie.Promise.all(ranges.map((range) => collection(db, range, 'asc').count())).then(
    (counts) => counts.reduce((sum, n) => sum + n, 0),
  );
}

/** The value of an entry that has one (position 4), else null. */
export function entryValue(key: readonly unknown[]): EntryValue | null {
  return key[3] === 0 ? (key[4] as EntryValue) : null;
}

/** [company, slot, field, 0, value] … the same with `to`; `to` excluded. */
export function valueRange(
  table: ListTable,
  prefix: readonly unknown[],
  from: unknown | undefined,
  to: unknown | undefined,
): IndexRange {
  return {
    table,
    lower: from === undefined ? [...prefix, 0] : [...prefix, 0, from],
    upper: to === undefined ? [...prefix, 0, Dexie.maxKey] : [...prefix, 0, to],
    upperOpen: to !== undefined,
  };
}

/** The values of a field that start with `text`: [prefix, 0, text] up to text's last string. */
export function startsWithRange(
  table: ListTable,
  prefix: readonly unknown[],
  text: string,
): IndexRange {
  return { table, lower: [...prefix, 0, text], upper: [...prefix, 0, `${text}\uffff`] };
}

/** Intersects `next` into `current` (null: no filter yet). */
export function intersect(current: Set<number> | null, next: ReadonlySet<number>): Set<number> {
  if (current === null) return new Set(next);
  return new Set([...current].filter((id) => next.has(id)));
}

/** A row's place in a list sorted in memory: rows without a value last, then the value, then id. */
export interface MemorySortKey {
  absent: 0 | 1;
  value: readonly unknown[];
  id: number;
}

/**
 * Sorts a few rows (a filter's matches) in memory in exactly the order the index walk gives:
 * the same values compared the same way (Dexie's cmp is IndexedDB's order).
 */
export function sortInMemory<T>(
  rows: readonly T[],
  keyOf: (row: T) => MemorySortKey,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: keyOf(row) }));
  keyed.sort(
    (a, b) =>
      a.key.absent - b.key.absent ||
      sign * cmp(a.key.value, b.key.value) ||
      sign * (a.key.id - b.key.id),
  );
  return keyed.map(({ row }) => row);
}

/** The rows of a list at positions [offset, offset + rows.length), and the list's length. */
export interface ListWindow<T> {
  rows: T[];
  total: number;
}
