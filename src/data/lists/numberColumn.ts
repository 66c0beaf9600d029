// The number search finds a fragment anywhere inside a number, as the server's `ilike '%text%'`
// does (issue 18, audit P30). No index answers "contains", so each company keeps, per list, its
// numbers as a few long strings (`numberColumns`), written with the rows in one transaction and
// searched with indexOf: one range read and a string scan instead of a scan of 100k rows.

import Dexie from 'dexie';
import type { PurchasingDb } from '../db';
import type { StoredOrder, StoredSheet } from '../derive';
import { orderFieldValue, orderSlot, sheetFieldValue, sheetSlot } from './listIndex';

export type NumberKind = 'sheets' | 'orders';

/**
 * One bucket of a company's numbers of one list: `text` is a run of records
 * `\n<number in lower case>\t<row id>\t<row slot>\t<row creation time>`, one per number (an
 * order has two: its own number and its purchase number). The creation time ('' for none) lets
 * the lists' default sort order many matches without walking the index (listPlan.ts).
 */
export interface NumberColumn {
  company_id: number;
  kind: NumberKind;
  bucket: number;
  text: string;
}

/** Rows per bucket by id: a feed page of new rows (consecutive ids) rewrites one or two buckets. */
export const BUCKET_ROWS = 2048;

export const bucketOf = (id: number): number => Math.floor(id / BUCKET_ROWS);

/** Record separators cannot be part of a number as stored here (numbers hold neither). */
const clean = (number: string): string => number.toLowerCase().replace(/[\n\t]/g, ' ');

/** A row of either list, as the column reads it. */
export type NumberRow = StoredSheet | StoredOrder;

const isOrder = (kind: NumberKind, _row: NumberRow): _row is StoredOrder => kind === 'orders';

/** The records of one row: its numbers with its id and slot; '' for no row. */
export function numberRecords(kind: NumberKind, row: NumberRow | null | undefined): string {
  if (!row) return '';
  const order = isOrder(kind, row) ? row : null;
  const numbers = order ? [order.name, order.inquiry_no] : [row.name];
  const slot = order ? orderSlot(order) : sheetSlot((row as StoredSheet).state);
  const created =
    (order ? orderFieldValue(order, 'created') : sheetFieldValue(row as StoredSheet, 'created')) ??
    '';
  return numbers
    .filter((n): n is string => typeof n === 'string' && n !== '')
    .map((n) => `\n${clean(n)}\t${row.id}\t${slot}\t${created}`)
    .join('');
}

/** A bucket's records by row id (each id's records kept together, in the order written). */
function parseBucket(text: string): Map<number, string> {
  const byId = new Map<number, string>();
  let at = 0;
  while (at < text.length) {
    const next = text.indexOf('\n', at + 1);
    const end = next === -1 ? text.length : next;
    const record = text.slice(at, end);
    const tab = record.indexOf('\t');
    const id = Number(record.slice(tab + 1, record.indexOf('\t', tab + 1)));
    byId.set(id, (byId.get(id) ?? '') + record);
    at = end;
  }
  return byId;
}

const columnKey = (
  companyId: number,
  kind: NumberKind,
  bucket: number,
): [number, string, number] => [companyId, kind, bucket];

/**
 * Sets the records of changed rows (`records` '' removes the row) in their buckets. Call inside
 * the writer's rw transaction, which must include `numberColumns`.
 */
export async function writeNumberRecords(
  db: PurchasingDb,
  companyId: number,
  kind: NumberKind,
  changes: ReadonlyMap<number, string>,
): Promise<void> {
  if (changes.size === 0) return;
  const byBucket = new Map<number, Array<[number, string]>>();
  for (const [id, records] of changes) {
    const bucket = bucketOf(id);
    const list = byBucket.get(bucket) ?? [];
    list.push([id, records]);
    byBucket.set(bucket, list);
  }
  const buckets = [...byBucket.keys()];
  const stored = await db.numberColumns.bulkGet(buckets.map((b) => columnKey(companyId, kind, b)));
  const puts: NumberColumn[] = [];
  const removed: Array<[number, string, number]> = [];
  buckets.forEach((bucket, i) => {
    const byId = parseBucket(stored[i]?.text ?? '');
    for (const [id, records] of byBucket.get(bucket) ?? []) {
      if (records) byId.set(id, records);
      else byId.delete(id);
    }
    const text = [...byId.values()].join('');
    if (text) puts.push({ company_id: companyId, kind, bucket, text });
    else removed.push(columnKey(companyId, kind, bucket));
  });
  await db.numberColumns.bulkPut(puts);
  await db.numberColumns.bulkDelete(removed);
}

