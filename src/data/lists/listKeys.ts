// The names of the list totals (`listTotals` rows) and which of them a stored row counts in, and
// the dashboard's figures kept the same way (counts, and spend summed in cents). A total is kept
// up to date in the same transaction as the rows (src/data/writes.ts), because a count() over a
// large index range costs hundreds of milliseconds (docs/footguns.md, "IndexedDB figures").

import type { SyncTable } from '../../contract/feedRows';
import { type ActionTab, actionTabsOf, dueDayOf, spendOf } from '../../domain/dashboard/figures';
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

/** Orders in one action tab whose owner is the contact: `orders:<company>:mine:<contact>:<tab>`. */
export const orderMineTotalKey = (companyId: number, contactId: number, tab: ActionTab): string =>
  `orders:${companyId}:mine:${contactId}:${tab}`;

/** Orders still waiting for goods expected on the day: `orders:<company>:due:<YYYY-MM-DD>`. */
export const orderDueTotalKey = (companyId: number, day: string): string =>
  `orders:${companyId}:due:${day}`;

/** The start of every due-day key of the company (days sort as text). */
export const orderDuePrefix = (companyId: number): string => `orders:${companyId}:due:`;

/** Cents spent in a month and currency: `orders:<company>:spend:<YYYY-MM>:<currency>` (a sum). */
export const orderSpendTotalKey = (companyId: number, month: string, currency: string): string =>
  `orders:${companyId}:spend:${month}:${currency}`;

export const orderSpendPrefix = (companyId: number): string => `orders:${companyId}:spend:`;

/**
 * Cents spent on a brand in a month and currency (a sum); the brand comes last, so a name that
 * holds a colon still reads back whole: `orders:<company>:brand:<YYYY-MM>:<currency>:<brand>`.
 */
export const orderBrandSpendTotalKey = (
  companyId: number,
  month: string,
  currency: string,
  brand: string,
): string => `orders:${companyId}:brand:${month}:${currency}:${brand}`;

export const orderBrandSpendPrefix = (companyId: number): string => `orders:${companyId}:brand:`;

/** What an order adds to the dashboard's totals: counts (1) and sums (cents). */
export function orderFigureShares(order: StoredRowOf['orders']): TotalShare[] {
  const companyId = order.company_id;
  const shares: TotalShare[] = [];
  const action = actionTabsOf(order);
  if (action) {
    for (const tab of action.tabs)
      shares.push([orderMineTotalKey(companyId, action.owner, tab), 1]);
  }
  const due = dueDayOf(order);
  if (due !== null) shares.push([orderDueTotalKey(companyId, due), 1]);
  const spend = spendOf(order);
  if (spend) {
    shares.push([orderSpendTotalKey(companyId, spend.month, spend.currency), spend.cents]);
    shares.push([
      orderBrandSpendTotalKey(companyId, spend.month, spend.currency, spend.brand),
      spend.cents,
    ]);
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
