// The purchase list's rows (purchasing-core §2.2) for one window of the screen: the tab, the
// sort of its address and its quick-search filters, read from the local database only.
// An unfiltered list sorted by creation or state change time reads its own compound index and
// its kept total (queries.ts). Any other sort or a filter goes through `list_keys`: each filter
// narrows the slots (state group) or yields the ids of its matches from index keys alone, and
// the sort walks the index in order, skipping what a filter left out; when the matches are few,
// they are read and sorted in memory instead. Rows are read only for the window shown.

import Dexie from 'dexie';
import {
  containsText,
  hasFilters,
  numberMatches,
  type SheetFilterSet,
  sheetFilterSet,
} from '../domain/list/listFilters';
import type { ListQuery } from '../domain/list/listQuery';
import { type ListSort, type SheetSortKey, sheetListSort } from '../domain/list/listSort';
import { SHEET_LIST_TYPE_INFO, type SheetListType } from '../domain/purchase/listTypes';
import type { PurchasingDb } from './db';
import type { StoredOrder, StoredSheet } from './derive';
import {
  FIND_FIELD,
  findPrefixes,
  PURCHASE_FIELD_OF_COLUMN,
  type PurchaseField,
  purchaseFieldValue,
  purchaseSlot,
  type SheetField,
  sheetFieldValue,
  sheetSlot,
  sheetSlotsOf,
  sheetSlotsOfGroups,
} from './listIndex';
import { sheetListTotalKey } from './listKeys';
import {
  countRanges,
  distinctKeys,
  entryValue,
  type IndexEntry,
  type IndexRange,
  idsInRanges,
  intersect,
  type ListWindow,
  type MemorySortKey,
  rangeOfPrefix,
  rowIdsInRanges,
  sortInMemory,
  startsWithRange,
  valueRange,
  walkIds,
} from './listStreams';
import { purchaseListPage } from './queries';
import { readTotal } from './totals';

export interface SheetListRow {
  sheet: StoredSheet;
  /** The sheet's order, on the tabs that show the order table. */
  order: StoredOrder | null;
}

export interface SheetListRequest {
  companyId: number;
  listType: SheetListType;
  /** The list's address: filters, filterKey, filterSort. */
  query: ListQuery;
  /** The user's timezone: a date filter means whole days there. */
  timeZone: string;
  offset: number;
  limit: number;
  /** Up to this many matches are read and sorted in memory (IN_MEMORY_MATCHES; tests vary it). */
  inMemoryMatches?: number;
}

/** Up to this many matches are read and sorted in memory rather than walked in index order. */
export const IN_MEMORY_MATCHES = 1000;

const SHEET_FIELD_OF_SORT: Partial<Record<SheetSortKey, SheetField>> = {
  name: 'name',
  brand: 'brand',
  owner: 'owner',
  taxed_amount: 'amount',
  state_change_time: 'changed',
  create_time: 'created',
};

const PURCHASE_FIELD_OF_SORT: Partial<Record<SheetSortKey, PurchaseField>> = {
  forecast_receive_date: PURCHASE_FIELD_OF_COLUMN.forecastReceiveDate,
  payment_state: PURCHASE_FIELD_OF_COLUMN.paymentState,
  invoice_state: PURCHASE_FIELD_OF_COLUMN.invoiceState,
  sign_time: PURCHASE_FIELD_OF_COLUMN.signTime,
};

const idOf = (entry: IndexEntry): number => entry.primaryKey[1];
/** The purchase list's order-column entries end with their sheet's id. */
const lastOf = (entry: IndexEntry): number => entry.key[entry.key.length - 1] as number;

interface Plan {
  db: PurchasingDb;
  companyId: number;
  listType: SheetListType;
  slots: string[];
  /** Rows read while filtering, kept for the in-memory sort. */
  rows: Map<number, StoredSheet>;
  inMemoryMatches: number;
}

async function readSheets(plan: Plan, ids: Iterable<number>): Promise<StoredSheet[]> {
  const missing = [...ids].filter((id) => !plan.rows.has(id));
  const read = await plan.db.sheets.bulkGet(missing.map((id) => [plan.companyId, id]));
  for (const sheet of read) if (sheet) plan.rows.set(sheet.id, sheet);
  return [...ids].flatMap((id) => plan.rows.get(id) ?? []);
}

const fieldRanges = (plan: Plan, field: SheetField, absent: 0 | 1): IndexRange[] =>
  plan.slots.map((slot) => rangeOfPrefix('sheets', [plan.companyId, slot, field, absent]));

