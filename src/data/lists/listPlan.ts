// How a filtered or re-sorted list window is answered from the `list_keys` index, for both lists
// (sheetListQuery.ts, orderListQuery.ts): a plan holds the slots the tab and its state filter
// leave; each quick-search filter yields the ids of its matches from index keys alone (brand,
// creation time, and what a list adds) or, for the number search, from the number column, their intersection narrows the walk of
// the sort's ranges; when the matches are few they are read and sorted in memory instead.
// Rows are read only for the window on screen.

import Dexie from 'dexie';
import { containsText, type TimeBounds } from '../../domain/list/listFilters';
import type { SortDirection } from '../../domain/list/listSort';
import type { PurchasingDb } from '../db';
import type { RowKey } from '../derive';
import { readTotal } from '../totals';
import {
  countRanges,
  distinctKeys,
  entryValue,
  type IndexEntry,
  type IndexRange,
  intersect,
  type ListTable,
  rangeOfPrefix,
  rowIdsInRanges,
  valueRange,
  walkIds,
} from './listStreams';
import { type NumberMatches, numberMatchIds, sortByCreated } from './numberColumn';

/** Up to this many matches are read and sorted in memory rather than walked in index order. */
export const IN_MEMORY_MATCHES = 1000;

/** A row of either list, as far as planning reads it. */
export interface PlannedRow {
  id: number;
}

export interface ListPlan<R extends PlannedRow> {
  db: PurchasingDb;
  table: ListTable;
  companyId: number;
  /** The tab's slots that the state filter leaves. */
  slots: string[];
  /**
   * The creation-time filter of a list sorted by creation time: the walk reads only the creation
   * entries within it (the others cannot match), not every one before the first match.
   */
  created?: TimeBounds;
  /** The tab's kept total (listKeys.ts), when the slots are the whole tab; else null. */
  totalKey: string | null;
  /** Rows read while filtering, kept for the in-memory sort. */
  rows: Map<number, R>;
  inMemoryMatches: number;
  /**
   * The number search's matches with their creation times (numberColumn.ts), when the list is
   * filtered by number: many matches are then ordered by creation time without a walk.
   */
  numberMatches?: NumberMatches;
}

/** The filters both lists answer alike (listFilters.ts). */
export interface CommonFilters {
  name?: string;
  brandName?: string;
  created?: TimeBounds;
}

/** How the list's sort walks the index: ranges in groups (listStreams.ts `Walk`). */
export interface SortWalk {
  direction: SortDirection;
  /** The field sorted by, when the walk is one field's ranges (fieldWalk). */
  field?: string;
  groups: readonly (readonly IndexRange[])[];
  rowOf(entry: IndexEntry): number;
}

/** The row an entry belongs to: its own primary key. */
export const idOf = (entry: IndexEntry): number => entry.primaryKey[1];

/** The rows of these ids, those read before from the plan's memory. */
export async function readRows<R extends PlannedRow>(
  plan: ListPlan<R>,
  ids: Iterable<number>,
): Promise<R[]> {
  const wanted = [...ids];
  const missing = wanted.filter((id) => !plan.rows.has(id));
  const table = plan.db.table<R, RowKey>(plan.table);
  const read = await table.bulkGet(missing.map((id): RowKey => [plan.companyId, id]));
  for (const row of read) if (row) plan.rows.set(row.id, row);
  return wanted.flatMap((id) => plan.rows.get(id) ?? []);
}

/** One range per slot: the field's entries with a value (absent 0) or without one (absent 1). */
export function fieldRanges<R extends PlannedRow>(
  plan: ListPlan<R>,
  field: string,
  absent: 0 | 1,
): IndexRange[] {
  return plan.slots.map((slot) => rangeOfPrefix(plan.table, [plan.companyId, slot, field, absent]));
}

/** The slots' creation entries, within `bounds` if given. */
function createdRanges<R extends PlannedRow>(
  plan: ListPlan<R>,
  bounds: TimeBounds | undefined,
): IndexRange[] {
  const { from, to } = bounds ?? {};
  return plan.slots.map((slot) =>
    valueRange(plan.table, [plan.companyId, slot, 'created'], from, to),
  );
}

/**
 * The sort by one field: its values in order, then the rows without one (none when a creation
 * filter bounds a sort by creation time).
 */
