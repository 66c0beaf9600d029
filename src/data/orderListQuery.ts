// The order list's rows (purchasing-core §2.5) for one window of the screen, from the local
// database only, planned as the purchase list's (src/data/sheetListQuery.ts): unfiltered by
// creation time through `tab_keys` and the kept total; any other sort or filter through
// `list_keys`, whose slots are state classes, so a tab and the state filter are sets of slots.

import Dexie from 'dexie';
import {
  containsText,
  hasFilters,
  numberMatches,
  type OrderFilterSet,
  orderFilterSet,
} from '../domain/list/listFilters';
import type { ListQuery } from '../domain/list/listQuery';
import { type ListSort, orderListSort } from '../domain/list/listSort';
import type { OrderSortKey, OrderTab } from '../domain/orders/orderTabs';
import type { PurchasingDb } from './db';
import type { StoredOrder } from './derive';
import {
  FIND_FIELD,
  findPrefixes,
  type OrderField,
  orderFieldValue,
  orderSlot,
  orderSlotsOf,
  orderSlotsOfCodes,
} from './listIndex';
import { orderTabTotalKey } from './listKeys';
import {
  countRanges,
  distinctKeys,
  entryValue,
  type IndexEntry,
  type IndexRange,
  intersect,
  type ListWindow,
  rangeOfPrefix,
  rowIdsInRanges,
  sortInMemory,
  startsWithRange,
  valueRange,
  walkIds,
} from './listStreams';
import { orderListPage } from './queries';
import { IN_MEMORY_MATCHES } from './sheetListQuery';
import { readTotal } from './totals';

export interface OrderListRequest {
  companyId: number;
  tab: OrderTab;
  query: ListQuery;
  timeZone: string;
  offset: number;
  limit: number;
  /** Up to this many matches are read and sorted in memory (IN_MEMORY_MATCHES; tests vary it). */
  inMemoryMatches?: number;
}

const FIELD_OF_SORT: Record<OrderSortKey, OrderField> = {
  brand: 'brand',
  name: 'name',
  state_change_time: 'changed',
  supplier_taxed_amount: 'amount',
  create_time: 'created',
  write_time: 'written',
};

const idOf = (entry: IndexEntry): number => entry.primaryKey[1];

interface Plan {
  db: PurchasingDb;
  companyId: number;
  slots: string[];
  rows: Map<number, StoredOrder>;
  inMemoryMatches: number;
}

async function readOrders(plan: Plan, ids: Iterable<number>): Promise<StoredOrder[]> {
  const missing = [...ids].filter((id) => !plan.rows.has(id));
  const read = await plan.db.orders.bulkGet(missing.map((id) => [plan.companyId, id]));
  for (const order of read) if (order) plan.rows.set(order.id, order);
  return [...ids].flatMap((id) => plan.rows.get(id) ?? []);
}

const fieldRanges = (plan: Plan, field: OrderField, absent: 0 | 1): IndexRange[] =>
  plan.slots.map((slot) => rangeOfPrefix('orders', [plan.companyId, slot, field, absent]));

/** The order number or the purchase number starts or ends with the text. */
const nameMatches = (order: StoredOrder, text: string): boolean =>
  numberMatches(order.name, text) || numberMatches(order.inquiry_no, text);

/** The ids of the rows that pass the filters answered by matches (all but the state filter). */
function matchingIds(plan: Plan, filters: OrderFilterSet): Promise<Set<number> | null> {
  const { states: _slots, ...matched } = filters;
  // Only Dexie's promises may be awaited in a transaction (listStreams.ts).
  if (!hasFilters(matched)) return Dexie.Promise.resolve(null);
  return collectMatches(plan, filters);
}

async function collectMatches(plan: Plan, filters: OrderFilterSet): Promise<Set<number>> {
  let only: Set<number> | null = null;
  const { brandName, created, name } = filters;
  if (brandName) {
    const keys = await distinctKeys(plan.db, fieldRanges(plan, 'brand', 0));
    const ranges = keys
      .filter((key) => containsText(entryValue(key) as string, brandName))
      .map((key) => rangeOfPrefix('orders', key));
    only = intersect(only, await rowIdsInRanges(plan.db, ranges));
  }
  if (created) {
    const ranges = plan.slots.map((slot) =>
      valueRange('orders', [plan.companyId, slot, 'created'], created.from, created.to),
    );
    only = intersect(only, await rowIdsInRanges(plan.db, ranges));
  }
  if (name) {
    if (only !== null && only.size <= plan.inMemoryMatches) {
      const orders = await readOrders(plan, only);
      only = new Set(orders.filter((o) => nameMatches(o, name)).map((o) => o.id));
    } else {
      const ranges = plan.slots.flatMap((slot) =>
        findPrefixes(name).map((text) =>
          startsWithRange('orders', [plan.companyId, slot, FIND_FIELD], text),
        ),
      );
      only = intersect(only, await rowIdsInRanges(plan.db, ranges));
    }
  }
  return only ?? new Set();
}

async function plannedIds(
  plan: Plan,
  tab: OrderTab,
  sort: ListSort<OrderSortKey>,
  filters: OrderFilterSet,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const { db, companyId } = plan;
  const field = FIELD_OF_SORT[sort.key];
  const only = await matchingIds(plan, filters);
  const walk = {
    db,
    direction: sort.direction,
    groups: [fieldRanges(plan, field, 0), fieldRanges(plan, field, 1)],
    rowOf: idOf,
    offset,
    limit,
  };
  if (only === null) {
    const wholeTab = plan.slots.length === orderSlotsOf(tab).length;
    const total = wholeTab
      ? await readTotal(db, orderTabTotalKey(companyId, tab))
      : await countRanges(db, fieldRanges(plan, 'created', 0));
    return { ids: await walkIds({ ...walk, only: null }), total };
  }
  if (only.size > plan.inMemoryMatches) {
    return { ids: await walkIds({ ...walk, only }), total: only.size };
  }
  const slots = new Set(plan.slots);
  const orders = (await readOrders(plan, only)).filter((o) => slots.has(orderSlot(o)));
  const sorted = sortInMemory(
    orders,
    (order) => {
      const value = orderFieldValue(order, field);
      return value === null
        ? { absent: 1, value: [], id: order.id }
        : { absent: 0, value: [value], id: order.id };
    },
    sort.direction,
  );
  return { ids: sorted.slice(offset, offset + limit).map((o) => o.id), total: orders.length };
}

export function orderListWindow(
  db: PurchasingDb,
  request: OrderListRequest,
): Promise<ListWindow<StoredOrder>> {
  const { companyId, tab, query, timeZone, offset, limit } = request;
  const sort = orderListSort(query);
  const filters = orderFilterSet(query.filters, timeZone);
  return db.transaction('r', [db.orders, db.listTotals], async () => {
    if (!hasFilters(filters) && sort.key === 'create_time') {
      const page = await orderListPage(db, {
        companyId,
        tab,
        direction: sort.direction,
        offset,
        limit,
      });
      return { rows: page.items, total: page.total };
    }
    const tabSlots = orderSlotsOf(tab);
    const withCodes = filters.states && orderSlotsOfCodes(filters.states);
    const plan: Plan = {
      db,
      companyId,
      slots: withCodes ? tabSlots.filter((slot) => withCodes.has(slot)) : tabSlots,
      rows: new Map(),
      inMemoryMatches: request.inMemoryMatches ?? IN_MEMORY_MATCHES,
    };
    const planned = await plannedIds(plan, tab, sort, filters, offset, limit);
    return { rows: await readOrders(plan, planned.ids), total: planned.total };
  });
}
