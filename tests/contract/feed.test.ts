// The feed contract end to end: the real server (the demo data, so every synced table has rows,
// plus a tombstone of each table) answers GET /sync-api/v1/changes for every company, and every
// page goes through the worker's decoder (src/contract/feed.ts). The rows a device makes itself
// before the server answers (optimistic effects) must have the same fields, and a row that
// drifted from the contract must be refused.
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, syncChanges } from '../../server/db/schema/index';
import { seedDemoData } from '../../server/demo/seed/demo';
import { write } from '../../server/sync/write';
import { decodeFeedPage } from '../../src/contract/feed';
import {
  type FeedChange,
  type FeedRowOf,
  SYNC_TABLES,
  type SyncTable,
} from '../../src/contract/feedRows';
import { ROW_SCHEMAS } from '../../src/contract/feedSchemas';
import { sheetCreate } from '../../src/sync/core/mutations/sheets';
import { messagePost } from '../../src/sync/core/mutations/todos';
import { PENDING_FIELD, type Row } from '../../src/sync/core/types';
import { startTestServer, type TestServer } from '../support/app';
import { drivers } from '../support/databases';
import { accessTokenFor } from '../support/tokens';

const NOW = new Date('2026-11-20T09:30:00+08:00');
/** Ids no table uses: their tombstones are the deletes of the feed. */
const GONE = 900_000_001;