/** Ids of the rows whose value of `field` passes `accept`, one step per distinct value. */
async function idsWithValue(
  plan: Plan,
  field: SheetField,
  accept: (value: unknown) => boolean,
): Promise<Set<number>> {
  const keys = await distinctKeys(plan.db, fieldRanges(plan, field, 0));
  const ranges = keys
    .filter((key) => accept(entryValue(key)))
    .map((key) => rangeOfPrefix('sheets', key));
  return rowIdsInRanges(plan.db, ranges);
}

/** Ids of the SIGNED sheets whose order has one of the codes in `field`. */
function idsWithOrderCode(plan: Plan, field: PurchaseField, codes: readonly string[]) {
  const slot = purchaseSlot(plan.listType);
  const ranges = codes.map((code) =>
    rangeOfPrefix('orders', [plan.companyId, slot, field, 0, code]),
  );
  return idsInRanges(plan.db, ranges, lastOf);
}

/**
 * The ids of the rows that pass the filters answered by matches (every filter but the state
 * group, which narrows the slots); null when there are none.
 */
function matchingIds(plan: Plan, filters: SheetFilterSet): Promise<Set<number> | null> {
  const { stateGroups: _slots, ...matched } = filters;
  // Only Dexie's promises may be awaited in a transaction (listStreams.ts).
  if (!hasFilters(matched)) return Dexie.Promise.resolve(null);
  return collectMatches(plan, filters);
}

async function collectMatches(plan: Plan, filters: SheetFilterSet): Promise<Set<number>> {
  let only: Set<number> | null = null;
  const { owners, brandName, created, invoiceStates, outboundStates, name } = filters;
  if (owners) {
    const wanted = new Set(owners);
    const owner = (value: unknown) => Array.isArray(value) && wanted.has(value[1]);
    only = intersect(only, await idsWithValue(plan, 'owner', owner));
  }
  if (brandName) {
    const brand = (value: unknown) => typeof value === 'string' && containsText(value, brandName);
    only = intersect(only, await idsWithValue(plan, 'brand', brand));
  }
  if (created) {
    const ranges = plan.slots.map((slot) =>
      valueRange('sheets', [plan.companyId, slot, 'created'], created.from, created.to),
    );
    only = intersect(only, await rowIdsInRanges(plan.db, ranges));
  }
  if (invoiceStates) {
    only = intersect(only, await idsWithOrderCode(plan, 'invoice', invoiceStates));
  }
  if (outboundStates) {
    only = intersect(only, await idsWithOrderCode(plan, 'payment', outboundStates));
  }
  if (name) {
    // Few matches so far are read and checked; otherwise the number's own entries answer.
    if (only !== null && only.size <= plan.inMemoryMatches) {
      const sheets = await readSheets(plan, only);
      only = new Set(sheets.filter((s) => numberMatches(s.name, name)).map((s) => s.id));
    } else {
      const ranges = plan.slots.flatMap((slot) =>
        findPrefixes(name).map((text) =>
          startsWithRange('sheets', [plan.companyId, slot, FIND_FIELD], text),
        ),
      );
      only = intersect(only, await rowIdsInRanges(plan.db, ranges));
    }
  }
  return only ?? new Set();
}

/** The walk of `sort` over the plan's slots: index ranges in sort order. */
function sortWalk(plan: Plan, sort: ListSort<SheetSortKey>) {
  const { companyId, listType } = plan;
  const purchaseField = PURCHASE_FIELD_OF_SORT[sort.key];
  if (purchaseField) {
    // The orders' values, then the rows without one: on an order or on a sheet without order.
    const prefix = (absent: 0 | 1) => [companyId, purchaseSlot(listType), purchaseField, absent];
    return {
      rowOf: lastOf,
      groups: [
        [rangeOfPrefix('orders', prefix(0))],
        [rangeOfPrefix('orders', prefix(1)), rangeOfPrefix('sheets', prefix(1))],
      ],
    };
  }
  const field = SHEET_FIELD_OF_SORT[sort.key];
  if (field) {
    return { rowOf: idOf, groups: [fieldRanges(plan, field, 0), fieldRanges(plan, field, 1)] };
  }
  // The state: state by state (slots are in state order), newest first within a state.
  const slots = sort.direction === 'asc' ? plan.slots : [...plan.slots].reverse();
  return {
    rowOf: idOf,
    groups: slots.map((slot) => [rangeOfPrefix('sheets', [companyId, slot, 'created'])]),
  };
}

