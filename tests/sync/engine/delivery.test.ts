// `deliverOnce`, the engine as the service worker runs it while the app is closed, against the real
// server on loopback: entries still in backoff go (the sync event means the network is back), the
// run stops by itself with no timer left armed, and its report counts what was sent, applied,
// refused and left. `releaseBackoff` and the tally it reports from are exercised here.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PurchasingDb } from '../../../src/data/db';
import type { SyncEngineDeps } from '../../../src/sync/engine/engine';
import {
  timers as countedTimers,
  engineSuite,
  type Harness,
  makeEngine,
  Network,
  openLocal,
  orderMessage,
  storedAnswers,
  synced,
  until,
} from './engineHarness';

const MESSAGES_PATH = '/todos-api/v7/messages?';

describe('deliverOnce', () => {
  const suite = engineSuite();
  const { dbs } = suite;
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });
  const A = () => h.fx.companies.buyerA;

  /** A tab synced on a fresh device, then offline. */
  async function offlineTab() {
    const db = await openLocal();
    dbs.push(db);
    const net = new Network();
    const tab = makeEngine(h, db, net, { companies: [A()] });
    await tab.start();
    await synced(tab);
    net.offline = true;
    return { db, net, tab };
  }

  /**
   * A device whose tab wrote messages offline (one thread: sent one after another) and closed;
   * each entry waits ten minutes more for its retry, as after a long backoff.
   */
  async function closedDevice(subjects: readonly string[]): Promise<PurchasingDb> {
    const { db, net, tab } = await offlineTab();
    for (const subject of subjects) {
      const payload = orderMessage(h, await tab.temporaryId(), subject);
      await tab.enqueue(A(), { type: 'message.post', payload });
    }
    await until(() => net.mutations().length > 0, 'an attempt offline');
    await tab.stop();
    await db
      .table('outbox')
      .toCollection()
      .modify({ nextAttemptAt: Date.now() + 600_000 });
    return db;
  }

  function deliverer(db: PurchasingDb, net: Network, over: Partial<SyncEngineDeps> = {}) {
    const timers = countedTimers();
    const engine = makeEngine(h, db, net, { companies: [A()], ...timers, ...over });
    return { engine, timers };
  }

  it('sends entries still in backoff, in order, applied once; stops with no timer armed', async () => {
    const db = await closedDevice(['后台一', '后台二']);
    const keys = (await db.table('outbox').toArray()).map((row) => String(row.key));
    const net = new Network();
    const { engine, timers } = deliverer(db, net);
    const report = await engine.deliverOnce({ pull: false });
    expect(report).toEqual({ sent: 2, applied: 2, refused: 0, left: 0, pausedForAuth: false });
    expect(net.calls.map((call) => call.method)).toEqual(['POST', 'POST']);
    for (const key of keys) expect(await storedAnswers(h, key)).toBe(1);
    expect(timers.armed()).toBe(0);
    // Applied entries stay until a pull shows them; a second run sends nothing.
    expect(await engine.deliverOnce({ pull: false })).toMatchObject({ sent: 0, left: 0 });
    expect(net.calls).toHaveLength(2);
  });

  it('with `pull`, pulls afterwards: the applied entries settle and leave the outbox', async () => {
    const db = await closedDevice(['后台三']);
    const net = new Network();
    const { engine, timers } = deliverer(db, net);
    expect(await engine.deliverOnce({ pull: true })).toMatchObject({ sent: 1, applied: 1 });
    expect(net.calls.some((call) => call.url.includes('/sync-api/v1/changes'))).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(timers.armed()).toBe(0);
  });

  it('reports what a 5xx leaves, after one request; offline, the pull’s retry timer is cleared too', async () => {
    const db = await closedDevice(['后台四', '后台五']);
    const net = new Network();
    net.fail503 = 100;
    // Half the backoff's ceiling (a second), so a slow round never finds the entry due again.
    const { engine, timers } = deliverer(db, net, { random: () => 0.5 });
    expect(await engine.deliverOnce({ pull: false })).toEqual({
      sent: 1,
      applied: 0,
      refused: 0,
      left: 2,
      pausedForAuth: false,
    });
    expect(net.mutations()).toHaveLength(1);
    expect(timers.armed()).toBe(0);
    net.offline = true;
    const again = deliverer(db, net);
    expect(await again.engine.deliverOnce({ pull: true })).toMatchObject({ applied: 0, left: 2 });
    expect(again.timers.armed()).toBe(0);
  });

  it('counts a refusal, and does not count as left what waits behind it for the user', async () => {
    const { db, net, tab } = await offlineTab();
    // Addressed to a company the order has nothing to do with: the server refuses it.
    const wrong = { companyId: h.fx.companies.buyerB, companyName: null };
    const to = { ...wrong, contactId: null, contactName: null };
    for (const [subject, over] of [
      ['拒收', { to }],
      ['随后', {}],
    ] as const) {
      const payload = orderMessage(h, await tab.temporaryId(), subject, over);
      await tab.enqueue(A(), { type: 'message.post', payload });
    }
    await tab.stop();
    net.offline = false;
    const { engine } = deliverer(db, net);
    expect(await engine.deliverOnce({ pull: false })).toEqual({
      sent: 1,
      applied: 0,
      refused: 1,
      left: 0,
      pausedForAuth: false,
    });
  });

  it('pauses on a refused token and reports the entries as left', async () => {
    const db = await closedDevice(['后台六']);
    const net = new Network();
    const { engine, timers } = deliverer(db, net, { getToken: async () => 'not-a-token' });
    expect(await engine.deliverOnce({ pull: true })).toEqual({
      sent: 1,
      applied: 0,
      refused: 0,
      left: 1,
      pausedForAuth: true,
    });
    expect(net.calls.filter((call) => call.url.includes(MESSAGES_PATH))).toEqual([
      expect.objectContaining({ status: 401 }),
    ]);
    // Paused: no pull after it.
    expect(net.calls).toHaveLength(1);
    expect(timers.armed()).toBe(0);
  });

  it('ends early when stopped meanwhile (a tab opened), after the answers in flight', async () => {
    const db = await closedDevice(['后台七', '后台八']);
    const net = new Network();
    let answer = () => {};
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const held: typeof net.fetch = async (url, init) => {
      await gate;
      return net.fetch(url, init);
    };
    const { engine } = deliverer(db, net, { fetch: held });
    const run = engine.deliverOnce({ pull: true });
    await until(
      async () => (await db.table('outbox').toArray()).some((row) => row.status === 'sending'),
      'the first send',
    );
    const stopped = engine.stop();
    answer();
    await stopped;
    // The first message's answer is recorded; the second is left for the tab.
    expect(await run).toEqual({ sent: 1, applied: 1, refused: 0, left: 1, pausedForAuth: false });
    expect(net.calls).toHaveLength(1);
  });
});
