// The purchase list's rows (purchasing-core §2.2) for one window of the screen: the tab, the
// sort of its address and its quick-search filters, read from the local database only.
// An unfiltered list sorted by creation or state change time reads its own compound index and
// its kept total (queries.ts). Any other sort or a filter is planned on `list_keys` (listPlan.ts);
// this file adds the purchase list's own filters (owner, the order's invoice and payment state)
// and sorts (the order table's columns, kept on the orders; the state).

import Dexie from 'dexie';
import {
  hasFilters,
  numberMatches,
  type SheetFilterSet,
  sheetFilterSet,
} from '../../domain/list/listFilters';
import type { ListQuery } from '../../domain/list/listQuery';
import { type ListSort, type SheetSortKey, sheetListSort } from '../../domain/list/listSort';
import { SHEET_LIST_TYPE_INFO, type SheetListType } from '../../domain/purchase/listTypes';
import type { PurchasingDb } from '../db';
import type { StoredOrder, StoredSheet } from '../derive';
import {
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
  commonMatches,
  fieldWalk,
  IN_MEMORY_MATCHES,
  idOf,
  idsWithValue,
  type ListPlan,
  plannedIds,
  readRows,
  type SortWalk,
} from './listPlan';
import {
  type IndexEntry,
  idsInRanges,
  intersect,
  type ListWindow,
  type MemorySortKey,
  rangeOfPrefix,
  sortInMemory,
} from './listStreams';
import { purchaseListPage, purchaseListRange } from './queries';

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

/** The purchase list's order-column entries end with their sheet's id. */
const lastOf = (entry: IndexEntry): number => entry.key[entry.key.length - 1] as number;

type Plan = ListPlan<StoredSheet> & { listType: SheetListType };

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

async function collectMatches(plan: Plan, filters: SheetFilterSet): Promise<Set<number> | null> {
  let only: Set<number> | null = null;
  const { owners, invoiceStates, outboundStates } = filters;
  if (owners) {
    const wanted = new Set(owners);
    const owner = (value: unknown) => Array.isArray(value) && wanted.has(value[1]);
    only = intersect(only, await idsWithValue(plan, 'owner', owner));
  }
  if (invoiceStates) {
    only = intersect(only, await idsWithOrderCode(plan, 'invoice', invoiceStates));
  }
  if (outboundStates) {
    only = intersect(only, await idsWithOrderCode(plan, 'payment', outboundStates));
  }
  return commonMatches(plan, filters, only, (sheet, text) => numberMatches(sheet.name, text));
}

