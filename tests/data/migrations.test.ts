// One test per version() step (CONVENTIONS 6): version 1 creates the schema it declares; version 2
// upgrades a version-1 database that holds data, and ends where a fresh database starts.
import './rows';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openUserDatabase, type PurchasingDb, userDatabaseName } from '../../src/data/db';
import {
  type StoredOrder,
  type StoredSheet,
  type StoredTodo,
  storedOrder,
  storedSheet,
  storedTodo,
} from '../../src/data/derive';
import { orderListKeys, sheetListKeys } from '../../src/data/lists/listIndex';
import { listKeysOf } from '../../src/data/lists/listKeys';
import { columnFromRows } from '../../src/data/lists/numberColumn';
import { orderListWindow } from '../../src/data/lists/orderListQuery';
import { todoPage } from '../../src/data/lists/queries';
import { sheetListWindow } from '../../src/data/lists/sheetListQuery';
import { readSchemaMeta } from '../../src/data/meta';
import { populate } from '../../src/data/migrations';
import {
  SCHEMA_VERSION,
  STORES_V1,
  STORES_V2,
  STORES_V3,
  STORES_V4,
  TABLE_NAMES,
} from '../../src/data/schema';
import { flatCounts } from '../../src/data/totalParts';
import { recountTotals } from '../../src/data/totals';
import type { ListQuery } from '../../src/domain/list/listQuery';
import { at, freshUserId, order, sheet, todo } from './rows';

type NativeSchema = Record<
  string,
  { key: unknown; indexes: Record<string, { keyPath: unknown; multiEntry: boolean }> }
>;

/** The object stores and indexes as IndexedDB itself holds them, and its version. */
async function nativeSchema(name: string): Promise<{ version: number; stores: NativeSchema }> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const stores: NativeSchema = {};
  const names = [...idb.objectStoreNames];
  const tx = idb.transaction(names, 'readonly');
  for (const storeName of names) {
    const store = tx.objectStore(storeName);
    const indexes: NativeSchema[string]['indexes'] = {};
    for (const indexName of [...store.indexNames]) {
      const index = store.index(indexName);
      indexes[indexName] = { keyPath: index.keyPath, multiEntry: index.multiEntry };
    }
    stores[storeName] = { key: store.keyPath, indexes };
  }
  idb.close();
  return { version: idb.version, stores };
}

/** A database as the version-1 code created it. */
function versionOne(userId: string): Dexie {
  const db = new Dexie(userDatabaseName(userId));
  db.version(1).stores(STORES_V1);
  db.on('populate', populate);
  return db;
}

/** A database as the version-2 code created it. */
function versionTwo(userId: string): Dexie {
  const db = new Dexie(userDatabaseName(userId));
  db.version(1).stores(STORES_V1);
  db.version(2).stores(STORES_V2);
  db.on('populate', populate);
  return db;
}

/** A database as the version-3 code created it. */
function versionThree(userId: string): Dexie {
  const db = new Dexie(userDatabaseName(userId));
  db.version(1).stores(STORES_V1);
  db.version(2).stores(STORES_V2);
  db.version(3).stores(STORES_V3);
  db.on('populate', populate);
  return db;
}

/** A database as the version-4 code created it. */
function versionFour(userId: string): Dexie {
  const db = versionThree(userId);
  db.version(4).stores(STORES_V4);
  return db;
}

const opened: Dexie[] = [];
afterEach(async () => {
  // Close every connection first: deleting under an open one only makes Dexie warn and close it.
  const dbs = opened.splice(0);
  for (const db of dbs) db.close({ disableAutoOpen: true });
  for (const name of new Set(dbs.map((db) => db.name))) await Dexie.delete(name);
});
function track(db: Dexie): void {
  opened.push(db);
}

describe('version 1', () => {
  it('creates every table with the indexes it declares, and records its version', async () => {
    const userId = freshUserId('v1');
    const db = versionOne(userId);
    track(db);
    await db.open();
    const { version, stores } = await nativeSchema(db.name);
    expect(version).toBe(10); // Dexie stores version × 10
    expect(Object.keys(stores).sort()).toEqual(Object.keys(STORES_V1).sort());
    expect(stores.sheets?.key).toEqual(['company_id', 'id']);
    expect(Object.keys(stores.sheets?.indexes ?? {}).sort()).toEqual([
      '[company_id+create_time]',
      '[company_id+list_type+create_time]',
      '[company_id+list_type+state_change_time]',
      '[company_id+state_change_time]',
    ]);
    expect(stores.orders?.indexes).toEqual({ tab_keys: { keyPath: 'tab_keys', multiEntry: true } });
    expect(Object.keys(stores.todos?.indexes ?? {}).sort()).toEqual([
      '[company_id+create_time]',
      '[company_id+thread+create_time]',
      '[company_id+to_company_id+state+create_time]',
    ]);
    expect(stores.outbox).toEqual({ key: 'id', indexes: {} });
    expect(await db.table('meta').get('schema')).toMatchObject({ version: 1 });
    expect(await db.table('meta').get('client')).toMatchObject({ clientId: expect.any(String) });
  });
});

