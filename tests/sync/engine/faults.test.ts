// The engine under faults, against the real server on loopback: a 401 pauses pushing (outbox
// kept) until the session is renewed, a 410 resyncs the company and keeps the outbox and its
// effects, and after a 503 the retry timer sends the entry again with no new local write.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncChanges } from '../../../server/db/schema/index';
import { purgeTombstones } from '../../../server/sync/retention';
import { write } from '../../../server/sync/write';
import type { PurchasingDb } from '../../../src/data/db';
import { readCompanySync } from '../../../src/data/meta';
import { asRow } from '../../../src/sync/core/types';
import { expiredTokenFor } from '../../support/tokens';
import {
  engineSuite,
  type Harness,
  makeEngine,
  Network,
  openLocal,
  serverSheet,
  storedAnswers,
  synced,
  until,
} from './engineHarness';

describe('sync engine under faults', () => {
  const suite = engineSuite();
  const { engines, dbs } = suite;
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });

  const A = () => h.fx.companies.buyerA;

  async function setup(getToken: () => Promise<string | null> = h.token, pageSize = 1000) {
    const net = new Network();
    const db = await openLocal();
    dbs.push(db);
    const engine = makeEngine(h, db, net, { companies: [A()], getToken, pageSize });
    engines.push(engine);
    await engine.start();
    await synced(engine);
    return { db, engine, net };
  }

  /** An owner change of the draft to whoever does not own it now (locally). */
  async function ownerChange(db: PurchasingDb) {
    const sheetId = h.fx.sheets.draftA.id;
    const row = asRow(await db.sheets.get([A(), sheetId]));
    if (!row) throw new Error('sheet not pulled');
    const owner = (await serverSheet(h, sheetId)).ownerContactId;
    const to = owner === h.fx.contacts.adminA ? h.fx.contacts.userA : h.fx.contacts.adminA;
    return {
      sheetId,
      to,
      mutation: {
        type: 'sheet.changeOwner' as const,
        payload: { id: sheetId, ifMatch: row.version, owner: { id: to, name: '负责人' } },
      },
    };
  }

  it('pauses pushing on a 401, keeps the entry, and resumes with a new token', async () => {
    let token: string | null = await h.token();
    const { db, engine, net } = await setup(async () => token);
    token = await expiredTokenFor(h.server.db.database, h.server.issuer, h.fx.accounts.userA);
    const change = await ownerChange(db);
    const id = await engine.enqueue(A(), change.mutation);
    await until(() => engine.status().pausedForAuth, 'the pause');
    expect(net.mutations()).toEqual([expect.objectContaining({ status: 401 })]);
    expect(engine.status().pending).toBe(1);
    expect(await storedAnswers(h, id)).toBe(0);
    // Paused: nothing more goes out, whatever the timers do.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(net.mutations()).toHaveLength(1);

    token = await h.token();
    engine.resume();
    await until(() => engine.status().pending === 0, 'the entry applied after renewal');
    expect(engine.status().pausedForAuth).toBe(false);
    expect((await serverSheet(h, change.sheetId)).ownerContactId).toBe(change.to);
    expect(await storedAnswers(h, id)).toBe(1);
  });

  it('resyncs the company on a 410 and keeps the outbox and its effect', async () => {
    // One page for the whole resync: the server refuses any cursor below its purge horizon,
    // even the cursors of its own pages (reported), so a paged resync cannot get past it.
    const { db, engine, net } = await setup(h.token, 1000);
    net.mutationsOffline = true;
    const change = await ownerChange(db);
    await engine.enqueue(A(), change.mutation);
    await until(() => net.mutations().length > 0, 'a failed attempt');
    const cursor = (await readCompanySync(db, A())).cursor;
    // A tombstone past the device's cursor, then purged: that cursor can no longer be served.
    const serverDb = h.server.db.database.db;
    await write(serverDb, async (_tx, changes) => {
      changes.remove('sheets', 999_999, [A()]);
    });
    await serverDb.update(syncChanges).set({ changedAt: '2000-01-01T00:00:00.000Z' });
    await purgeTombstones(serverDb, new Date());

    await engine.pullNow(A());
    const pulls = net.calls.filter((call) => call.method === 'GET');
    const expired = pulls.findIndex((call) => call.status === 410);
    expect(expired).toBeGreaterThan(-1);
    expect(pulls[expired]?.url).toContain(`cursor=${cursor}&`);
    // Read again from the start of the feed, to its end.
    expect(pulls[expired + 1]).toMatchObject({
      status: 200,
      url: expect.stringContaining('cursor=&'),
    });
    expect(engine.status().companies[0]).toMatchObject({ syncing: false, error: null });
    expect(await db.outbox.count()).toBe(1);
    const local = asRow(await db.sheets.get([A(), change.sheetId]));
    expect(local?.current_node).toMatchObject({ contacts_user: { id: change.to } });
    expect(await db.sheets.count()).toBeGreaterThan(1);

    net.mutationsOffline = false;
    await until(() => engine.status().pending === 0, 'the kept entry applied');
    expect((await serverSheet(h, change.sheetId)).ownerContactId).toBe(change.to);
  });

  it('retries after a 503 on its timer, with no new local write', async () => {
    const { db, engine, net } = await setup();
    net.fail503 = 1;
    const change = await ownerChange(db);
    const id = await engine.enqueue(A(), change.mutation);
    await until(() => engine.status().pending === 0, 'the retry to go through');
    expect(net.mutations().map((call) => call.status)).toEqual([503, 200]);
    expect(await storedAnswers(h, id)).toBe(1);
    expect((await serverSheet(h, change.sheetId)).ownerContactId).toBe(change.to);
  });
});