/** Removes every bucket of the company (a 410 resync; inside the caller's rw transaction). */
export function clearNumberColumns(db: PurchasingDb, companyId: number): Promise<number> {
  return db.numberColumns
    .where(':id')
    .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey], true, true)
    .delete();
}

/** The company's buckets of one list, in one range read (a Dexie promise: safe in a transaction). */
export function readNumberColumn(
  db: PurchasingDb,
  companyId: number,
  kind: NumberKind,
): Promise<NumberColumn[]> {
  return db.numberColumns
    .where(':id')
    .between([companyId, kind, Dexie.minKey], [companyId, kind, Dexie.maxKey], true, true)
    .toArray();
}

/** The matches of a number search: row id → its creation time ('' for none). */
export type NumberMatches = Map<number, string>;

/**
 * The rows one of whose numbers contains `needle` (case-insensitive, every character literal:
 * `%` and `_` are plain text, as the server escapes them), limited to `slots` when given, with
 * their creation times. Occurrences are found with indexOf, never with a pattern built from the
 * text.
 */
export function idsContaining(
  columns: readonly NumberColumn[],
  needle: string,
  slots: ReadonlySet<string> | null,
): NumberMatches {
  const ids: NumberMatches = new Map();
  const text = needle.toLowerCase();
  // A number holds neither separator, so a text with one is in no number.
  if (text === '' || text.includes('\n') || text.includes('\t')) return ids;
  for (const { text: column } of columns) {
    let from = 0;
    for (;;) {
      const at = column.indexOf(text, from);
      if (at === -1) break;
      const start = column.lastIndexOf('\n', at);
      const idTab = column.indexOf('\t', start);
      const slotTab = column.indexOf('\t', idTab + 1);
      const createdTab = column.indexOf('\t', slotTab + 1);
      const next = column.indexOf('\n', createdTab);
      const end = next === -1 ? column.length : next;
      // Found in the number part of its record (not in the fields after it): a match.
      if (at < idTab) {
        const slot = column.slice(slotTab + 1, createdTab);
        if (!slots || slots.has(slot)) {
          ids.set(Number(column.slice(idTab + 1, slotTab)), column.slice(createdTab + 1, end));
        }
      }
      if (next === -1) break;
      from = next;
    }
  }
  return ids;
}

/** The rows whose numbers of one list contain `needle`, in the plan's slots. */
export function numberMatchIds(
  db: PurchasingDb,
  companyId: number,
  kind: NumberKind,
  needle: string,
  slots: readonly string[] | null,
): Promise<NumberMatches> {
  const wanted = slots ? new Set(slots) : null;
  return readNumberColumn(db, companyId, kind).then((columns) =>
    idsContaining(columns, needle, wanted),
  );
}

/**
 * `ids` in the order of the lists' sort by creation time (the index walk's order: time, then
 * id, in `direction`; rows without a time last in either direction), from their creation times.
 */
export function sortByCreated(
  ids: Iterable<number>,
  created: ReadonlyMap<number, string>,
  direction: 'asc' | 'desc',
): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = [...ids].map((id) => ({ id, time: created.get(id) ?? '' }));
  keyed.sort((a, b) => {
    if ((a.time === '') !== (b.time === '')) return a.time === '' ? 1 : -1;
    if (a.time !== b.time) return sign * (a.time < b.time ? -1 : 1);
    return sign * (a.id - b.id);
  });
  return keyed.map((k) => k.id);
}

/** Adds a row's records to columns being built (rows in id order: the schema upgrade, tests). */
export function addToColumns(
  columns: Map<string, NumberColumn>,
  kind: NumberKind,
  row: StoredSheet | StoredOrder,
): void {
  const records = numberRecords(kind, row);
  if (!records) return;
  const bucket = bucketOf(row.id);
  const key = `${row.company_id}:${kind}:${bucket}`;
  const column = columns.get(key) ?? { company_id: row.company_id, kind, bucket, text: '' };
  column.text += records;
  columns.set(key, column);
}

/** The column recomputed from rows (what the writer must keep; the tests compare with it). */
export function columnFromRows(
  kind: NumberKind,
  rows: Iterable<StoredSheet | StoredOrder>,
): Map<string, NumberColumn> {
  const columns = new Map<string, NumberColumn>();
  const sorted = [...rows].sort((a, b) => a.company_id - b.company_id || a.id - b.id);
  for (const row of sorted) addToColumns(columns, kind, row);
  return columns;
}
