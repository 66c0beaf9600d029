// The engine against the real server app listening on loopback (PGlite in memory): a network
// that can be dropped (fetch throws TypeError, as in a browser) or fail mutations with a 503,
// engines built on a fresh local database per test, and polling helpers.
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { contacts, idempotencyKeys, sheets } from '../../../server/db/schema/index';
import { loadOrderRows } from '../../../server/sync/projections/orders';
import { loadSheetRows } from '../../../server/sync/projections/sheets';
import { loadStaffRows } from '../../../server/sync/projections/staff';
import { write } from '../../../server/sync/write';
import { openUserDatabase, type PurchasingDb } from '../../../src/data/db';
import type { MessagePostPayload } from '../../../src/sync/core/mutations/todos';
import { SyncEngine, type SyncEngineDeps } from '../../../src/sync/engine/engine';
import type { FetchLike } from '../../../src/sync/engine/http';
import { startTestServer, type TestServer } from '../../support/app';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { accessTokenFor } from '../../support/tokens';

export interface Harness {
  server: TestServer;
  fx: FixtureIds;
  baseUrl: string;
  /** A fresh access token of fx_user_a. */
  token(): Promise<string>;
}

export async function startHarness(): Promise<Harness> {
  const server = await startTestServer('pglite');
  const fx = await seedFixtures(server.db.database);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return {
    server,
    fx,
    baseUrl: `http://127.0.0.1:${port}`,
    token: () => accessTokenFor(server.db.database, server.issuer, fx.accounts.userA),
  };
}

/**
 * The fixtures are inserted straight into the tables, so their rows are not in the feed yet:
 * publish the company's sheets, orders and staff through the server's own writer, as a real
 * change would, so a first pull has something to bring.
 */
export async function publishCompany(h: Harness, companyId: number): Promise<void> {
  const db = h.server.db.database.db;
  const sheetIds = (
    await db.select({ id: sheets.id }).from(sheets).where(eq(sheets.companyId, companyId))
  ).map((r) => r.id);
  const staffIds = (
    await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.companyId, companyId))
  ).map((r) => r.id);
  const orderIds = companyId === h.fx.companies.buyerA ? [h.fx.orders.contractSignedA.id] : [];
  await write(db, async (tx, changes) => {
    for (const row of (await loadSheetRows(tx, sheetIds)).values())
      changes.upsert('sheets', row, [companyId]);
    for (const row of (await loadOrderRows(tx, orderIds)).values())
      changes.upsert('orders', row, [companyId]);
    for (const row of (await loadStaffRows(tx, staffIds)).values())
      changes.upsert('staff', row, [companyId]);
  });
}

export interface Call {
  method: string;
  url: string;
  status: number | 'network';
}

/** The device's network as the tests switch it. */
export class Network {
  offline = false;
  /** Mutations get no answer (pulls still go through). */
  mutationsOffline = false;
  /** The next n mutations are answered 503 before they reach the server. */
  fail503 = 0;
  readonly calls: Call[] = [];

  readonly fetch: FetchLike = async (url, init) => {
    const method = init.method ?? 'GET';
    const mutation = method !== 'GET';
    if (this.offline || (mutation && this.mutationsOffline)) {
      this.calls.push({ method, url, status: 'network' });
      throw new TypeError('Failed to fetch');
    }
    if (mutation && this.fail503 > 0) {
      this.fail503 -= 1;
      this.calls.push({ method, url, status: 503 });
      const body = { error_code: 'UNAVAILABLE', error_message: '服务繁忙，请稍后再试' };
      return new Response(JSON.stringify(body), { status: 503 });
    }
    const response = await fetch(url, init);
    this.calls.push({ method, url, status: response.status });
    return response;
  };

  mutations(): Call[] {
    return this.calls.filter((call) => call.method !== 'GET');
  }
}

let databases = 0;

export function openLocal(): Promise<PurchasingDb> {
  databases += 1;
  return openUserDatabase(`engine-test-${databases}`, { indexedDB, IDBKeyRange });
}

