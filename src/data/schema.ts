// The local database's tables and indexes, and its version history. Every index costs write
// speed (four indexes halve bulkPut: docs/footguns.md, "IndexedDB figures"), so each one below
// names the screen query it serves and there are no others. The reasons for each choice are in docs/decisions.md.
import type Dexie from 'dexie';
import { LIST_KEYS_INDEX } from './lists/listIndex';
import { populate, upgradeToV2, upgradeToV3, upgradeToV4, upgradeToV5 } from './migrations';

/**
 * DO NOT CHANGE WITHOUT A MIGRATION. These names are stored in every user's IndexedDB: renaming
 * or removing one needs a new `version()` step below, an upgrade of the existing rows and a test
 * that opens the previous version's database with data (tests/data/migrations.test.ts).
 *
 * Index names as `where()` takes them; a multiEntry index's name is its field (the store string
 * marks it `*`). Compound keys end in the sort field, so one range of the index is one list,
 * already in order, in either direction.
 */
export const INDEX = {
  sheets: {
    key: '[company_id+id]',
    /** Purchase list, one tab (INQUIRY … SIGNED), sorted by create time. */
    tabByCreated: '[company_id+list_type+create_time]',
    /** Purchase list, one tab, sorted by state change time. */
    tabByStateChange: '[company_id+list_type+state_change_time]',
    /** Purchase list ALL (every sheet of the company), by create time. */
    allByCreated: '[company_id+create_time]',
    /** Purchase list ALL, by state change time. */
    allByStateChange: '[company_id+state_change_time]',
    /**
     * Version 3. Purchase list, every other sort and the quick-search filters: multiEntry over
     * `list_keys`, one [company, state, field, …] entry per sortable field (src/data/lists/listIndex.ts).
     */
    lists: LIST_KEYS_INDEX,
  },
  orders: {
    key: '[company_id+id]',
    /**
     * Order list, one tab (ALL included), by create time. multiEntry over `tab_keys`, an array
     * of [company, tab, create time] keys: tabs overlap (INVOICE_RECEIVING and CARGO_RECEIVING),
     * and one entry per tab the order is in costs less than an index per tab or a side table.
     */
    tabs: 'tab_keys',
    /** Version 3. Order list, every other sort and the filters; the purchase list's order columns. */
    lists: LIST_KEYS_INDEX,
  },
  todos: {
    key: '[company_id+id]',
    /** Inbox, COMPANY scope: everything the company sent or received, newest first. */
    company: '[company_id+create_time]',
    /** Inbox filtered by state among what is addressed to the company (to-do tab: UNREAD+READ). */
    received: '[company_id+to_company_id+state+create_time]',
    /** Message panel of an order or sheet: the record's thread, oldest first. */
    thread: '[company_id+thread+create_time]',
    /** Version 2. Inbox, MINE scope: what one contact sent or received. multiEntry over `party_keys`. */
    party: 'party_keys',
    /** Version 2. Favourites tab: DELAYED to-dos addressed to the company, latest favourited first. */
    favourites: '[company_id+favourite_time]',
  },
  staff: {
    key: '[company_id+id]',
    /** Staff management: the company's employees by status (on duty / departed checkboxes). */
    byStatus: '[company_id+status]',
  },
  companies: { key: '[company_id+id]' },
  brands: { key: '[company_id+id]' },
  /** The outbox holds tens of entries: the engine scans it rather than pay an index per write. */
  outbox: { key: 'id' },
  files: { key: 'id' },
  meta: { key: 'key' },
  listTotals: { key: 'key' },
  /**
   * Version 4. The number search ("contains", as the server): each company's numbers of a list in
   * buckets of ids, one range read per search (src/data/lists/numberColumn.ts).
   */
  numberColumns: { key: '[company_id+kind+bucket]' },
} as const;

export type TableName = keyof typeof INDEX;
export const TABLE_NAMES = Object.keys(INDEX) as TableName[];

const stores = (...specs: string[]): string => specs.join(', ');
const multi = (field: string): string => `*${field}`;
const { sheets, orders, todos, staff } = INDEX;

/** Version 1: the tables and list indexes of the first release of the sync engine. */
export const STORES_V1: Record<Exclude<TableName, 'numberColumns'>, string> = {
  sheets: stores(
    sheets.key,
    sheets.tabByCreated,
    sheets.tabByStateChange,
    sheets.allByCreated,
    sheets.allByStateChange,
  ),
  orders: stores(orders.key, multi(orders.tabs)),
  todos: stores(todos.key, todos.company, todos.received, todos.thread),
  staff: stores(staff.key, staff.byStatus),
  companies: INDEX.companies.key,
  brands: INDEX.brands.key,
  outbox: INDEX.outbox.key,
  files: INDEX.files.key,
  meta: INDEX.meta.key,
  listTotals: INDEX.listTotals.key,
};

/**
 * Version 2: the inbox's MINE scope and favourites tab (settings-messaging-shared §2: "scoped to
 * mine or to the whole company", "two tabs: to-do and favourites"), which version 1 could only
 * answer by scanning a company's to-dos. The upgrade derives both fields from the stored rows.
 */
export const STORES_V2: Partial<Record<TableName, string>> = {
  todos: stores(
    todos.key,
    todos.company,
    todos.received,
    todos.thread,
    multi(todos.party),
    todos.favourites,
  ),
};

/**
 * Version 3: every header of the purchase and order lists sorts, and the quick-search filters
 * apply, through one multiEntry index per table.
 * The upgrade derives the entries from the stored rows.
 */
export const STORES_V3: Partial<Record<TableName, string>> = {
  sheets: stores(
    sheets.key,
    sheets.tabByCreated,
    sheets.tabByStateChange,
    sheets.allByCreated,
    sheets.allByStateChange,
    multi(sheets.lists),
  ),
  orders: stores(orders.key, multi(orders.tabs), multi(orders.lists)),
};

/**
 * Version 4: the number search finds a fragment anywhere inside a number, as the server does,
 * from a column of each company's numbers kept beside the rows. The upgrade fills it from the
 * stored rows.
 */
export const STORES_V4: Partial<Record<TableName, string>> = {
  numberColumns: INDEX.numberColumns.key,
};

/**
 * Version 5: no new table or index. The dashboard's figures join the kept totals; the upgrade
 * counts them from the stored orders.
 */
export const STORES_V5: Partial<Record<TableName, string>> = {};

/** The schema this code reads and writes. A tab whose database is newer must reload. */
export const SCHEMA_VERSION = 5;

/** Declares every version on `db`; Dexie runs the upgrades an existing database still needs. */
export function declareSchema(db: Dexie): void {
  db.version(1).stores(STORES_V1);
  db.version(2).stores(STORES_V2).upgrade(upgradeToV2);
  db.version(3).stores(STORES_V3).upgrade(upgradeToV3);
  db.version(4).stores(STORES_V4).upgrade(upgradeToV4);
  db.version(5).stores(STORES_V5).upgrade(upgradeToV5);
  db.on('populate', populate);
}
