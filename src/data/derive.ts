// What the client adds to a feed row when it stores it: the company whose feed delivered it, and
// the few derived fields the list indexes need (src/data/schema.ts says which screen query each
// serves). Pure functions: the writer, the migrations and the tests share them.

import type {
  BrandRow,
  CompanyRow,
  FeedRowOf,
  IsoTime,
  OrderRow,
  SheetRow,
  StaffRow,
  SyncTable,
  TodoRow,
} from '../contract/feedRows';
import { ORDER_TABS, type OrderTab, orderInTab } from '../domain/orders/orderTabs';
import { listTypesOfSheet, type SheetListType } from '../domain/purchase/listTypes';
import { type ListEntry, orderListKeys, sheetListKeys } from './lists/listIndex';

/**
 * Every synced row is keyed by (the company whose feed delivered it, row id). A to-do is in the
 * feeds of its sender and its recipient company, a brand in the feed of every company naming it:
 * a user who belongs to both keeps one copy per company, so a tombstone or a 410 resync in one
 * company never removes what the other company still sees.
 */
export type RowKey = [companyId: number, id: number];

export interface StoredSheet extends SheetRow {
  /** The sheet's one purchase-list tab besides ALL; absent when it shows only under ALL. */
  list_type?: Exclude<SheetListType, 'ALL'>;
  /** Since version 3: the purchase list's sort and filter entries (src/data/lists/listIndex.ts). */
  list_keys?: ListEntry[];
}

/** One entry per order-list tab the order is in (ALL included): [company, tab, create time]. */
export type OrderTabKey = [companyId: number, tab: OrderTab, createTime: IsoTime];

export interface StoredOrder extends OrderRow {
  tab_keys: OrderTabKey[];
  /** Since version 3: the order list's sort and filter entries (src/data/lists/listIndex.ts). */
  list_keys?: ListEntry[];
}

/** [company, one of that company's contacts on the to-do, create time] (schema version 2). */
export type PartyKey = [companyId: number, contactId: number, createTime: IsoTime];

export interface StoredTodo extends TodoRow {
  /** The company whose feed delivered this copy: the sender or the recipient company. */
  company_id: number;
  /** `<module>:<module_id>` of the record whose message thread holds it; absent when unbound. */
  thread?: string;
  /** Since version 2: the "mine" inbox scope. */
  party_keys?: PartyKey[];
  /** Since version 2: present only on favourites (DELAYED, addressed to this company). */
  favourite_time?: string;
}

export type StoredStaff = StaffRow;

export interface StoredCompany extends CompanyRow {
  company_id: number;
}

export interface StoredBrand extends BrandRow {
  company_id: number;
}

export interface StoredRowOf {
  sheets: StoredSheet;
  orders: StoredOrder;
  todos: StoredTodo;
  staff: StoredStaff;
  companies: StoredCompany;
  brands: StoredBrand;
}

export type StoredRow = StoredRowOf[SyncTable];

/** The tab a sheet in `state` is listed under besides ALL (the tabs' state groups are disjoint). */
export function primaryListType(state: string): Exclude<SheetListType, 'ALL'> | undefined {
  return listTypesOfSheet(state).find(
    (listType): listType is Exclude<SheetListType, 'ALL'> => listType !== 'ALL',
  );
}

export function orderTabKeys(companyId: number, order: OrderRow): OrderTabKey[] {
  return ORDER_TABS.filter((tab) => orderInTab(tab, order)).map((tab) => [
    companyId,
    tab,
    order.create_time,
  ]);
}

export function threadKey(module: string, moduleId: number): string {
  return `${module}:${moduleId}`;
}

/** Contacts of `companyId` on the to-do (sender, recipient), each once. */
export function partyKeys(companyId: number, todo: TodoRow): PartyKey[] {
  const contacts = new Set<number>();
  if (todo.from_company_id === companyId && todo.from_contacts_id !== null) {
    contacts.add(todo.from_contacts_id);
  }
  if (todo.to_company_id === companyId && todo.to_contacts_id !== null) {
    contacts.add(todo.to_contacts_id);
  }
  return [...contacts].map((contactId) => [companyId, contactId, todo.create_time]);
}

/**
 * The favourites tab sorts by the time a to-do was favourited, latest first. A favourite without
 * `delay_time` sorts last (the server's `nulls last`): the empty string is below every time.
 */
export function favouriteTime(companyId: number, todo: TodoRow): string | undefined {
  if (todo.state !== 'DELAYED' || todo.to_company_id !== companyId) return undefined;
  return todo.delay_time ?? '';
}

/** The to-do fields schema version 2 added; also used by its upgrade. */
export function todoV2Fields(companyId: number, todo: TodoRow) {
  return { party_keys: partyKeys(companyId, todo), favourite_time: favouriteTime(companyId, todo) };
}

export function storedSheet(companyId: number, row: SheetRow): StoredSheet {
  const listType = primaryListType(row.state);
  // The feed's company owns the sheet (only the buyer company sees it): same value as the row's.
  const stored: StoredSheet = {
    ...row,
    company_id: companyId,
    list_keys: sheetListKeys(companyId, row),
  };
  if (listType) stored.list_type = listType;
  else delete stored.list_type;
  return stored;
}

export function storedOrder(companyId: number, row: OrderRow): StoredOrder {
  return {
    ...row,
    company_id: companyId,
    tab_keys: orderTabKeys(companyId, row),
    list_keys: orderListKeys(companyId, row),
  };
}

export function storedTodo(companyId: number, row: TodoRow): StoredTodo {
  const stored: StoredTodo = {
    ...row,
    company_id: companyId,
    party_keys: partyKeys(companyId, row),
  };
  // Absent, not null: an absent field keeps the row out of that index, a null would be invalid.
  if (row.module !== null && row.module_id !== null) {
    stored.thread = threadKey(row.module, row.module_id);
  } else delete stored.thread;
  const favourite = favouriteTime(companyId, row);
  if (favourite !== undefined) stored.favourite_time = favourite;
  else delete stored.favourite_time;
  return stored;
}

export const DERIVE: {
  [T in SyncTable]: (companyId: number, row: FeedRowOf[T]) => StoredRowOf[T];
} = {
  sheets: storedSheet,
  orders: storedOrder,
  todos: storedTodo,
  staff: (companyId: number, row: StaffRow): StoredStaff => ({ ...row, company_id: companyId }),
  companies: (companyId: number, row: CompanyRow): StoredCompany => ({
    ...row,
    company_id: companyId,
  }),
  brands: (companyId: number, row: BrandRow): StoredBrand => ({ ...row, company_id: companyId }),
};
