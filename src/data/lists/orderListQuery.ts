// The order list's rows (purchasing-core §2.5) for one window of the screen, from the local
// database only, planned as the purchase list's (src/data/lists/sheetListQuery.ts): unfiltered by
// creation time through `tab_keys` and the kept total; any other sort or filter through
// `list_keys`, whose slots are state classes, so a tab and the state filter are sets of slots.

import Dexie from 'dexie';
import {
  hasFilters,
  numberMatches,
  type OrderFilterSet,
  orderFilterSet,
} from '../../domain/list/listFilters';
import type { ListQuery } from '../../domain/list/listQuery';
import { orderListSort } from '../../domain/list/listSort';
import type { OrderSortKey, OrderTab } from '../../domain/orders/orderTabs';
import type { PurchasingDb } from '../db';
import type { StoredOrder } from '../derive';
import {
  type OrderField,
  orderFieldValue,
  orderSlot,
  orderSlotsOf,
  orderSlotsOfCodes,
} from './listIndex';
import { orderTabTotalKey } from './listKeys';
import {
  commonMatches,
  fieldWalk,
  IN_MEMORY_MATCHES,
  type ListPlan,
  plannedIds,
  readRows,
} from './listPlan';
import { type ListWindow, sortInMemory } from './listStreams';
import { orderListPage, orderTabRange } from './queries';

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

/** The order number or the purchase number contains the text (numberMatches). */
const nameMatches = (order: StoredOrder, text: string): boolean =>
  numberMatches(order.name, text) || numberMatches(order.inquiry_no, text);

/** The ids of the rows that pass the filters answered by matches (all but the state filter). */
function matchingIds(
  plan: ListPlan<StoredOrder>,
  filters: OrderFilterSet,
): Promise<Set<number> | null> {
  const { states: _slots, ...matched } = filters;
  // Only Dexie's promises may be awaited in a transaction (listStreams.ts).
  if (!hasFilters(matched)) return Dexie.Promise.resolve(null);
  return commonMatches(plan, filters, null, nameMatches);
}

/** An order's place in the sort by `field`, as the index walk orders it. */
const memorySortKey = (field: OrderField) => (order: StoredOrder) => {
  const value = orderFieldValue(order, field);
  return value === null
    ? { absent: 1 as const, value: [], id: order.id }
    : { absent: 0 as const, value: [value], id: order.id };
};

/** Whether the list's windows are read straight off `tab_keys` with the kept total (no filter,
 * by creation time): a few reads, cheap to repeat. */
export function orderListIsDirect(query: ListQuery, timeZone: string): boolean {
  return (
    !hasFilters(orderFilterSet(query.filters, timeZone)) &&
    orderListSort(query).key === 'create_time'
  );
}

/** The planned list's ids at [offset, offset + limit), and its length (listPlan.ts). */
async function plannedOrderIds(
  db: PurchasingDb,
  request: OrderListRequest,
): Promise<{ plan: ListPlan<StoredOrder>; ids: number[]; total: number }> {
  const { companyId, tab, query, timeZone, offset, limit } = request;
  const sort = orderListSort(query);
  const filters = orderFilterSet(query.filters, timeZone);
  const tabSlots = orderSlotsOf(tab);
  const withCodes = filters.states && orderSlotsOfCodes(filters.states);
  const slots = withCodes ? tabSlots.filter((slot) => withCodes.has(slot)) : tabSlots;
  const field = FIELD_OF_SORT[sort.key];
  const { created } = filters;
  const plan: ListPlan<StoredOrder> = {
    db,
    table: 'orders',
    companyId,
    slots,
    ...(created && field === 'created' && { created }),
    totalKey: slots.length === tabSlots.length ? orderTabTotalKey(companyId, tab) : null,
    rows: new Map(),
    inMemoryMatches: request.inMemoryMatches ?? IN_MEMORY_MATCHES,
  };
  const planned = await plannedIds(plan, {
    only: await matchingIds(plan, filters),
    walk: fieldWalk(plan, field, sort.direction),
    slotOf: (order) => orderSlot(order),
    sortMatches: (orders) =>
      Dexie.Promise.resolve(sortInMemory(orders, memorySortKey(field), sort.direction)),
    offset,
    limit,
  });
  return { plan, ...planned };
}

export function orderListWindow(
  db: PurchasingDb,
  request: OrderListRequest,
): Promise<ListWindow<StoredOrder>> {
  const { companyId, tab, query, timeZone, offset, limit } = request;
  return db.transaction('r', [db.orders, db.listTotals, db.numberColumns], async () => {
    if (orderListIsDirect(query, timeZone)) {
      const page = await orderListPage(db, {
        companyId,
        tab,
        direction: orderListSort(query).direction,
        offset,
        limit,
      });
      return { rows: page.items, total: page.total };
    }
    const planned = await plannedOrderIds(db, request);
    return { rows: await readRows(planned.plan, planned.ids), total: planned.total };
  });
}

/**
 * Every id of the list, in its order, from index keys alone (the export reads the rows by id in
 * batches: a window per batch would walk the list from its start each time).
 */
export function orderListIds(
  db: PurchasingDb,
  request: Omit<OrderListRequest, 'offset' | 'limit'>,
): Promise<number[]> {
  const { companyId, tab, query, timeZone } = request;
  return db.transaction('r', [db.orders, db.listTotals, db.numberColumns], async () => {
    if (orderListIsDirect(query, timeZone)) {
      const range = orderTabRange(db, companyId, tab);
      const direction = orderListSort(query).direction;
      const keys = await (direction === 'desc' ? range.reverse() : range).primaryKeys();
      return keys.map(([, id]) => id);
    }
    const planned = await plannedOrderIds(db, { ...request, offset: 0, limit: Infinity });
    return planned.ids;
  });
}

/** The orders of these ids, in their order; ids no longer stored are left out. */
export async function orderListRowsOf(
  db: PurchasingDb,
  companyId: number,
  ids: readonly number[],
): Promise<StoredOrder[]> {
  const orders = await db.orders.bulkGet(ids.map((id) => [companyId, id] as [number, number]));
  return orders.filter((order): order is StoredOrder => order !== undefined);
}