export function fieldWalk<R extends PlannedRow>(
  plan: ListPlan<R>,
  field: string,
  direction: SortDirection,
): SortWalk {
  const groups =
    field === 'created' && plan.created
      ? [createdRanges(plan, plan.created)]
      : [fieldRanges(plan, field, 0), fieldRanges(plan, field, 1)];
  return { direction, field, rowOf: idOf, groups };
}

/** Ids of the rows whose value of `field` passes `accept`, one step per distinct value. */
export async function idsWithValue<R extends PlannedRow>(
  plan: ListPlan<R>,
  field: string,
  accept: (value: unknown) => boolean,
): Promise<Set<number>> {
  const keys = await distinctKeys(plan.db, fieldRanges(plan, field, 0));
  const ranges = keys
    .filter((key) => accept(entryValue(key)))
    .map((key) => rangeOfPrefix(plan.table, key));
  return rowIdsInRanges(plan.db, ranges);
}

/**
 * Narrows `only` (null: no filter yet) by the common filters. The number search comes last: when
 * the matches so far are few, they are read and checked with `nameMatches`; otherwise the
 * company's number column answers ("contains", numberColumn.ts), limited to the plan's slots.
 */
export async function commonMatches<R extends PlannedRow>(
  plan: ListPlan<R>,
  filters: CommonFilters,
  only: Set<number> | null,
  nameMatches: (row: R, text: string) => boolean,
): Promise<Set<number> | null> {
  const { brandName, created, name } = filters;
  let matches = only;
  if (brandName) {
    const brand = (value: unknown) => typeof value === 'string' && containsText(value, brandName);
    matches = intersect(matches, await idsWithValue(plan, 'brand', brand));
  }
  if (created) {
    matches = intersect(matches, await rowIdsInRanges(plan.db, createdRanges(plan, created)));
  }
  if (name) {
    if (matches !== null && matches.size <= plan.inMemoryMatches) {
      const rows = await readRows(plan, matches);
      matches = new Set(rows.filter((row) => nameMatches(row, name)).map((row) => row.id));
    } else {
      const found = await numberMatchIds(plan.db, plan.companyId, plan.table, name, plan.slots);
      plan.numberMatches = found;
      matches = intersect(matches, new Set(found.keys()));
    }
  }
  return matches;
}

export interface PlannedWindow<R> {
  /** The ids of the filters' matches; null: the list is not filtered by matches. */
  only: Set<number> | null;
  walk: SortWalk;
  /** The slot a row is in (a match read in memory must still be in the plan's slots). */
  slotOf(row: R): string;
  /**
   * Sorts matches in memory in the walk's order; a Dexie promise when it reads nothing (only those
   * may be awaited in a transaction, listStreams.ts).
   */
  sortMatches(rows: R[]): Promise<R[]>;
  offset: number;
  limit: number;
}

/** The ids at the window's positions of the planned list, and the list's length. */
export async function plannedIds<R extends PlannedRow>(
  plan: ListPlan<R>,
  window: PlannedWindow<R>,
): Promise<{ ids: number[]; total: number }> {
  const { db } = plan;
  const { only, walk, offset, limit } = window;
  const walking = { db, offset, limit, ...walk };
  if (only === null) {
    const [ids, total] = await Dexie.Promise.all([
      walkIds({ ...walking, only: null }),
      plan.totalKey === null
        ? countRanges(db, fieldRanges(plan, 'created', 0))
        : readTotal(db, plan.totalKey),
    ]);
    return { ids, total };
  }
  const created = plan.numberMatches;
  // Number matches in the default sort: ordered by the creation times the column holds, without
  // reading a row (a walk reads every newer entry first, seconds when the matches are all old;
  // reading 1,000 matches to sort them took ~300 ms). Its matches are in the plan's slots.
  if (walk.field === 'created' && created && [...only].every((id) => created.has(id))) {
    const ids = sortByCreated(only, created, walk.direction);
    return Dexie.Promise.resolve({ ids: ids.slice(offset, offset + limit), total: only.size });
  }
  if (only.size > plan.inMemoryMatches) {
    return { ids: await walkIds({ ...walking, only }), total: only.size };
  }
  const slots = new Set(plan.slots);
  const rows = (await readRows(plan, only)).filter((row) => slots.has(window.slotOf(row)));
  const sorted = await window.sortMatches(rows);
  return { ids: sorted.slice(offset, offset + limit).map((row) => row.id), total: rows.length };
}
