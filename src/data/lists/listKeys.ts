// The names of the list totals (`listTotals` rows) and which of them a stored row counts in.
// A total is kept up to date in the same transaction as the rows (src/data/writes.ts), because a
// count() over a large index range costs hundreds of milliseconds (docs/footguns.md, "IndexedDB figures").

import type { SyncTable } from '../../contract/feedRows';
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