describe('version 2', () => {
  it('upgrades a version-1 database with data: to-dos gain party keys and favourites, MINE totals are counted', async () => {
    const userId = freshUserId('v2');
    const v1 = versionOne(userId);
    track(v1);
    await v1.open();
    const { clientId } = (await v1.table('meta').get('client')) ?? {};
    // Version-1 rows as the version-1 writer stored them: without the version-2 fields.
    const asV1 = (row: StoredTodo) => {
      const { party_keys: _party, favourite_time: _favourite, ...rest } = row;
      return rest;
    };
    const todosV1 = [
      storedTodo(1, todo(1, { state: 'DELAYED', delay_time: at(90) })), // received, contact 10
      storedTodo(1, todo(2, { state: 'DELAYED', delay_time: at(80), to_contacts_id: 11 })),
      storedTodo(
        1,
        todo(3, { from_company_id: 1, from_contacts_id: 11, to_company_id: 2, to_contacts_id: 20 }),
      ),
      storedTodo(
        2,
        todo(3, { from_company_id: 1, from_contacts_id: 11, to_company_id: 2, to_contacts_id: 20 }),
      ),
    ].map(asV1);
    const sheetsV1 = [storedSheet(1, sheet(1)), storedSheet(1, sheet(2, { state: 'SIGNED' }))];
    const ordersV1 = [storedOrder(1, order(1))];
    await v1.table('todos').bulkPut(todosV1);
    await v1.table('sheets').bulkPut(sheetsV1);
    await v1.table('orders').bulkPut(ordersV1);
    const totalsV1 = new Map<string, number>();
    const count = (keys: string[]) => {
      for (const key of keys) totalsV1.set(key, (totalsV1.get(key) ?? 0) + 1);
    };
    for (const row of todosV1) count(listKeysOf('todos', row));
    for (const row of sheetsV1) count(listKeysOf('sheets', row));
    for (const row of ordersV1) count(listKeysOf('orders', row));
    await v1.table('listTotals').bulkPut([...totalsV1].map(([key, n]) => ({ key, count: n })));
    v1.close();

    const db: PurchasingDb = await openUserDatabase(userId);
    track(db);
    expect(db.backendDB().version).toBe(SCHEMA_VERSION * 10);
    expect((await readSchemaMeta(db))?.version).toBe(SCHEMA_VERSION);
    expect(clientId).toEqual(expect.any(String));
    expect(await db.meta.get('client')).toEqual({ key: 'client', clientId });

    expect((await db.todos.get([1, 1]))?.party_keys).toEqual([[1, 10, at(1)]]);
    expect((await db.todos.get([1, 3]))?.party_keys).toEqual([[1, 11, at(3)]]);
    expect((await db.todos.get([2, 3]))?.party_keys).toEqual([[2, 20, at(3)]]);
    // The new indexes answer at once, with totals.
    const favourites = await todoPage(db, {
      companyId: 1,
      view: { kind: 'favourites' },
      offset: 0,
      limit: 10,
    });
    expect(favourites.items.map((t) => t.id)).toEqual([1, 2]);
    expect(favourites.total).toBe(2);
    const mine = await todoPage(db, {
      companyId: 1,
      view: { kind: 'mine', contactId: 11 },
      offset: 0,
      limit: 10,
    });
    expect(mine.items.map((t) => t.id)).toEqual([3, 2]);
    expect(mine.total).toBe(2);
    // Rows of other tables are untouched; every total agrees with a recount.
    expect(await db.sheets.toArray()).toEqual(sheetsV1);
    expect(await db.orders.toArray()).toEqual(ordersV1);
    const kept = await db.listTotals.toArray();
    for (const c of [1, 2]) await recountTotals(db, c);
    expect(await db.listTotals.toArray()).toEqual(kept);
  });

  it('ends with the same tables and indexes as a database created at the current version', async () => {
    const upgradedUser = freshUserId('v2-up');
    const v1 = versionOne(upgradedUser);
    track(v1);
    await v1.open();
    v1.close();
    const upgraded = await openUserDatabase(upgradedUser);
    track(upgraded);
    const fresh = await openUserDatabase(freshUserId('v2-fresh'));
    track(fresh);
    const a = await nativeSchema(upgraded.name);
    const b = await nativeSchema(fresh.name);
    expect(a).toEqual(b);
    expect(b.stores.todos?.indexes.party_keys).toEqual({ keyPath: 'party_keys', multiEntry: true });
    expect((await readSchemaMeta(fresh))?.version).toBe(SCHEMA_VERSION);
  });
});

