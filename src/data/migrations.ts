// What runs inside Dexie's upgrade transaction: the first population of a new database and the
// upgrade of each version's rows. Each upgrade has a test that opens the previous version's
// database with data (tests/data/migrations.test.ts). Upgrades use only `tx.table(...)`: the
// typed tables of the current schema are not bound to the upgrade transaction.
import type { Transaction } from 'dexie';
import type { StoredOrder, StoredSheet, StoredTodo } from './derive';
import { todoV2Fields } from './derive';
import { orderListKeys, sheetListKeys } from './lists/listIndex';
import { orderFigureShares, todoPartyTotalKey } from './lists/listKeys';
import { addToColumns, type NumberColumn } from './lists/numberColumn';
import type { ClientMeta, SchemaMeta } from './meta';
import { totalsOf } from './totalParts';
import type { ListTotal } from './totals';

function schemaRow(version: number): SchemaMeta {
  return { key: 'schema', version, upgradedAt: Date.now() };
}

/** A new database: record its schema version and give this device its client id. */
export async function populate(tx: Transaction): Promise<void> {
  const client: ClientMeta = { key: 'client', clientId: globalThis.crypto.randomUUID() };
  await tx.table('meta').bulkPut([schemaRow(tx.db.verno), client]);
}

/**
 * Version 2 adds the inbox's MINE scope (`party_keys`) and favourites (`favourite_time`): both
 * derived from each stored to-do, and the MINE totals counted in the same pass, so the lists and
 * their totals are right the moment the upgraded database opens.
 */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  const partyCounts = new Map<string, number>();
  await tx
    .table<StoredTodo>('todos')
    .toCollection()
    .modify((todo) => {
      const { party_keys, favourite_time } = todoV2Fields(todo.company_id, todo);
      todo.party_keys = party_keys;
      if (favourite_time !== undefined) todo.favourite_time = favourite_time;
      else delete todo.favourite_time;
      for (const [companyId, contactId] of party_keys) {
        const key = todoPartyTotalKey(companyId, contactId);
        partyCounts.set(key, (partyCounts.get(key) ?? 0) + 1);
      }
    });
  const totals: ListTotal[] = [...partyCounts].map(([key, count]) => ({ key, count }));
  await tx.table<ListTotal>('listTotals').bulkPut(totals);
  await tx.table('meta').put(schemaRow(2));
}

/** Version 3 adds the lists' sort and filter entries (`list_keys`) to every sheet and order. */
export async function upgradeToV3(tx: Transaction): Promise<void> {
  await tx
    .table<StoredSheet>('sheets')
    .toCollection()
    .modify((sheet) => {
      sheet.list_keys = sheetListKeys(sheet.company_id, sheet);
    });
  await tx
    .table<StoredOrder>('orders')
    .toCollection()
    .modify((order) => {
      order.list_keys = orderListKeys(order.company_id, order);
    });
  await tx.table('meta').put(schemaRow(3));
}

/**
 * Version 4 adds the number search's column (`numberColumns`): every stored sheet's and order's
 * numbers, so a fragment from the middle of a number finds it the moment the database opens.
 */
export async function upgradeToV4(tx: Transaction): Promise<void> {
  // Rows come in primary key order ([company, id]), so each bucket's records are in id order.
  const columns = new Map<string, NumberColumn>();
  await tx.table<StoredSheet>('sheets').each((sheet) => addToColumns(columns, 'sheets', sheet));
  await tx.table<StoredOrder>('orders').each((order) => addToColumns(columns, 'orders', order));
  await tx.table<NumberColumn>('numberColumns').bulkPut([...columns.values()]);
  await tx.table('meta').put(schemaRow(4));
}

/**
 * Version 5 keeps the dashboard's figures (orders awaiting each owner, goods due per day, spend
 * per month and brand) among the totals: counted here from the stored orders, read only, so the
 * 工作台 is right the moment the upgraded database opens.
 */
export async function upgradeToV5(tx: Transaction): Promise<void> {
  const sums = new Map<string, number>();
  await tx.table<StoredOrder>('orders').each((order) => {
    for (const [key, amount] of orderFigureShares(order)) {
      sums.set(key, (sums.get(key) ?? 0) + amount);
    }
  });
  await tx.table<ListTotal>('listTotals').bulkPut(totalsOf(sums));
  await tx.table('meta').put(schemaRow(5));
}