/** The walk of `sort` over the plan's slots: index ranges in sort order. */
function sortWalk(plan: Plan, sort: ListSort<SheetSortKey>): SortWalk {
  const { companyId, listType } = plan;
  const { direction } = sort;
  const purchaseField = PURCHASE_FIELD_OF_SORT[sort.key];
  if (purchaseField) {
    // The orders' values, then the rows without one: on an order or on a sheet without order.
    const prefix = (absent: 0 | 1) => [companyId, purchaseSlot(listType), purchaseField, absent];
    return {
      direction,
      rowOf: lastOf,
      groups: [
        [rangeOfPrefix('orders', prefix(0))],
        [rangeOfPrefix('orders', prefix(1)), rangeOfPrefix('sheets', prefix(1))],
      ],
    };
  }
  const field = SHEET_FIELD_OF_SORT[sort.key];
  if (field) return fieldWalk(plan, field, direction);
  // The state: state by state (slots are in state order), newest first within a state.
  const slots = direction === 'asc' ? plan.slots : [...plan.slots].reverse();
  return {
    direction,
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

/**
 * Whether the list's windows are read straight off a compound index with the kept total (no
 * filter, sorted by creation or state change time): a few reads, cheap to repeat.
 */
export function sheetListIsDirect(
  query: ListQuery,
  listType: SheetListType,
  timeZone: string,
): boolean {
  return (
    !hasFilters(sheetFilterSet(query.filters, listType, timeZone)) &&
    isIndexedSort(sheetListSort(query, listType))
  );
}

/** The planned list's ids at [offset, offset + limit), and its length (listPlan.ts). */
async function plannedSheetIds(
  db: PurchasingDb,
  request: SheetListRequest,
): Promise<{ plan: Plan; ids: number[]; total: number }> {
  const { companyId, listType, query, timeZone, offset, limit } = request;
  const sort = sheetListSort(query, listType);
  const filters = sheetFilterSet(query.filters, listType, timeZone);
  const tabSlots = sheetSlotsOf(listType);
  const inGroups = filters.stateGroups && sheetSlotsOfGroups(filters.stateGroups);
  const slots = inGroups ? tabSlots.filter((slot) => inGroups.has(slot)) : tabSlots;
  const { created } = filters;
  const plan: Plan = {
    db,
    table: 'sheets',
    companyId,
    listType,
    slots,
    ...(created && SHEET_FIELD_OF_SORT[sort.key] === 'created' && { created }),
    totalKey: slots.length === tabSlots.length ? sheetListTotalKey(companyId, listType) : null,
    rows: new Map(),
    inMemoryMatches: request.inMemoryMatches ?? IN_MEMORY_MATCHES,
  };
  const planned = await plannedIds(plan, {
    only: await matchingIds(plan, filters),
    walk: sortWalk(plan, sort),
    slotOf: (sheet) => sheetSlot(sheet.state),
    sortMatches: (sheets) => {
      const sorted = (orders: ReadonlyMap<number, StoredOrder>) =>
        sortInMemory(sheets, memorySortKey(sort, orders), sort.direction);
      return PURCHASE_FIELD_OF_SORT[sort.key]
        ? ordersOf(db, companyId, sheets).then(sorted)
        : Dexie.Promise.resolve(sorted(new Map()));
    },
    offset,
    limit,
  });
  return { plan, ...planned };
}

/** The list's rows of these sheets: with their orders on the tabs that show the order table. */
async function listRows(
  db: PurchasingDb,
  companyId: number,
  listType: SheetListType,
  sheets: StoredSheet[],
): Promise<SheetListRow[]> {
  const orders =
    SHEET_LIST_TYPE_INFO[listType].table === 'order'
      ? await ordersOf(db, companyId, sheets)
      : new Map<number, StoredOrder>();
  return sheets.map((sheet) => ({ sheet, order: orders.get(sheet.id) ?? null }));
}

const LIST_TABLES = (db: PurchasingDb) => [db.sheets, db.orders, db.listTotals, db.numberColumns];

export function sheetListWindow(
  db: PurchasingDb,
  request: SheetListRequest,
): Promise<ListWindow<SheetListRow>> {
  const { companyId, listType, query, timeZone, offset, limit } = request;
  return db.transaction('r', LIST_TABLES(db), async () => {
    const sort = sheetListSort(query, listType);
    if (sheetListIsDirect(query, listType, timeZone) && isIndexedSort(sort)) {
      const page = await purchaseListPage(db, {
        companyId,
        listType,
        sort: sort.key,
        direction: sort.direction,
        offset,
        limit,
      });
      return { rows: await listRows(db, companyId, listType, page.items), total: page.total };
    }
    const planned = await plannedSheetIds(db, request);
    const sheets = await readRows(planned.plan, planned.ids);
    return { rows: await listRows(db, companyId, listType, sheets), total: planned.total };
  });
}

/**
 * Every sheet id of the list, in its order, from index keys alone (the export reads the rows by
 * id in batches: a window per batch would walk the list from its start each time).
 */
export function sheetListIds(
  db: PurchasingDb,
  request: Omit<SheetListRequest, 'offset' | 'limit'>,
): Promise<number[]> {
  const { companyId, listType, query, timeZone } = request;
  return db.transaction('r', LIST_TABLES(db), async () => {
    const sort = sheetListSort(query, listType);
    if (sheetListIsDirect(query, listType, timeZone) && isIndexedSort(sort)) {
      const range = purchaseListRange(db, { companyId, listType, sort: sort.key });
      const keys = await (sort.direction === 'desc' ? range.reverse() : range).primaryKeys();
      return keys.map(([, id]) => id);
    }
    const planned = await plannedSheetIds(db, { ...request, offset: 0, limit: Infinity });
    return planned.ids;
  });
}

/** The list's rows of these ids, in their order; ids no longer stored are left out. */
export function sheetListRowsOf(
  db: PurchasingDb,
  companyId: number,
  listType: SheetListType,
  ids: readonly number[],
): Promise<SheetListRow[]> {
  return db.transaction('r', [db.sheets, db.orders], async () => {
    const sheets = await db.sheets.bulkGet(ids.map((id) => [companyId, id] as [number, number]));
    const stored = sheets.filter((sheet): sheet is StoredSheet => sheet !== undefined);
    return listRows(db, companyId, listType, stored);
  });
}
