// The service worker's background delivery (src/sync/background.ts) against the real server, on
// the same fake-indexeddb database, lock manager and channel as real tabs' sessions: with no tab
// each entry is applied once and a second run sends nothing; a leading tab keeps the outbox; a tab
// opening mid-send waits past its steal time and gets the lock when the run stops on its hello; a
// refusal, a 5xx and a refused token end as in the tab path; no database is ever created.
import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteUserDatabase, openUserDatabase, type PurchasingDb } from '../../src/data/db';
import { readBackgroundRun } from '../../src/data/meta';
import { SCHEMA_VERSION } from '../../src/data/schema';
import { DOCUMENT_TYPES } from '../../src/domain/files/uploads';
import {
  type BackgroundOptions,
  type BackgroundPorts,
  type BackgroundRun,
  deliverInBackground,
} from '../../src/sync/background';
import type { MutationInput } from '../../src/sync/core/mutations';
import { asRow } from '../../src/sync/core/types';
import { storeFile } from '../../src/sync/engine/files';
import type { FetchLike } from '../../src/sync/engine/http';
import { syncLockName } from '../../src/sync/leader/election';
import type { SyncSession } from '../../src/sync/session';
import {
  type Harness,
  makeEngine,
  Network,
  orderMessage,
  publishCompany,
  serverSheet,
  startHarness,
  storedAnswers,
  synced,
  until,
} from './engine/engineHarness';
import { MemoryLocks } from './leader/locks';
import { databaseExists, openTabs } from './sessionHarness';

const MESSAGES_PATH = '/todos-api/v7/messages?';
const UPLOAD_PATH = '/api/v7/files?';
/** The tabs' steal time in sessionHarness (staleAfterMs). */
const TAB_STEAL_MS = 600;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sheet row's owner contact, as the feed shapes it. */
function ownerOf(row: ReturnType<typeof asRow>): unknown {
  const node = row?.current_node;
  const user =
    typeof node === 'object' && node !== null && 'contacts_user' in node
      ? node.contacts_user
      : null;
  return typeof user === 'object' && user !== null && 'id' in user ? user.id : undefined;
}