/** Every raw change of a company's feed, page by page as the route answers. */
async function readFeed(server: TestServer, token: string, companyId: number) {
  const pages: unknown[] = [];
  let cursor = '';
  for (;;) {
    const res = await server.app.inject({
      method: 'GET',
      url: `/sync-api/v1/changes?currentCompanyId=${companyId}&cursor=${cursor}&limit=2000`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const data: unknown = res.json().data;
    pages.push(data);
    const decoded = decodeFeedPage(data, 'full');
    if (!decoded.ok) throw new Error(decoded.error);
    if (!decoded.value.has_more) return pages;
    cursor = decoded.value.cursor;
  }
}

const keysOf = (row: object) => Object.keys(row).sort();

describe.each(drivers)('the feed contract on %s', (driver) => {
  let server: TestServer;
  /** Every company's decoded changes, and the raw pages they came in. */
  const changes: FeedChange[] = [];
  const pages: unknown[] = [];

  beforeAll(async () => {
    server = await startTestServer(driver);
    const { database } = server.db;
    await seedDemoData(database, { seed: 2026, now: NOW });
    const members = await database.db
      .selectDistinct({ companyId: contacts.companyId, accountId: contacts.accountId })
      .from(contacts)
      .where(and(isNotNull(contacts.accountId), eq(contacts.status, 'IN_SERVICE')));
    const companyIds = (
      await database.db.selectDistinct({ id: syncChanges.companyId }).from(syncChanges)
    ).map((row) => row.id);
    const first = companyIds.find((id) => members.some((m) => m.companyId === id)) ?? 0;
    await write(database.db, async (_tx, feed) => {
      for (const table of SYNC_TABLES) feed.remove(table, GONE, [first]);
    });
    for (const companyId of companyIds) {
      const member = members.find((m) => m.companyId === companyId && m.accountId !== null);
      if (!member?.accountId) continue;
      const token = await accessTokenFor(database, server.issuer, member.accountId);
      for (const page of await readFeed(server, token, companyId)) {
        pages.push(page);
        const decoded = decodeFeedPage(page, 'full');
        if (decoded.ok) changes.push(...decoded.value.changes);
      }
    }
  }, 120_000);
  afterAll(async () => server.close());

  it('brings rows of every synced table, and every one decodes', () => {
    const upserted = new Set(changes.filter((c) => c.op === 'upsert').map((c) => c.table));
    expect([...upserted].sort()).toEqual([...SYNC_TABLES].sort());
    // Whole rows against their schemas, and the key fields the worker checks at run time.
    for (const page of pages) expect(decodeFeedPage(page, 'full')).toMatchObject({ ok: true });
    for (const page of pages) expect(decodeFeedPage(page, 'keys')).toMatchObject({ ok: true });
    expect(changes.length).toBeGreaterThan(100);
  });

  it('brings a tombstone of every table, and each decodes as a delete without a row', () => {
    const deleted = changes.filter((c) => c.op === 'delete' && c.id === String(GONE));
    expect(deleted.map((c) => c.table).sort()).toEqual([...SYNC_TABLES].sort());
    for (const change of deleted) expect(change.row).toBeNull();
  });

  it('fills the fields the documents read: order lines, boxes and invoices', () => {
    const orders = changes.flatMap((c) => (c.table === 'orders' && c.row ? [c.row] : []));
    expect(orders.some((o) => o.order_product_list.length > 0)).toBe(true);
    expect(orders.some((o) => (o.logistics ?? []).length > 0)).toBe(true);
    expect(orders.some((o) => (o.invoices ?? []).length > 0)).toBe(true);
    const sheets = changes.flatMap((c) => (c.table === 'sheets' && c.row ? [c.row] : []));
    expect(sheets.some((s) => s.inquiry_product_list.length > 0)).toBe(true);
  });

  /** A server row of the table, as the feed carried it. */
  const serverRow = <T extends SyncTable>(table: T): FeedRowOf[T] => {
    const found = changes.find((c) => c.table === table && c.row !== null);
    if (!found?.row) throw new Error(`no ${table} row in the feed`);
    return found.row as FeedRowOf[T];
  };
  const withoutPending = (row: Row | null): Record<string, unknown> => {
    if (!row) throw new Error('the effect made no row');
    const { [PENDING_FIELD]: _pending, ...rest } = row;
    return rest;
  };

  it('makes an offline-created sheet with the fields of a server sheet', () => {
    const context = { companyId: 7, createdAt: NOW.getTime() };
    const line = {
      productId: null,
      productType: '6ES7 214-1AG40-0XB0',
      productArticleNo: null,
      shortDescription: null,
      qty: 2,
      attachments: [],
    };
    const payload = {
      sheetId: -1,
      brand: { id: 5, name: '西门子', view: null },
      lines: [line],
      saveToDraft: true,
      supplier: null,
      owner: { id: 3, name: '李娜' },
      remark: null,
    };
    const optimistic = withoutPending(sheetCreate.effect(null, payload, context));
    expect(ROW_SCHEMAS.sheets.safeParse(optimistic).success).toBe(true);
    const server = serverRow('sheets');
    // The optional has_cny_vat_fee is the server's alone (an older app's rows lack it too).
    expect(keysOf(optimistic)).toEqual(keysOf(server).filter((k) => k !== 'has_cny_vat_fee'));
    const [optimisticLine] = optimistic.inquiry_product_list as object[];
    const [serverLine] = serverRow('sheets').inquiry_product_list;
    expect(optimisticLine && keysOf(optimisticLine)).toEqual(serverLine && keysOf(serverLine));
  });

  it('makes a message sent offline with the fields of a server to-do', () => {
    const context = { companyId: 7, createdAt: NOW.getTime() };
    const payload = {
      todoId: -2,
      module: 'ORDER' as const,
      moduleId: 12,
      moduleNumber: 'PO20261120000001',
      subject: '请确认交期',
      to: { companyId: 9, companyName: '供应商', contactId: null, contactName: null },
      from: { contactId: 3, contactName: '李娜', companyName: '买方', avatar: null },
      files: [],
    };
    const optimistic = withoutPending(messagePost.effect(null, payload, context));
    expect(ROW_SCHEMAS.todos.safeParse(optimistic).success).toBe(true);
    expect(keysOf(optimistic)).toEqual(keysOf(serverRow('todos')));
  });

  it('decodes a 1,000-change page of these rows quickly enough for a first sync', () => {
    const upserts = changes.filter((c) => c.op === 'upsert');
    const page = {
      cursor: '1000',
      has_more: true,
      remaining: 119_000,
      changes: Array.from({ length: 1000 }, (_, i) => upserts[i % upserts.length]),
    };
    // Warm up (JIT), then measure; printed, not asserted (machines differ).
    const perRow = (check: 'keys' | 'full') => {
      for (let i = 0; i < 3; i++) decodeFeedPage(page, check);
      const runs = 10;
      const start = performance.now();
      for (let i = 0; i < runs; i++) expect(decodeFeedPage(page, check).ok).toBe(true);
      return ((performance.now() - start) * 1000) / (runs * 1000);
    };
    const keys = perRow('keys');
    const full = perRow('full');
    const mix = SYNC_TABLES.map(
      (t) => `${t} ${page.changes.filter((c) => c?.table === t).length}`,
    ).join(', ');
    console.info(
      `decodeFeedPage on ${driver}, µs per row: keys ${keys.toFixed(2)}, full ${full.toFixed(2)} (${mix})`,
    );
    expect(keys).toBeGreaterThan(0);
  });
});