describe('version 3', () => {
  it('upgrades a version-2 database with data: sheets and orders gain their list entries', async () => {
    const userId = freshUserId('v3');
    const v2 = versionTwo(userId);
    track(v2);
    await v2.open();
    // Version-2 rows as the version-2 writer stored them: without `list_keys`.
    const withoutEntries = <T extends StoredSheet | StoredOrder>(row: T) => {
      const { list_keys: _entries, ...rest } = row;
      return rest;
    };
    const sheetsV2 = [
      storedSheet(1, sheet(1, { brand_name: 'Siemens' })),
      storedSheet(1, sheet(2, { brand_name: 'ABB' })),
      storedSheet(2, sheet(3, { company_id: 2, brand_name: 'Festo' })),
    ];
    const ordersV2 = [
      storedOrder(1, order(1, { brand_name: 'Siemens' })),
      storedOrder(1, order(2, { brand_name: 'ABB' })),
    ];
    await v2.table('sheets').bulkPut(sheetsV2.map(withoutEntries));
    await v2.table('orders').bulkPut(ordersV2.map(withoutEntries));
    v2.close();

    const db: PurchasingDb = await openUserDatabase(userId);
    track(db);
    expect((await readSchemaMeta(db))?.version).toBe(SCHEMA_VERSION);
    expect((await db.sheets.get([2, 3]))?.list_keys).toEqual(
      sheetListKeys(2, sheetsV2[2] ?? sheet(0)),
    );
    expect((await db.orders.get([1, 2]))?.list_keys).toEqual(
      orderListKeys(1, ordersV2[1] ?? order(0)),
    );
    // Sorting by brand works at once, through the new index.
    const base: ListQuery = {
      filters: {},
      pageNum: 1,
      pageSize: 50,
      filterKey: 'brand',
      filterSort: 'ASC',
    };
    const sheets = await sheetListWindow(db, {
      companyId: 1,
      listType: 'ALL',
      query: base,
      timeZone: 'Asia/Shanghai',
      offset: 0,
      limit: 10,
    });
    expect(sheets.rows.map((row) => row.sheet.id)).toEqual([2, 1]);
    const orders = await orderListWindow(db, {
      companyId: 1,
      tab: 'ALL',
      query: base,
      timeZone: 'Asia/Shanghai',
      offset: 0,
      limit: 10,
    });
    expect(orders.rows.map((row) => row.id)).toEqual([2, 1]);
  });

  it('ends with the same tables and indexes as a database created at the current version', async () => {
    const upgradedUser = freshUserId('v3-up');
    const v2 = versionTwo(upgradedUser);
    track(v2);
    await v2.open();
    v2.close();
    const upgraded = await openUserDatabase(upgradedUser);
    track(upgraded);
    const fresh = await openUserDatabase(freshUserId('v3-fresh'));
    track(fresh);
    const a = await nativeSchema(upgraded.name);
    const b = await nativeSchema(fresh.name);
    expect(a).toEqual(b);
    expect(b.stores.sheets?.indexes.list_keys).toEqual({ keyPath: 'list_keys', multiEntry: true });
    expect(b.stores.orders?.indexes.list_keys).toEqual({ keyPath: 'list_keys', multiEntry: true });
  });
});

