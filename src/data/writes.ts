// Writing synced rows: one feed page (or one optimistic change) goes into the tables and their
// list totals in ONE read-write transaction, so a list and its total never disagree, not even for
// a live query between two writes. Called inside a caller's transaction that includes the same
// tables (the pull writes rows, cursor and rebased outbox effects together), Dexie joins it.

import type { Table } from 'dexie';
import { type FeedChange, type FeedRowOf, SYNC_TABLES, type SyncTable } from '../contract/feedRows';
import type { PurchasingDb } from './db';
import { DERIVE, type RowKey, type StoredRowOf } from './derive';
import { type TotalShare, totalSharesOf } from './lists/listKeys';
import {
  clearNumberColumns,
  type NumberRow,
  numberRecords,
  writeNumberRecords,
} from './lists/numberColumn';
import { companyMetaKey } from './meta';
import { addToTotals, clearCompanyTotals, prefixRange } from './totals';

interface Write<T extends SyncTable> {
  key: RowKey;
  /** null: delete. */
  row: StoredRowOf[T] | null;
}

/** A page's writes by table (a change's row type follows its table: writeOf derives it). */
type Writes = Record<SyncTable, Write<SyncTable>[]>;

const emptyWrites = (): Writes => ({
  sheets: [],
  orders: [],
  todos: [],
  staff: [],
  companies: [],
  brands: [],
});

/** Feed ids are strings of digits; anything else is a malformed page, refused before writing. */
export function toRowId(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new Error(`malformed row id in the sync feed: ${id}`);
  return Number(id);
}

function upsert<T extends SyncTable>(table: T, companyId: number, row: FeedRowOf[T]): Write<T> {
  const stored = DERIVE[table](companyId, row);
  return { key: [companyId, stored.id], row: stored };
}

/** A feed entry as a write: an upsert with its derived fields, or a tombstone (`row` null). */
function writeOf<T extends SyncTable>(
  table: T,
  companyId: number,
  id: string,
  row: FeedRowOf[T] | null,
): Write<T> {
  const rowId = toRowId(id);
  return row ? upsert(table, companyId, row) : { key: [companyId, rowId], row: null };
}

/** Adds a row's shares to the totals it enters (+1) or takes them from those it leaves (−1). */
function countChange(deltas: Map<string, number>, shares: readonly TotalShare[], sign: 1 | -1) {
  for (const [key, amount] of shares) deltas.set(key, (deltas.get(key) ?? 0) + sign * amount);
}

const versionOf = (row: unknown): number | null =>
  typeof row === 'object' && row !== null && 'version' in row && typeof row.version === 'number'
    ? row.version
    : null;

/** Below this many keys a page's rows are read one by one at once (bulkGet) without a probe. */
export const PROBE_FROM_KEYS = 64;

/**
 * The stored rows of `keys` (one company's), undefined where there is none. A page of a first sync
 * brings rows that are not stored yet, and reading a thousand absent keys one by one costs the
 * worker a round trip for each: so a large page first asks which keys its id range holds (one
 * key-only range read, at most twice as many keys as the page) and reads only those rows. A
 * range holding more (a later pull of rows spread over the whole table) is read key by key.
 */
async function storedOf<R>(store: Table<R, RowKey>, keys: readonly RowKey[]) {
  if (keys.length < PROBE_FROM_KEYS) return store.bulkGet([...keys]);
  const [companyId] = keys[0] ?? [0];
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const [, rowId] of keys) {
    low = Math.min(low, rowId);
    high = Math.max(high, rowId);
  }
  const limit = 2 * keys.length;
  const there = await store
    .where(':id')
    .between([companyId, low], [companyId, high], true, true)
    .limit(limit)
    .primaryKeys();
  if (there.length >= limit) return store.bulkGet([...keys]);
  const stored = new Set(there.map(([, rowId]) => rowId));
  const read = keys.filter(([, rowId]) => stored.has(rowId));
  const rows = new Map<number, R | undefined>();
  if (read.length > 0) {
    const found = await store.bulkGet(read);
    read.forEach(([, rowId], i) => {
      rows.set(rowId, found[i]);
    });
  }
  return keys.map(([, rowId]) => rows.get(rowId));
}

/**
 * Writes one table's share of a page with one read of the rows it touches. With `keepNewer`, an
 * upsert older than the row already there is skipped (an applied mutation answer may have put a
 * newer version first); the skipped writes are returned.
 */
