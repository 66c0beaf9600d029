// The bridge between the pure core's rows (`sheets:12` → a feed-shaped Row) and the user's Dexie
// tables (keyed [company, id], with derived list fields and totals). Every function here joins
// the caller's transaction when there is one, so a row, its total and the outbox entry that
// explains it are always written together.

import type { FeedRowOf } from '../../contract/feedRows';
import type { PurchasingDb } from '../../data/db';
import { applyRows, deleteRows } from '../../data/writes';
import { mapRow } from '../core/idMap';
import {
  asRow,
  type IdMap,
  parseRowKey,
  type Row,
  type RowKey,
  type RowMap,
  SYNC_TABLES,
  type SyncTable,
} from '../core/types';

/** Every table the engine writes in one transaction: rows, totals, number columns, cursor, outbox. */
export function engineTables(db: PurchasingDb) {
  return [
    db.sheets,
    db.orders,
    db.todos,
    db.staff,
    db.companies,
    db.brands,
    db.listTotals,
    db.numberColumns,
    db.meta,
    db.outbox,
  ];
}

/** The company's local rows of `keys` (absent rows are left out of the map, as core expects). */
export async function readRows(
  db: PurchasingDb,
  companyId: number,
  keys: Iterable<RowKey>,
): Promise<Map<RowKey, Row | null>> {
  const rows = new Map<RowKey, Row | null>();
  for (const key of new Set(keys)) {
    const { table, id } = parseRowKey(key);
    const row = asRow(await db.table(table).get([companyId, id]));
    if (row) rows.set(key, row);
  }
  return rows;
}

/**
 * A core Row as the feed row of its table. Core rows are feed rows plus effects (which keep the
 * feed's fields), so this is a reading, not a conversion; the one cast of the engine lives here.
 */
function asFeedRow<T extends SyncTable>(_table: T, row: Row): FeedRowOf[T] {
  return row as unknown as FeedRowOf[T];
}

/** Writes core rows for the company: a Row is put (derived fields and totals follow), null deleted. */
export async function writeRows(db: PurchasingDb, companyId: number, rows: RowMap): Promise<void> {
  for (const table of SYNC_TABLES) {
    const puts: Row[] = [];
    const deletes: number[] = [];
    for (const [key, row] of rows) {
      const parsed = parseRowKey(key);
      if (parsed.table !== table) continue;
      if (row) puts.push(row);
      else deletes.push(parsed.id);
    }
    if (deletes.length) await deleteRows(db, companyId, table, deletes);
    if (puts.length) await putRows(db, companyId, table, puts);
  }
}

function putRows(db: PurchasingDb, companyId: number, table: SyncTable, rows: Row[]) {
  switch (table) {
    case 'sheets':
      return applyRows(
        db,
        companyId,
        table,
        rows.map((r) => asFeedRow(table, r)),
      );
    case 'orders':
      return applyRows(
        db,
        companyId,
        table,
        rows.map((r) => asFeedRow(table, r)),
      );
    case 'todos':
      return applyRows(
        db,
        companyId,
        table,
        rows.map((r) => asFeedRow(table, r)),
      );
    case 'brands':
      return applyRows(
        db,
        companyId,
        table,
        rows.map((r) => asFeedRow(table, r)),
      );
  }
}

/**
 * After an applied create: rows created offline (negative ids) are re-keyed to their server ids
 * and their references to other temporary ids rewritten (a message on a sheet created offline).
 * Only rows with negative ids can hold temporary ids: server rows never name one.
 */
export async function remapTemporaryRows(
  db: PurchasingDb,
  companyId: number,
  map: IdMap,
): Promise<void> {
  if (map.size === 0) return;
  for (const table of SYNC_TABLES) {
    const stored = await db
      .table(table)
      .where(':id')
      .between([companyId, -Infinity], [companyId, 0], true, false)
      .toArray();
    const moved: number[] = [];
    const puts: Row[] = [];
    for (const value of stored) {
      const row = asRow(value);
      if (!row) continue;
      const mapped = mapRow(table, row, map);
      if (mapped === row) continue;
      if (mapped.id !== row.id) moved.push(row.id);
      puts.push(mapped);
    }
    if (moved.length) await deleteRows(db, companyId, table, moved);
    if (puts.length) await putRows(db, companyId, table, puts);
  }
}