describe('version 4', () => {
  it('upgrades a version-3 database with data: a number is found by a fragment from its middle', async () => {
    const userId = freshUserId('v4');
    const v3 = versionThree(userId);
    track(v3);
    await v3.open();
    const sheetsV3 = [
      storedSheet(1, sheet(1, { name: 'XJ20250101000777' })),
      storedSheet(1, sheet(4000, { state: 'SIGNED' })),
      storedSheet(2, sheet(3, { company_id: 2 })),
    ];
    const ordersV3 = [
      storedOrder(1, order(2, { name: 'PO20250101000888', inquiry_no: 'XJ20250101000555' })),
    ];
    await v3.table('sheets').bulkPut(sheetsV3);
    await v3.table('orders').bulkPut(ordersV3);
    const counts = new Map<string, number>();
    const keys = [
      ...sheetsV3.flatMap((row) => listKeysOf('sheets', row)),
      ...ordersV3.flatMap((row) => listKeysOf('orders', row)),
    ];
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    await v3.table('listTotals').bulkPut([...counts].map(([key, count]) => ({ key, count })));
    v3.close();

    const db: PurchasingDb = await openUserDatabase(userId);
    track(db);
    expect((await readSchemaMeta(db))?.version).toBe(SCHEMA_VERSION);
    // The column holds every stored number, as the writer would have kept it.
    const rebuilt = [
      ...columnFromRows('sheets', sheetsV3).values(),
      ...columnFromRows('orders', ordersV3).values(),
    ];
    const byKey = (a: { company_id: number; kind: string; bucket: number }) =>
      `${a.company_id}:${a.kind}:${a.bucket}`;
    const stored = await db.numberColumns.toArray();
    expect(stored.map(byKey).sort()).toEqual(rebuilt.map(byKey).sort());
    expect(Object.fromEntries(stored.map((c) => [byKey(c), c.text]))).toEqual(
      Object.fromEntries(rebuilt.map((c) => [byKey(c), c.text])),
    );
    const window = { companyId: 1, timeZone: 'Asia/Shanghai', offset: 0, limit: 10 };
    const query = (name: string): ListQuery => ({ filters: { name }, pageNum: 1, pageSize: 50 });
    const sheets = await sheetListWindow(db, {
      ...window,
      listType: 'ALL',
      query: query('2025010100'),
    });
    expect(sheets.rows.map((row) => row.sheet.id).sort()).toEqual([1, 4000]);
    const orders = await orderListWindow(db, { ...window, tab: 'ALL', query: query('1000555') });
    expect(orders.rows.map((row) => row.id)).toEqual([2]);
    // The upgrade leaves the totals as they were.
    const kept = await db.listTotals.toArray();
    await recountTotals(db, 1);
    await recountTotals(db, 2);
    expect(await db.listTotals.toArray()).toEqual(kept);
  });

  it('ends with the same tables and indexes as a database created at the current version', async () => {
    const upgradedUser = freshUserId('v4-up');
    const v3 = versionThree(upgradedUser);
    track(v3);
    await v3.open();
    v3.close();
    const upgraded = await openUserDatabase(upgradedUser);
    track(upgraded);
    const fresh = await openUserDatabase(freshUserId('v4-fresh'));
    track(fresh);
    const a = await nativeSchema(upgraded.name);
    const b = await nativeSchema(fresh.name);
    expect(a).toEqual(b);
    expect(Object.keys(b.stores).sort()).toEqual([...TABLE_NAMES].sort());
    expect(b.stores.numberColumns?.key).toEqual(['company_id', 'kind', 'bucket']);
  });
});

describe('version 5', () => {
  it('upgrades a version-4 database with data: the dashboard’s figures are counted from the orders', async () => {
    const userId = freshUserId('v5');
    const v4 = versionFour(userId);
    track(v4);
    await v4.open();
    const owner = { id: 11, name: '王同事' };
    const node = order(1).current_order_node;
    const ordersV4 = [
      storedOrder(
        1,
        order(1, { state: 10, current_order_node: { ...node, contacts_user: owner } }),
      ),
      storedOrder(1, order(2, { state: 40, forecast_receive_date: '2025-02-03' })),
      storedOrder(1, order(3, { state: -20, order_base_state: 'CANCELLED' })),
      storedOrder(2, order(4, { company_id: 2 })),
    ];
    await v4.table('orders').bulkPut(ordersV4);
    const counts = new Map<string, number>();
    for (const key of ordersV4.flatMap((row) => listKeysOf('orders', row))) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    await v4.table('listTotals').bulkPut([...counts].map(([key, count]) => ({ key, count })));
    v4.close();

    const db: PurchasingDb = await openUserDatabase(userId);
    track(db);
    expect((await readSchemaMeta(db))?.version).toBe(SCHEMA_VERSION);
    const totals = Object.fromEntries((await db.listTotals.toArray()).flatMap(flatCounts));
    expect(totals).toMatchObject({
      'orders:1:mine:11#CONTRACT_SIGNED': 1,
      'orders:1:due:2025-02#2025-02-03': 1,
      // Orders 1 and 2 at 10 yuan each; the cancelled one spends nothing.
      'orders:1:spend:2025-01#CNY:西门子': 2000,
      'orders:2:spend:2025-01#CNY:西门子': 1000,
    });
    // The list totals are as they were, and everything agrees with a recount.
    for (const [key, count] of counts) expect(totals[key]).toBe(count);
    const kept = await db.listTotals.toArray();
    await recountTotals(db, 1);
    await recountTotals(db, 2);
    expect(await db.listTotals.toArray()).toEqual(kept);
  });
});
