// The names of the list totals (`listTotals` rows) and which of them a stored row counts in, and
// the dashboard's figures kept the same way (counts, and spend summed in cents). A total is kept
// up to date in the same transaction as the rows (src/data/writes.ts), because a count() over a
// large index range costs hundreds of milliseconds (docs/footguns.md, "IndexedDB figures").

import type { SyncTable } from '../../contract/feedRows';
import { actionTabsOf, dueDayOf, spendOf } from '../../domain/dashboard/figures';
import type { OrderTab } from '../../domain/orders/orderTabs';
import type { SheetListType } from '../../domain/purchase/listTypes';
import type { StoredRowOf } from '../derive';

/** Tables that have list totals; the others are small enough to count when needed. */
export const COUNTED_TABLES = ['sheets', 'orders', 'todos'] as const satisfies readonly SyncTable[];
export type CountedTable = (typeof COUNTED_TABLES)[number];

/** Purchase list tab: `sheets:<company>:<list type>` (ALL = every sheet of the company). */
export const sheetListTotalKey = (companyId: number, listType: SheetListType): string =>
  `sheets:${companyId}:${listType}`;

/** Order list tab: `orders:<company>:<tab>` (ALL = every order of the company). */
export const orderTabTotalKey = (companyId: number, tab: OrderTab): string =>
  `orders:${companyId}:${tab}`;

/** Every to-do sent or received by the company (the COMPANY inbox scope). */
export const todoCompanyTotalKey = (companyId: number): string => `todos:${companyId}:ALL`;

/**
 * To-dos addressed to the company in one state: open = UNREAD + READ (the undealt badge), DELAYED
 * = favourites (the delay badge and the favourites tab).
 */
export const todoReceivedTotalKey = (companyId: number, state: string): string =>
  `todos:${companyId}:received:${state}`;

/** To-dos sent or received by one contact of the company (the MINE inbox scope, version 2). */
export const todoPartyTotalKey = (companyId: number, contactId: number): string =>
  `todos:${companyId}:party:${contactId}`;

// ——— the dashboard's figures (src/domain/dashboard/figures.ts), kept like the list totals ———
// Each is a bucket with parts (`bucket#part`, src/data/totals.ts): one record per contact, per
// month of expected days, per month of spend, so a page of a first sync, which touches hundreds
// of days and brands, writes a few records.

/** The separator of a bucket's key and its part's: `orders:1:due:2025-01#2025-01-20`. */
export const PART_SEPARATOR = '#';

/** Orders whose owner is the contact, by action tab: `orders:<company>:mine:<contact>`. */
export const orderMineBucket = (companyId: number, contactId: number): string =>
  `orders:${companyId}:mine:${contactId}`;

/** Orders still waiting for goods, by expected day, one bucket per month of days. */
export const orderDueBucket = (companyId: number, month: string): string =>
  `orders:${companyId}:due:${month}`;

export const orderDuePrefix = (companyId: number): string => `orders:${companyId}:due:`;

/**
 * Cents spent in a month, by `<currency>:<brand>` (a sum per part): `orders:<company>:spend:<YYYY-MM>`.
 * A month's spend in a currency is the sum of its brands'.
 */
export const orderSpendBucket = (companyId: number, month: string): string =>
  `orders:${companyId}:spend:${month}`;

export const orderSpendPrefix = (companyId: number): string => `orders:${companyId}:spend:`;

/** `<currency>:<brand>`: a brand's part of a month's spend (the brand last: it may hold a colon). */
export const spendPart = (currency: string, brand: string): string => `${currency}:${brand}`;

const part = (bucket: string, name: string): string => `${bucket}${PART_SEPARATOR}${name}`;

/** What an order adds to the dashboard's totals: counts (1) and sums (cents). */
export function orderFigureShares(order: StoredRowOf['orders']): TotalShare[] {
  const companyId = order.company_id;
  const shares: TotalShare[] = [];
  const action = actionTabsOf(order);
  if (action) {
    for (const tab of action.tabs) {
      shares.push([part(orderMineBucket(companyId, action.owner), tab), 1]);
    }
  }
  const due = dueDayOf(order);
  if (due !== null) shares.push([part(orderDueBucket(companyId, due.slice(0, 7)), due), 1]);
  const spend = spendOf(order);
  if (spend) {
    const bucket = orderSpendBucket(companyId, spend.month);
    shares.push([part(bucket, spendPart(spend.currency, spend.brand)), spend.cents]);
  }
  return shares;
}

/** A total a row adds to, and by how much: 1 for a count, the amount in cents for a sum. */
export type TotalShare = readonly [key: string, amount: number];

/** Every total `row` adds to: its list totals and, for an order, the dashboard's figures. */
export function totalSharesOf<T extends SyncTable>(
  table: T,
  row: StoredRowOf[T] | undefined,
): TotalShare[] {
  const counts = listKeysOf(table, row).map((key): TotalShare => [key, 1]);
  if (table !== 'orders' || !row) return counts;
  return [...counts, ...orderFigureShares(row as StoredRowOf['orders'])];
}

/** Every total of a company starts with one of these (used to clear and recount a company). */
export const companyTotalPrefixes = (companyId: number): string[] =>
  COUNTED_TABLES.map((table) => `${table}:${companyId}:`);

const LIST_KEYS: { [T in SyncTable]: (row: StoredRowOf[T]) => string[] } = {
  sheets: (sheet) => [
    sheetListTotalKey(sheet.company_id, 'ALL'),
    ...(sheet.list_type ? [sheetListTotalKey(sheet.company_id, sheet.list_type)] : []),
  ],
  // Read from the derived index fields, so a total always counts what the list index holds.
  orders: (order) => order.tab_keys.map(([companyId, tab]) => orderTabTotalKey(companyId, tab)),
  todos: (todo) => [
    todoCompanyTotalKey(todo.company_id),
    ...(todo.to_company_id === todo.company_id
      ? [todoReceivedTotalKey(todo.company_id, todo.state)]
      : []),
    ...(todo.party_keys ?? []).map(([companyId, contactId]) =>
      todoPartyTotalKey(companyId, contactId),
    ),
  ],
  staff: () => [],
  companies: () => [],
  brands: () => [],
};

/** The totals `row` counts in; none for an absent row. */
export function listKeysOf<T extends SyncTable>(
  table: T,
  row: StoredRowOf[T] | undefined,
): string[] {
  return row ? LIST_KEYS[table](row) : [];
}