/** Real timers, numbered so the engine's handles stay opaque; `armed` counts those still set. */
export function timers() {
  const live = new Map<number, ReturnType<typeof setTimeout>>();
  let next = 0;
  return {
    armed: () => live.size,
    setTimer(callback: () => void, ms: number): unknown {
      next += 1;
      const id = next;
      live.set(
        id,
        setTimeout(() => {
          live.delete(id);
          callback();
        }, ms),
      );
      return id;
    },
    clearTimer(handle: unknown): void {
      if (typeof handle !== 'number') return;
      clearTimeout(live.get(handle));
      live.delete(handle);
    },
  };
}

export function makeEngine(
  h: Harness,
  db: PurchasingDb,
  net: Network,
  overrides: Partial<SyncEngineDeps> = {},
): SyncEngine {
  return new SyncEngine({
    db,
    fetch: net.fetch,
    baseUrl: h.baseUrl,
    getToken: h.token,
    now: () => Date.now(),
    // Backoff of 1% of the ceiling: 10 ms, 20 ms, … keeps retries fast and still exercised.
    random: () => 0.01,
    ...timers(),
    userSub: String(h.fx.accounts.userA),
    companies: [h.fx.companies.buyerA, h.fx.companies.buyerB],
    pageSize: 7,
    ...overrides,
  });
}

export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 8000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every company of the engine has finished a pull to the end of its feed. */
export const synced = (engine: SyncEngine) =>
  until(
    () => engine.status().companies.every((c) => !c.syncing && c.lastSyncedAt !== null),
    'the first pull',
  );

export async function serverSheet(h: Harness, id: number) {
  const [row] = await h.server.db.database.db.select().from(sheets).where(eq(sheets.id, id));
  if (!row) throw new Error(`no sheet ${id} on the server`);
  return row;
}

/** How many times the server stored an answer under the entry's Idempotency-Key. */
export async function storedAnswers(h: Harness, key: string): Promise<number> {
  const rows = await h.server.db.database.db
    .select()
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.subject, String(h.fx.accounts.userA)), eq(idempotencyKeys.key, key)),
    );
  return rows.length;
}

/** A message from fx_user_a to the supplier in the thread of company A's order. */
export function orderMessage(
  h: Harness,
  todoId: number,
  subject: string,
  over: Partial<MessagePostPayload> = {},
): MessagePostPayload {
  return {
    todoId,
    module: 'ORDER',
    moduleId: h.fx.orders.contractSignedA.id,
    moduleNumber: h.fx.orders.contractSignedA.name,
    subject,
    to: {
      companyId: h.fx.companies.supplier,
      companyName: '供应商',
      contactId: h.fx.contacts.supplierSales,
      contactName: '王销售',
    },
    from: {
      contactId: h.fx.contacts.userA,
      contactName: '李采购',
      companyName: null,
      avatar: null,
    },
    files: [],
    ...over,
  };
}

/** A suite's server and what its tests opened, closed for them by `engineSuite`. */
export interface EngineSuite {
  /** The server, once the suite's `beforeAll` has run. */
  readonly harness: Harness;
  /** Engines a test started: stopped after it. */
  readonly engines: SyncEngine[];
  /** Local databases a test opened: closed after it. */
  readonly dbs: PurchasingDb[];
}

/**
 * One engine suite's lifecycle, declared in its `describe`: the server started and `prepare`d
 * (by default company A published) before all tests, the tests' engines stopped and databases
 * closed after each, the server closed at the end.
 */
export function engineSuite(
  prepare: (h: Harness) => Promise<void> = (h) => publishCompany(h, h.fx.companies.buyerA),
): EngineSuite {
  let harness: Harness | undefined;
  const engines: SyncEngine[] = [];
  const dbs: PurchasingDb[] = [];
  beforeAll(async () => {
    harness = await startHarness();
    await prepare(harness);
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
    for (const db of dbs.splice(0)) db.close();
  });
  afterAll(() => harness?.server.close());
  return {
    get harness() {
      if (!harness) throw new Error('the engine suite has not started');
      return harness;
    },
    engines,
    dbs,
  };
}