describe('deliverInBackground', () => {
  let h: Harness;
  const sessions: SyncSession[] = [];
  const dbs: PurchasingDb[] = [];
  beforeAll(async () => {
    h = await startHarness();
    await publishCompany(h, h.fx.companies.buyerA);
  });
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.stop();
    for (const db of dbs.splice(0)) db.close();
  });
  afterAll(() => h.server.close());

  const A = () => h.fx.companies.buyerA;
  let users = 0;
  /** A user of its own per test: its database, its sync lock and its channel. */
  const freshUserId = () => {
    users += 1;
    return 910_000 + users;
  };
  const target = (userId: number) => ({
    userId,
    userSub: String(h.fx.accounts.userA),
    companies: [A()],
    baseUrl: h.baseUrl,
  });
  const openDb = (userId: number) => openUserDatabase(String(userId), { indexedDB, IDBKeyRange });
  const inspect = async (userId: number) => {
    const db = await openDb(userId);
    dbs.push(db);
    return db;
  };

  /** The service worker's facilities; `armed()` counts the timers it left. */
  function worker(userId: number, locks: MemoryLocks, fetch: FetchLike) {
    const live = new Set<ReturnType<typeof setTimeout>>();
    const held = locks.holder('sw');
    let requests = 0;
    const ports: BackgroundPorts = {
      locks: {
        request: (name, options, callback) => {
          requests += 1;
          return held.request(name, options, callback);
        },
      },
      openChannel: (name) => new BroadcastChannel(`${userId}:${name}`),
      fetch,
      // Half the backoff's ceiling: after a 5xx, no slow round finds the entry due again.
      random: () => 0.5,
      now: () => Date.now(),
      setTimer: (callback, ms) => {
        const handle = setTimeout(() => {
          live.delete(handle);
          callback();
        }, ms);
        live.add(handle);
        return handle;
      },
      clearTimer: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
        live.delete(handle as ReturnType<typeof setTimeout>);
      },
      indexedDB,
      IDBKeyRange,
    };
    return { ports, armed: () => live.size, lockRequests: () => requests };
  }

  function run(
    userId: number,
    locks: MemoryLocks,
    fetch: FetchLike,
    options: Partial<BackgroundOptions> & { getToken?: () => Promise<string | null> } = {},
  ) {
    const { getToken = h.token, ...rest } = options;
    const sw = worker(userId, locks, fetch);
    const done = deliverInBackground(sw.ports, target(userId), getToken, {
      pull: false,
      holdEveryMs: 200,
      busyRetryMs: 100,
      ...rest,
    });
    return { done, armed: sw.armed, lockRequests: sw.lockRequests };
  }

  /**
   * The user's device after a tab wrote `mutations` offline and closed: its database, with the
   * entries waiting (each already tried once, offline); resolves to their Idempotency-Keys.
   */
  async function closedDevice(
    userId: number,
    mutations: (db: PurchasingDb) => Promise<MutationInput[]>,
  ): Promise<string[]> {
    const db = await openDb(userId);
    const net = new Network();
    const tab = makeEngine(h, db, net, { companies: [A()] });
    await tab.start();
    await synced(tab);
    net.offline = true;
    for (const mutation of await mutations(db)) {
      // Temporary ids as a tab draws them (a message's to-do row).
      if (mutation.type === 'message.post') mutation.payload.todoId = await tab.temporaryId();
      await tab.enqueue(A(), mutation);
    }
    await until(() => net.mutations().length > 0 || net.calls.length > 99, 'an attempt offline');
    await tab.stop();
    const keys = (await db.table('outbox').toArray()).map((row) => String(row.key));
    db.close();
    return keys;
  }

  const messages = (...subjects: string[]) =>
    subjects.map(
      (subject): MutationInput => ({
        type: 'message.post',
        payload: orderMessage(h, -1, subject),
      }),
    );

  const delivered = (result: BackgroundRun) => {
    if (result.outcome !== 'delivered' && result.outcome !== 'handed-over')
      throw new Error(`not delivered: ${result.outcome}`);
    return result;
  };

  it('with no tab, applies each entry once (its upload by fetch), records it; a second run sends nothing', async () => {
    const userId = freshUserId();
    const keys = await closedDevice(userId, async (db) => {
      const stored = await storeFile(db, {
        companyId: A(),
        userSub: String(h.fx.accounts.userA),
        now: Date.now(),
        file: {
          blob: new Blob(['送货单'.repeat(10)]),
          name: '送货单.txt',
          contentType: 'text/plain',
          documentType: DOCUMENT_TYPES.TODO_ATTACHMENT,
        },
      });
      if (!stored.ok) throw new Error(stored.message);
      const [first, second] = messages('后台附件', '后台随后');
      if (first?.type === 'message.post') first.payload.files = [stored.file];
      return [first, second].filter((m): m is MutationInput => m !== undefined);
    });
    expect(keys).toHaveLength(2);
    const locks = new MemoryLocks();
    const net = new Network();
    const first = run(userId, locks, net.fetch);
    const result = delivered(await first.done);
    expect(result).toMatchObject({ outcome: 'delivered', renewed: false, runs: 1 });
    expect(result.report).toEqual({
      sent: 2,
      applied: 2,
      refused: 0,
      left: 0,
      pausedForAuth: false,
    });
    // The attachment went first, by the fetch port (a service worker has no XMLHttpRequest).
    expect(net.mutations().map((call) => [call.url.includes(UPLOAD_PATH), call.status])).toEqual([
      [true, 200],
      [false, 200],
      [false, 200],
    ]);
    for (const key of keys) expect(await storedAnswers(h, key)).toBe(1);
    expect(first.armed()).toBe(0);
    expect(locks.holders(syncLockName(userId))).toBe(0);

    const again = new Network();
    const second = delivered(await run(userId, locks, again.fetch).done);
    expect(second.report).toMatchObject({ sent: 0, applied: 0, left: 0 });
    expect(again.calls).toEqual([]);
    expect(await readBackgroundRun(await inspect(userId))).toMatchObject({
      runs: 2,
      outcome: 'delivered',
      sent: 0,
    });
  });

  it('leaves the outbox to a leading tab: tab-leads, and no request', async () => {
    const userId = freshUserId();
    await closedDevice(userId, async () => messages('留给标签页'));
    const locks = new MemoryLocks();
    await openTabs(h, 1, sessions, { userId: String(userId), info: { userId }, locks });
    const net = new Network();
    const background = run(userId, locks, net.fetch);
    expect(await background.done).toEqual({ outcome: 'tab-leads' });
    expect(net.calls).toEqual([]);
    expect(locks.holders(syncLockName(userId))).toBe(1);
    expect(background.armed()).toBe(0);
    expect(await readBackgroundRun(await inspect(userId))).toBeUndefined();
  });

  it('asks a busy lock once more (a tab closing), and delivers once it is free', async () => {
    const userId = freshUserId();
    await closedDevice(userId, async () => messages('稍后发送'));
    const locks = new MemoryLocks();
    const closing = locks.request(syncLockName(userId), {}, () => wait(30));
    const net = new Network();
    const background = run(userId, locks, net.fetch);
    const result = delivered(await background.done);
    await closing;
    expect(result.report).toMatchObject({ sent: 1, applied: 1 });
    expect(background.lockRequests()).toBe(2);
  });

  it('holds off a tab that opens mid-send past its steal time, stops on its hello, hands over', async () => {
    const userId = freshUserId();
    const keys = await closedDevice(userId, async () => messages('第一条', '第二条'));
    const locks = new MemoryLocks();
    const net = new Network();
    let answer = () => {};
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const stalled: string[] = [];
    const slow: FetchLike = async (url, init) => {
      if (init.method === 'POST') {
        stalled.push(url);
        await gate;
      }
      return net.fetch(url, init);
    };
    const background = run(userId, locks, slow);
    await until(() => stalled.length === 1, 'the first message in flight');
    const { tabs } = await openTabs(h, 1, sessions, {
      userId: String(userId),
      info: { userId },
      locks,
      waitForLeader: false,
    });
    const [tab] = tabs;
    if (!tab) throw new Error('no tab');
    // Well past the steal time: the tab heard `hold` and waits.
    await wait(TAB_STEAL_MS * 2.5);
    expect(tab.session.isLeader()).toBe(false);
    expect(tab.net.mutations()).toEqual([]);
    answer();
    const result = delivered(await background.done);
    // Stopped on the tab's hello: the answer in flight recorded, the second message left to it.
    expect(result).toMatchObject({ outcome: 'handed-over' });
    expect(result.report).toMatchObject({ sent: 1, applied: 1, left: 1 });
    await until(() => tab.session.isLeader(), 'the tab to lead');
    await until(
      () => tab.net.mutations().some((call) => call.url.includes(MESSAGES_PATH)),
      'the tab to send the rest',
    );
    // Each message went once, from one side or the other, and was applied once.
    expect(net.mutations()).toHaveLength(1);
    expect(tab.net.mutations().filter((call) => call.url.includes(MESSAGES_PATH))).toHaveLength(1);
    for (const key of keys) await until(async () => (await storedAnswers(h, key)) === 1, key);
    expect(background.armed()).toBe(0);
  });

  it('fails a 409 and rolls its effect back onto the server’s row, as the tab path does', async () => {
    const userId = freshUserId();
    const sheetId = h.fx.sheets.draftA.id;
    const { adminA, userA } = h.fx.contacts;
    let theirs = 0;
    const [key] = await closedDevice(userId, async (db) => {
      const local = asRow(await db.sheets.get([A(), sheetId]));
      if (!local) throw new Error('sheet not pulled');
      const owner = (await serverSheet(h, sheetId)).ownerContactId;
      theirs = owner === adminA ? userA : adminA;
      const mine = theirs === adminA ? userA : adminA;
      // Someone else changes the owner on the server while this device is offline.
      const res = await h.server.app.inject({
        method: 'PUT',
        url: `/inquiry-api/v7/inquiry_quotation/${sheetId}/follower?currentCompanyId=${A()}`,
        headers: { authorization: `Bearer ${await h.token()}`, 'if-match': `"${local.version}"` },
        payload: { follower_id: theirs },
      });
      expect(res.statusCode).toBe(200);
      return [
        {
          type: 'sheet.changeOwner',
          payload: { id: sheetId, ifMatch: local.version, owner: { id: mine, name: '某人' } },
        },
      ];
    });
    const net = new Network();
    const result = delivered(await run(userId, new MemoryLocks(), net.fetch).done);
    expect(result.report).toMatchObject({ sent: 1, applied: 0, refused: 1, left: 0 });
    const db = await inspect(userId);
    const entry = await db.table('outbox').get(key ?? '');
    expect(entry).toMatchObject({ status: 'failed', failure: { status: 409 } });
    const server = await serverSheet(h, sheetId);
    const kept = asRow(await db.sheets.get([A(), sheetId]));
    expect(server.ownerContactId).toBe(theirs);
    // Rolled back onto the server's row: its version and its owner.
    expect(kept?.version).toBe(server.version);
    expect(ownerOf(kept)).toBe(theirs);
  });

  it('leaves entries a 5xx refused for later, after one request, and records them as left', async () => {
    const userId = freshUserId();
    await closedDevice(userId, async () => messages('服务繁忙一', '服务繁忙二'));
    const net = new Network();
    net.fail503 = 100;
    const background = run(userId, new MemoryLocks(), net.fetch);
    const result = delivered(await background.done);
    expect(result.report).toMatchObject({ sent: 1, applied: 0, left: 2 });
    expect(net.mutations()).toHaveLength(1);
    expect(background.armed()).toBe(0);
    expect(await readBackgroundRun(await inspect(userId))).toMatchObject({ left: 2, runs: 1 });
  });

  it('renews once after a refused token and runs again', async () => {
    const userId = freshUserId();
    await closedDevice(userId, async () => messages('令牌过期'));
    const net = new Network();
    let token = 'expired';
    const renew = vi.fn(async () => {
      token = await h.token();
    });
    const background = run(userId, new MemoryLocks(), net.fetch, {
      getToken: async () => token,
      renew,
    });
    const result = delivered(await background.done);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ renewed: true });
    expect(result.report).toEqual({
      sent: 2,
      applied: 1,
      refused: 0,
      left: 0,
      pausedForAuth: false,
    });
    expect(net.mutations().map((call) => call.status)).toEqual([401, 200]);
  });

  it('renews only once when the renewed token is refused too, and reports the pause', async () => {
    const userId = freshUserId();
    await closedDevice(userId, async () => messages('仍然过期'));
    const net = new Network();
    const renew = vi.fn(async () => {});
    const background = run(userId, new MemoryLocks(), net.fetch, {
      getToken: async () => 'expired',
      renew,
    });
    const result = delivered(await background.done);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(result.report).toMatchObject({ sent: 2, applied: 0, left: 1, pausedForAuth: true });
    expect(net.mutations().map((call) => call.status)).toEqual([401, 401]);
  });

  it('creates no database for a signed-out user, and sends nothing', async () => {
    const userId = freshUserId();
    const net = new Network();
    const locks = new MemoryLocks();
    expect(await run(userId, locks, net.fetch).done).toEqual({ outcome: 'no-database' });
    expect(await databaseExists(String(userId))).toBe(false);
    expect(net.calls).toEqual([]);
    expect(locks.holders(syncLockName(userId))).toBe(0);
  });

  it('stops when a tab signs out meanwhile, and does not bring the database back', async () => {
    const userId = freshUserId();
    await closedDevice(userId, async () => messages('退出之前'));
    const net = new Network();
    let answer = () => {};
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let sending = false;
    const slow: FetchLike = async (url, init) => {
      sending = true;
      await gate;
      return net.fetch(url, init);
    };
    const background = run(userId, new MemoryLocks(), slow);
    await until(() => sending, 'the message in flight');
    // Signed out in a tab: the run's connection closes, so the delete goes through.
    await deleteUserDatabase(String(userId), { indexedDB, IDBKeyRange });
    answer();
    expect(await background.done).toEqual({ outcome: 'signed-out' });
    expect(await databaseExists(String(userId))).toBe(false);
  });

  it('leaves a database a newer app upgraded alone', async () => {
    const userId = freshUserId();
    const name = `purchasing-u${userId}`;
    const newer = (SCHEMA_VERSION + 1) * 10;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, newer);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const net = new Network();
    expect(await run(userId, new MemoryLocks(), net.fetch).done).toEqual({ outcome: 'outdated' });
    expect((await indexedDB.databases()).find((info) => info.name === name)?.version).toBe(newer);
    expect(net.calls).toEqual([]);
  });
});
