// Temporary (negative) ids → server ids, applied wherever a temporary id may sit: later entries'
// payloads (and so their paths), local rows (primary keys and references such as a message on a
// sheet created offline), rows kept in entries for rollback, and the URL of an open detail page.
// Server ids are positive and temporary ids are never reused, so mappings commute: applying them
// in any order, one by one or all at once, gives the same result.
import { isRecord } from '../../domain/guards';
import { mapPayloadIds, type OutboxEntry } from './mutations';
import { mapId } from './mutations/spec';
import {
  beforeRows,
  type IdMap,
  parseRowKey,
  type Row,
  type RowKey,
  type RowMap,
  rowKey,
  type SyncTable,
} from './types';

/**
 * Where each table's rows hold ids that may be temporary: the engine finds rows to rewrite
 * through these (e.g. todos by `module_id` for a message thread on a sheet created offline).
 */
export const ROW_REFERENCES: Readonly<Record<SyncTable, readonly string[]>> = {
  sheets: ['id', 'brand.id'],
  orders: ['id', 'sheet_id'],
  todos: ['id', 'module_id'],
  brands: ['id'],
};

export function mergeIdMap(map: IdMap, pairs: Iterable<readonly [number, number]>): IdMap {
  const merged = new Map(map);
  for (const [temporary, server] of pairs) {
    if (temporary < 0 && server > 0) merged.set(temporary, server);
  }
  return merged;
}

function mapField(row: Row, field: string, map: IdMap): Row {
  const [head, nested] = field.split('.', 2);
  if (head === undefined) return row;
  const value = row[head];
  if (nested === undefined) {
    if (typeof value !== 'number' || mapId(value, map) === value) return row;
    return { ...row, [head]: mapId(value, map) };
  }
  if (!isRecord(value)) return row;
  const inner = value[nested];
  if (typeof inner !== 'number' || mapId(inner, map) === inner) return row;
  return { ...row, [head]: { ...value, [nested]: mapId(inner, map) } };
}

/** The row with its temporary id and references mapped; the same object when nothing changed. */
export function mapRow(table: SyncTable, row: Row, map: IdMap): Row {
  return ROW_REFERENCES[table].reduce((current, field) => mapField(current, field, map), row);
}

export function mapRowKey(key: RowKey, map: IdMap): RowKey {
  const { table, id } = parseRowKey(key);
  return rowKey(table, mapId(id, map));
}

/** Rows re-keyed and rewritten (a row moves from `sheets:-3` to `sheets:1234`). */
export function mapRows(rows: RowMap, map: IdMap): Map<RowKey, Row | null> {
  const mapped = new Map<RowKey, Row | null>();
  for (const [key, row] of rows) {
    const { table } = parseRowKey(key);
    mapped.set(mapRowKey(key, map), row === null ? null : mapRow(table, row, map));
  }
  return mapped;
}

/** The entry with every temporary id it names mapped: payload, entity key, rollback rows. */
export function mapEntry(entry: OutboxEntry, map: IdMap): OutboxEntry {
  const before: Partial<Record<RowKey, Row | null>> = {};
  for (const [key, row] of beforeRows(entry.before)) {
    before[mapRowKey(key, map)] = row === null ? null : mapRow(parseRowKey(key).table, row, map);
  }
  const mapped = { ...mapPayloadIds(entry, map), before };
  // The same object when the map names none of its ids, so the engine rewrites only what moved.
  return JSON.stringify(mapped) === JSON.stringify(entry) ? entry : mapped;
}

export const mapEntries = (entries: readonly OutboxEntry[], map: IdMap): OutboxEntry[] =>
  entries.map((entry) => mapEntry(entry, map));

const TEMPORARY = /^-\d+$/;

/** A stored entity key (`sheets:-3`, `threads:ORDER:-3`) with its temporary id mapped. */
export function mapEntityKey(key: string, map: IdMap): string {
  return key
    .split(':')
    .map((part) => (TEMPORARY.test(part) ? String(mapId(Number(part), map)) : part))
    .join(':');
}

/**
 * A URL search string with temporary ids replaced (`?id=-3` → `?id=1234`), so an open detail
 * page of a sheet created offline keeps working; other parameters are left byte for byte.
 */
export function mapSearch(search: string, map: IdMap): string {
  const prefix = search.startsWith('?') ? '?' : '';
  const body = prefix ? search.slice(1) : search;
  if (body === '') return search;
  const parts = body.split('&').map((part) => {
    const at = part.indexOf('=');
    if (at < 0) return part;
    const value = part.slice(at + 1);
    if (!TEMPORARY.test(value)) return part;
    return `${part.slice(0, at + 1)}${mapId(Number(value), map)}`;
  });
  return prefix + parts.join('&');
}