async function writeTable<T extends SyncTable>(
  db: PurchasingDb,
  table: T,
  writes: Write<T>[],
  deltas: Map<string, number>,
  keepNewer = false,
): Promise<Set<Write<T>>> {
  const skipped = new Set<Write<T>>();
  if (writes.length === 0) return skipped;
  const store = db.table<StoredRowOf[T], RowKey>(table);
  const id = (key: RowKey) => `${key[0]}/${key[1]}`;
  const keys = [...new Map(writes.map((w) => [id(w.key), w.key])).values()];
  const before = await storedOf(store, keys);
  // The row as it stands after each write so far: a page may touch one row twice.
  const current = new Map(keys.map((key, i) => [id(key), before[i]]));
  for (const write of writes) {
    const there = versionOf(current.get(id(write.key)));
    const coming = versionOf(write.row);
    if (keepNewer && there !== null && coming !== null && there > coming) {
      skipped.add(write);
      continue;
    }
    countChange(deltas, totalSharesOf(table, current.get(id(write.key))), -1);
    countChange(deltas, totalSharesOf(table, write.row ?? undefined), 1);
    current.set(id(write.key), write.row ?? undefined);
  }
  const puts: StoredRowOf[T][] = [];
  const deletes: RowKey[] = [];
  for (const key of keys) {
    const row = current.get(id(key));
    if (row) puts.push(row);
    else deletes.push(key);
  }
  await store.bulkPut(puts);
  await store.bulkDelete(deletes);
  if (table === 'sheets' || table === 'orders') {
    // The number column follows the rows: a row whose numbers or slot changed is rewritten.
    const changed = new Map<number, string>();
    keys.forEach((key, i) => {
      const records = numberRecords(table, current.get(id(key)) as NumberRow | undefined);
      if (records !== numberRecords(table, before[i] as NumberRow | undefined)) {
        changed.set(key[1], records);
      }
    });
    await writeNumberRecords(db, companyOf(keys), table, changed);
  }
  return skipped;
}

/** The company of a table's writes (all of one page are the same company's). */
const companyOf = (keys: readonly RowKey[]): number => keys[0]?.[0] ?? 0;

/**
 * Runs `body` in one rw transaction over `tables`, the totals and the number columns, then
 * applies its total deltas.
 */
function inWriteTransaction(
  db: PurchasingDb,
  tables: readonly SyncTable[],
  body: (deltas: Map<string, number>) => Promise<void>,
): Promise<void> {
  if (tables.length === 0) return Promise.resolve();
  const kept = [db.listTotals, db.numberColumns];
  return db.transaction('rw', [...tables.map((t) => db.table(t)), ...kept], async () => {
    const deltas = new Map<string, number>();
    await body(deltas);
    await addToTotals(db, deltas);
  });
}

/**
 * Applies one page of the company's feed, in order, with its totals, in one transaction.
 * `keepNewer`: a pulled row older than the local one is skipped. Answers the changes applied.
 */
export async function applyChanges(
  db: PurchasingDb,
  companyId: number,
  changes: readonly FeedChange[],
  options: { keepNewer?: boolean } = {},
): Promise<FeedChange[]> {
  const writes = emptyWrites();
  const sources = new Map<Write<SyncTable>, FeedChange>();
  for (const change of changes) {
    const write = writeOf(change.table, companyId, change.id, change.row);
    writes[change.table].push(write);
    sources.set(write, change);
  }
  const touched = SYNC_TABLES.filter((table) => writes[table].length > 0);
  const skipped = new Set<FeedChange>();
  await inWriteTransaction(db, touched, async (deltas) => {
    for (const table of touched) {
      const left = await writeTable(db, table, writes[table], deltas, options.keepNewer);
      for (const write of left) {
        const change = sources.get(write);
        if (change) skipped.add(change);
      }
    }
  });
  return changes.filter((change) => !skipped.has(change));
}

/** Stores rows (as the feed or a mutation answer delivers them) for the company, with totals. */
export function applyRows<T extends SyncTable>(
  db: PurchasingDb,
  companyId: number,
  table: T,
  rows: readonly FeedRowOf[T][],
): Promise<void> {
  const writes = rows.map((row) => upsert(table, companyId, row));
  return inWriteTransaction(db, writes.length ? [table] : [], async (deltas) => {
    await writeTable(db, table, writes, deltas);
  });
}

/** Removes the company's copies of rows, with totals. */
export function deleteRows(
  db: PurchasingDb,
  companyId: number,
  table: SyncTable,
  ids: readonly number[],
): Promise<void> {
  const writes = ids.map((id): Write<SyncTable> => ({ key: [companyId, id], row: null }));
  return inWriteTransaction(db, writes.length ? [table] : [], async (deltas) => {
    await writeTable(db, table, writes, deltas);
  });
}

/**
 * Forgets everything synced for the company: its rows, totals, number columns and cursor, in one
 * transaction, so a resync after 410 starts clean. The outbox and files are kept (their entries are replayed on
 * top of the fresh rows).
 */
export function clearCompany(db: PurchasingDb, companyId: number): Promise<void> {
  const tables = SYNC_TABLES.map((t) => db.table(t));
  return db.transaction('rw', [...tables, db.listTotals, db.numberColumns, db.meta], async () => {
    const [lower, upper] = prefixRange([companyId]);
    for (const table of tables) {
      await table.where(':id').between(lower, upper, true, true).delete();
    }
    await clearCompanyTotals(db, companyId);
    await clearNumberColumns(db, companyId);
    await db.meta.delete(companyMetaKey(companyId));
  });
}

/** Keys (`[company, id]`) of every stored row of the company in a table, for tests and checks. */
export function companyRowKeys(db: PurchasingDb, table: SyncTable, companyId: number) {
  const [lower, upper] = prefixRange([companyId]);
  return db.table(table).where(':id').between(lower, upper, true, true).primaryKeys();
}
