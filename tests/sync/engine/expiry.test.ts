// An entry that could not be sent for longer than the server keeps Idempotency-Key answers
// (src/domain/sync/retention.ts) is not sent when the network returns: it is refused locally,
// rolled back and shown, and goes only when the user resubmits it under a new key.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_SEND_WINDOW_MS } from '../../../src/domain/sync/retention';
import { entryView } from '../../../src/features/sync/entryView';
import { asRow } from '../../../src/sync/core/types';
import { enqueueEntry } from '../../../src/sync/engine/commands';
import type { SyncEngineDeps } from '../../../src/sync/engine/engine';
import { markInFlight } from '../../../src/sync/engine/push';
import { loadEntry, loadOutbox } from '../../../src/sync/outbox';
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

describe('an outbox entry older than the send window', () => {
  const suite = engineSuite();
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });

  /** An engine synced for buyer A on a clock the test moves, and the draft it will change. */
  async function started(
    now: () => number,
    overrides: (net: Network) => Partial<SyncEngineDeps> = () => ({}),
  ) {
    const net = new Network();
    const db = await openLocal();
    suite.dbs.push(db);
    const engine = makeEngine(h, db, net, {
      now,
      companies: [h.fx.companies.buyerA],
      ...overrides(net),
    });
    suite.engines.push(engine);
    await engine.start();
    await synced(engine);
    const A = h.fx.companies.buyerA;
    const sheetId = h.fx.sheets.draftA.id;
    const before = asRow(await db.table('sheets').get([A, sheetId]));
    if (!before) throw new Error('sheet not pulled');
    return { net, db, engine, A, sheetId, before };
  }

  it('is not sent, is shown for the user to decide, and goes once resubmitted', async () => {
    let clock = Date.now();
    const { net, db, engine, A, sheetId, before } = await started(() => clock);
    const ownerBefore = (await serverSheet(h, sheetId)).ownerContactId;

    net.offline = true;
    const id = await engine.enqueue(A, {
      type: 'sheet.changeOwner',
      payload: {
        id: sheetId,
        ifMatch: before.version,
        owner: { id: h.fx.contacts.adminA, name: '张管理' },
      },
    });
    await until(() => net.mutations().length > 0, 'an attempt while offline');

    // 28 days later the device is back online.
    clock += OUTBOX_SEND_WINDOW_MS;
    net.offline = false;
    engine.resume();
    await until(() => engine.status().failed.length === 1, 'the entry held back');
    expect(net.mutations().every((call) => call.status === 'network')).toBe(true);
    expect((await serverSheet(h, sheetId)).ownerContactId).toBe(ownerBefore);
    expect(await storedAnswers(h, id)).toBe(0);
    expect(asRow(await db.table('sheets').get([A, sheetId]))).toEqual(before);
    const [stored] = (await loadOutbox(db)).entries;
    if (!stored) throw new Error('the entry is gone');
    expect(entryView(stored)).toMatchObject({
      state: 'expired',
      message: '该更改已超过28天未能发送，请确认后重新提交或放弃',
      canRetry: true,
      canDiscard: true,
    });

    expect(await engine.retry(id)).toBe(true);
    await until(
      () => engine.status().pending === 0 && engine.status().failed.length === 0,
      'the resubmitted entry applied',
    );
    expect((await serverSheet(h, sheetId)).ownerContactId).toBe(h.fx.contacts.adminA);
    expect(await storedAnswers(h, `${id}.r1`)).toBe(1);
  });

  it('passing the window while the engine waits is recorded without another wake', async () => {
    // The clock jumps past the window as the offline attempt fails: when the push loop ends, the
    // entry waits for no retry time; it must still be refused and shown, not left pending.
    let clock = Date.now();
    const { net, db, engine, A, sheetId, before } = await started(
      () => clock,
      (network) => ({
        fetch: async (url, init) => {
          try {
            return await network.fetch(url, init);
          } catch (error) {
            if ((init.method ?? 'GET') !== 'GET') clock += OUTBOX_SEND_WINDOW_MS;
            throw error;
          }
        },
      }),
    );

    net.mutationsOffline = true;
    await engine.enqueue(A, {
      type: 'sheet.changeOwner',
      payload: {
        id: sheetId,
        ifMatch: before.version,
        owner: { id: h.fx.contacts.adminA, name: '张管理' },
      },
    });
    await until(() => engine.status().failed.length === 1, 'the expired entry refused and shown');
    expect(net.mutations()).toHaveLength(1);
    expect(asRow(await db.table('sheets').get([A, sheetId]))).toEqual(before);
  });

  it('is left out of a batch read before it passed the window, and stays pending', async () => {
    const db = await openLocal();
    suite.dbs.push(db);
    const now = Date.now();
    const args = { clientId: 'c1', userSub: 'u1', companyId: 1 };
    const mutation = {
      type: 'sheet.changeOwner' as const,
      payload: { id: 5, ifMatch: 1, owner: { id: 9, name: '员工9' } },
    };
    const young = await enqueueEntry(db, { ...args, now, mutation });
    const old = await enqueueEntry(db, {
      ...args,
      now: now - OUTBOX_SEND_WINDOW_MS,
      mutation: { ...mutation, payload: { ...mutation.payload, id: 6 } },
    });
    const batch = (await loadOutbox(db)).entries;
    const sendable = await markInFlight(db, batch, now);
    expect(sendable.map((entry) => entry.id)).toEqual([young]);
    expect((await loadEntry(db, young))?.status).toBe('sending');
    expect((await loadEntry(db, old))?.status).toBe('pending');
  });
});
