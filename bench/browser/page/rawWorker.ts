// The raw baseline of the first sync, in its own dedicated Worker as the engine runs in one: the
// same feed pages fetched and parsed once (untimed), their rows derived exactly as the engine
// stores them, then written with plain Dexie bulkPut, one transaction per page, into a fresh
// database of the same schema and durability. Only those transactions are timed: no totals, no
// reads of the rows already there, no rebase, no cursor, no status. For comparison, a share of
// the same pages also goes through the engine's own page write (src/sync/engine/pull.ts
// writePage) into another fresh database: the engine's storage path without the network.
import { expose } from 'comlink';
import type { FeedChange, SyncTable } from '../../../src/contract/feedRows';
import { PurchasingDb } from '../../../src/data/db';
import { DERIVE, type StoredRow } from '../../../src/data/derive';
import { writePage } from '../../../src/sync/engine/pull';
import type { TableFigures } from '../protocol';

interface FeedPage {
  cursor: string;
  hasMore: boolean;
  remaining: number;
  changes: FeedChange[];
}

interface Page {
  companyId: number;
  /** The page as the engine reads it from the feed. */
  feed: FeedPage;
  tables: SyncTable[];
  puts: Map<SyncTable, StoredRow[]>;
  deletes: Map<SyncTable, Array<[number, number]>>;
}

interface FeedAnswer {
  data: { cursor: string; has_more: boolean; remaining: number; changes: FeedChange[] };
}

type Upsert = Extract<FeedChange, { op: 'upsert' }>;

/** The row as the engine stores it (src/data/writes.ts derives the same way). */
function stored(companyId: number, change: Upsert): StoredRow {
  switch (change.table) {
    case 'sheets':
      return DERIVE.sheets(companyId, change.row);
    case 'orders':
      return DERIVE.orders(companyId, change.row);
    case 'todos':
      return DERIVE.todos(companyId, change.row);
    case 'staff':
      return DERIVE.staff(companyId, change.row);
    case 'companies':
      return DERIVE.companies(companyId, change.row);
    case 'brands':
      return DERIVE.brands(companyId, change.row);
  }
}

function pageOf(companyId: number, feed: FeedPage, tables: Record<string, TableFigures>) {
  const page: Page = { companyId, feed, tables: [], puts: new Map(), deletes: new Map() };
  for (const change of feed.changes) {
    if (!page.tables.includes(change.table)) page.tables.push(change.table);
    if (change.op === 'delete') {
      const keys = page.deletes.get(change.table) ?? [];
      keys.push([companyId, Number(change.id)]);
      page.deletes.set(change.table, keys);
      continue;
    }
    const row = stored(companyId, change);
    const rows = page.puts.get(change.table) ?? [];
    rows.push(row);
    page.puts.set(change.table, rows);
    const figures = tables[change.table] ?? { rows: 0, jsonBytes: 0 };
    figures.rows += 1;
    figures.jsonBytes += JSON.stringify(row).length;
    tables[change.table] = figures;
  }
  return page;
}

const pages: Page[] = [];
let rows = 0;

async function fresh(name: string): Promise<PurchasingDb> {
  const db = new PurchasingDb(name, { chromeTransactionDurability: 'strict' });
  await db.open();
  return db;
}

const api = {
  /** Fetches every page of the companies' feeds into memory; resolves to per-table figures. */
  async fetchFeeds(baseUrl: string, token: string, companies: number[], pageSize: number) {
    const tables: Record<string, TableFigures> = {};
    for (const companyId of companies) {
      for (let cursor = '', more = true; more; ) {
        const query = new URLSearchParams({
          currentCompanyId: String(companyId),
          cursor,
          limit: String(pageSize),
        });
        const response = await fetch(`${baseUrl}/sync-api/v1/changes?${query}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!response.ok) throw new Error(`feed of company ${companyId}: HTTP ${response.status}`);
        const { data } = (await response.json()) as FeedAnswer;
        const feed = {
          cursor: data.cursor,
          hasMore: data.has_more,
          remaining: data.remaining,
          changes: data.changes,
        };
        pages.push(pageOf(companyId, feed, tables));
        rows += data.changes.length;
        cursor = data.cursor;
        more = data.has_more;
      }
    }
    return { rows, tables };
  },

  /** Writes the fetched pages into a fresh database `name`; resolves to the ms it took. */
  async write(name: string): Promise<number> {
    const db = await fresh(name);
    const t0 = performance.now();
    for (const page of pages) {
      await db.transaction(
        'rw',
        page.tables.map((table) => db.table(table)),
        async () => {
          for (const [table, puts] of page.puts) await db.table(table).bulkPut(puts);
          for (const [table, keys] of page.deletes) await db.table(table).bulkDelete(keys);
        },
      );
    }
    const ms = performance.now() - t0;
    db.close();
    return ms;
  },

  /** Every `every`th fetched page through the engine's writePage into a fresh database `name`. */
  async writeAsEngine(name: string, every: number): Promise<{ rows: number; ms: number }> {
    const db = await fresh(name);
    let written = 0;
    const t0 = performance.now();
    for (const [i, page] of pages.entries()) {
      if (i % every !== 0) continue;
      await writePage(db, page.companyId, page.feed, Date.now());
      written += page.feed.changes.length;
    }
    const ms = performance.now() - t0;
    db.close();
    return { rows: written, ms };
  },
};

export type RawApi = typeof api;

expose(api);
