// List totals: read one, and apply the deltas a write produced (inside the writer's transaction).
// `recountTotals` counts a company's totals again from its list indexes (index keys only; the
// dashboard's figures from the order rows): no production path calls it; it is the oracle the
// tests hold the kept totals against (engine, property and migration tests), and the repair a
// future full resync would run.
import Dexie from 'dexie';
import { ORDER_TABS } from '../domain/orders/orderTabs';
import { SHEET_LIST_TYPES } from '../domain/purchase/listTypes';
import type { PurchasingDb } from './db';
import {
  companyTotalPrefixes,
  orderFigureShares,
  orderTabTotalKey,
  sheetListTotalKey,
  todoCompanyTotalKey,
  todoPartyTotalKey,
  todoReceivedTotalKey,
} from './lists/listKeys';
import { INDEX } from './schema';
import { splitPart, totalsOf, withPart } from './totalParts';

export interface ListTotal {
  /** See src/data/lists/listKeys.ts. */
  key: string;
  /** How many rows; for a sum (the dashboard's spend), the amount in cents. */
  count: number;
  /**
   * A bucket's parts (the dashboard's figures: a month's days, brands): `count` is their sum. A
   * share keyed `bucket#part` lands here, so a page that touches hundreds of parts writes a few
   * records, not hundreds (each record costs a first sync its write).
   */
  parts?: Record<string, number>;
}

/** The range of a compound index holding every key that starts with `prefix`. */
export function prefixRange(prefix: readonly unknown[]): [lower: unknown[], upper: unknown[]] {
  // A shorter array sorts before every longer one it starts; maxKey (an array) after every value.
  // Dexie.maxKey appears once: the same array twice in one key is invalid (IndexedDB `seen`).
  return [[...prefix], [...prefix, Dexie.maxKey]];
}

export async function readTotal(db: PurchasingDb, key: string): Promise<number> {
  return (await db.listTotals.get(key))?.count ?? 0;
}

/**
 * Adds `deltas` to the totals; a total that reaches zero is removed, as is a bucket's part (and
 * the bucket with its last part). Call inside a rw transaction.
 */
export async function addToTotals(db: PurchasingDb, deltas: ReadonlyMap<string, number>) {
  const byKey = new Map<string, Array<[part: string | null, delta: number]>>();
  for (const [flat, delta] of deltas) {
    if (delta === 0) continue;
    const [key, part] = splitPart(flat);
    const list = byKey.get(key) ?? [];
    list.push([part, delta]);
    byKey.set(key, list);
  }
  const keys = [...byKey.keys()];
  if (keys.length === 0) return;
  const current = await db.listTotals.bulkGet(keys);
  const puts: ListTotal[] = [];
  const removed: string[] = [];
  keys.forEach((key, i) => {
    let record: ListTotal | null = current[i] ?? null;
    for (const [part, delta] of byKey.get(key) ?? []) {
      if (part === null) {
        const count = (record?.count ?? 0) + delta;
        record = count > 0 ? { key, count } : null;
      } else {
        record = withPart(record ?? undefined, key, part, delta);
      }
    }
    if (record) puts.push(record);
    else removed.push(key);
  });
  await db.listTotals.bulkPut(puts);
  await db.listTotals.bulkDelete(removed);
}

/** Removes every total of the company (inside the caller's rw transaction). */
export async function clearCompanyTotals(db: PurchasingDb, companyId: number): Promise<void> {
  for (const prefix of companyTotalPrefixes(companyId)) {
    await db.listTotals.where('key').startsWith(prefix).delete();
  }
}

async function countRange(
  db: PurchasingDb,
  table: 'sheets' | 'orders' | 'todos',
  index: string,
  prefix: unknown[],
) {
  const [lower, upper] = prefixRange(prefix);
  return db.table(table).where(index).between(lower, upper, true, true).count();
}

/** Counts every total of the company from its list indexes and replaces the kept ones (tests). */
export function recountTotals(db: PurchasingDb, companyId: number): Promise<void> {
  return db.transaction('rw', [db.sheets, db.orders, db.todos, db.listTotals], async () => {
    const counts = new Map<string, number>();
    for (const listType of SHEET_LIST_TYPES) {
      const [index, prefix] =
        listType === 'ALL'
          ? [INDEX.sheets.allByCreated, [companyId]]
          : [INDEX.sheets.tabByCreated, [companyId, listType]];
      counts.set(
        sheetListTotalKey(companyId, listType),
        await countRange(db, 'sheets', index, prefix),
      );
    }
    for (const tab of ORDER_TABS) {
      counts.set(
        orderTabTotalKey(companyId, tab),
        await countRange(db, 'orders', INDEX.orders.tabs, [companyId, tab]),
      );
    }
    counts.set(
      todoCompanyTotalKey(companyId),
      await countRange(db, 'todos', INDEX.todos.company, [companyId]),
    );
    // States and contacts are open sets (a newer server may add states): read them off the keys.
    const [receivedLow, receivedHigh] = prefixRange([companyId, companyId]);
    await db.todos
      .where(INDEX.todos.received)
      .between(receivedLow, receivedHigh, true, true)
      .eachKey((key) => {
        const state = Array.isArray(key) ? key[2] : undefined;
        if (typeof state !== 'string') return;
        const name = todoReceivedTotalKey(companyId, state);
        counts.set(name, (counts.get(name) ?? 0) + 1);
      });
    const [partyLow, partyHigh] = prefixRange([companyId]);
    await db.todos
      .where(INDEX.todos.party)
      .between(partyLow, partyHigh, true, true)
      .eachKey((key) => {
        const contactId = Array.isArray(key) ? key[1] : undefined;
        if (typeof contactId !== 'number') return;
        const name = todoPartyTotalKey(companyId, contactId);
        counts.set(name, (counts.get(name) ?? 0) + 1);
      });
    // The dashboard's figures are sums of row fields no index holds: read off the rows.
    const [rowsLow, rowsHigh] = prefixRange([companyId]);
    await db.orders
      .where(':id')
      .between(rowsLow, rowsHigh, true, true)
      .each((order) => {
        for (const [key, amount] of orderFigureShares(order)) {
          counts.set(key, (counts.get(key) ?? 0) + amount);
        }
      });
    await clearCompanyTotals(db, companyId);
    await db.listTotals.bulkPut(totalsOf(counts));
  });
}