function memorySortKey(
  sort: ListSort<SheetSortKey>,
  orders: ReadonlyMap<number, StoredOrder>,
): (sheet: StoredSheet) => MemorySortKey {
  const purchaseField = PURCHASE_FIELD_OF_SORT[sort.key];
  if (purchaseField) {
    return (sheet) => {
      const order = orders.get(sheet.id);
      const value = order ? purchaseFieldValue(order, purchaseField) : null;
      return value === null
        ? { absent: 1, value: [sheet.id], id: sheet.id }
        : { absent: 0, value: [value, sheet.id], id: sheet.id };
    };
  }
  const field = SHEET_FIELD_OF_SORT[sort.key];
  if (field) {
    return (sheet) => {
      const value = sheetFieldValue(sheet, field);
      return value === null
        ? { absent: 1, value: [], id: sheet.id }
        : { absent: 0, value: [value], id: sheet.id };
    };
  }
  return (sheet) => ({
    absent: 0,
    value: [sheetSlot(sheet.state), sheet.create_time],
    id: sheet.id,
  });
}

async function plannedIds(
  plan: Plan,
  sort: ListSort<SheetSortKey>,
  filters: SheetFilterSet,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const { db, companyId, listType } = plan;
  const only = await matchingIds(plan, filters);
  const walk = { db, direction: sort.direction, offset, limit, ...sortWalk(plan, sort) };
  if (only === null) {
    const wholeTab = plan.slots.length === sheetSlotsOf(listType).length;
    const total = wholeTab
      ? await readTotal(db, sheetListTotalKey(companyId, listType))
      : await countRanges(db, fieldRanges(plan, 'created', 0));
    return { ids: await walkIds({ ...walk, only: null }), total };
  }
  if (only.size > plan.inMemoryMatches) {
    return { ids: await walkIds({ ...walk, only }), total: only.size };
  }
  const slots = new Set(plan.slots);
  const sheets = (await readSheets(plan, only)).filter((s) => slots.has(sheetSlot(s.state)));
  const orders = PURCHASE_FIELD_OF_SORT[sort.key]
    ? await ordersOf(db, companyId, sheets)
    : new Map<number, StoredOrder>();
  const sorted = sortInMemory(sheets, memorySortKey(sort, orders), sort.direction);
  return { ids: sorted.slice(offset, offset + limit).map((s) => s.id), total: sheets.length };
}

/** The orders of the sheets that have one, by sheet id. */
async function ordersOf(
  db: PurchasingDb,
  companyId: number,
  sheets: readonly StoredSheet[],
): Promise<Map<number, StoredOrder>> {
  const ordered = sheets.filter((s) => s.order);
  const orders = await db.orders.bulkGet(
    ordered.map((s) => [companyId, s.order?.id ?? 0] as [number, number]),
  );
  const bySheet = new Map<number, StoredOrder>();
  ordered.forEach((sheet, i) => {
    const order = orders[i];
    if (order) bySheet.set(sheet.id, order);
  });
  return bySheet;
}

function isIndexedSort(
  sort: ListSort<SheetSortKey>,
): sort is ListSort<'create_time' | 'state_change_time'> {
  return sort.key === 'create_time' || sort.key === 'state_change_time';
}

export function sheetListWindow(
  db: PurchasingDb,
  request: SheetListRequest,
): Promise<ListWindow<SheetListRow>> {
  const { companyId, listType, query, timeZone, offset, limit } = request;
  const inMemoryMatches = request.inMemoryMatches ?? IN_MEMORY_MATCHES;
  const sort = sheetListSort(query, listType);
  const filters = sheetFilterSet(query.filters, listType, timeZone);
  return db.transaction('r', [db.sheets, db.orders, db.listTotals], async () => {
    let sheets: StoredSheet[];
    let total: number;
    if (!hasFilters(filters) && isIndexedSort(sort)) {
      const page = await purchaseListPage(db, {
        companyId,
        listType,
        sort: sort.key,
        direction: sort.direction,
        offset,
        limit,
      });
      ({ items: sheets, total } = page);
    } else {
      const tabSlots = sheetSlotsOf(listType);
      const inGroups = filters.stateGroups && sheetSlotsOfGroups(filters.stateGroups);
      const plan: Plan = {
        db,
        companyId,
        listType,
        slots: inGroups ? tabSlots.filter((slot) => inGroups.has(slot)) : tabSlots,
        rows: new Map(),
        inMemoryMatches,
      };
      const planned = await plannedIds(plan, sort, filters, offset, limit);
      sheets = await readSheets(plan, planned.ids);
      total = planned.total;
    }
    const orders =
      SHEET_LIST_TYPE_INFO[listType].table === 'order'
        ? await ordersOf(db, companyId, sheets)
        : new Map<number, StoredOrder>();
    return {
      rows: sheets.map((sheet) => ({ sheet, order: orders.get(sheet.id) ?? null })),
      total,
    };
  });
}
