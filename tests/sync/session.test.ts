// Two tabs' sync sessions side by side against the real server: one shared in-memory lock
// manager, Node's BroadcastChannel between them, each with its own connection to the same
// (fake-indexeddb) database, as two tabs of one user. Only the leader runs an engine and a live
// client; a follower's command reaches the leader's engine and the server; closing the leader
// hands the engine over.
import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openUserDatabase } from '../../src/data/db';
import { createSyncSession, type SyncSession } from '../../src/sync/session';
import {
  type Harness,
  Network,
  publishCompany,
  serverSheet,
  startHarness,
  storedAnswers,
  until,
} from './engine/harness';
import { MemoryLocks } from './leader/locks';

/** A WebSocket that never opens: counts the live clients the sessions start. */
function fakeSockets() {
  const opened: string[] = [];
  class FakeSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    binaryType = 'blob';
    protocol = '';
    extensions = '';
    bufferedAmount = 0;
    onopen: unknown = null;
    onclose: unknown = null;
    onmessage: unknown = null;
    onerror: unknown = null;
    constructor(readonly url: string) {
      opened.push(url);
    }
    addEventListener(): void {}
    removeEventListener(): void {}
    send(): void {}
    close(): void {
      this.readyState = 3;
    }
  }
  return { opened, FakeSocket };
}

let databases = 0;

describe('createSyncSession', () => {
  let h: Harness;
  const sessions: SyncSession[] = [];

  beforeAll(async () => {
    h = await startHarness();
    await publishCompany(h, h.fx.companies.buyerA);
  });
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.stop();
  });
  afterAll(() => h.server.close());

  async function tabs(count: number) {
    databases += 1;
    const dbName = `session-test-${databases}`;
    const locks = new MemoryLocks();
    const sockets = fakeSockets();
    const net = new Network();
    const tabList: SyncSession[] = [];
    for (let i = 0; i < count; i += 1) {
      const session = createSyncSession({
        tabId: `tab-${i}`,
        locks,
        openChannel: (name) => new BroadcastChannel(`${dbName}:${name}`),
        openDb: () => openUserDatabase(dbName, { indexedDB, IDBKeyRange }),
        fetch: net.fetch,
        WebSocket: sockets.FakeSocket,
        random: () => 0.01,
        now: () => Date.now(),
        setTimer: (callback, ms) => setTimeout(callback, ms),
        clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        onOnline: () => () => undefined,
        heartbeatMs: 200,
        staleAfterMs: 600,
      });
      sessions.push(session);
      tabList.push(session);
      session.setToken(await h.token());
      await session.start({
        userId: h.fx.accounts.userA,
        userSub: String(h.fx.accounts.userA),
        companies: [h.fx.companies.buyerA],
        baseUrl: h.baseUrl,
        wsUrl: 'ws://127.0.0.1:1/ws',
      });
    }
    await until(() => tabList.some((tab) => tab.isLeader()), 'a leader');
    return { tabs: tabList, sockets, net };
  }

  it('runs exactly one engine and one live client among the tabs', async () => {
    const { tabs: all, sockets } = await tabs(2);
    // A few heartbeats: the follower must not take over from a live leader.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(all.filter((tab) => tab.isLeader())).toHaveLength(1);
    expect(sockets.opened).toHaveLength(1);
  });

  it("carries a follower's enqueue to the leader, to the server, and the status back", async () => {
    const { tabs: all } = await tabs(2);
    const follower = all.find((tab) => !tab.isLeader());
    if (!follower) throw new Error('no follower');
    const sheetId = h.fx.sheets.draftA.id;
    await until(
      async () => (await follower.status()).companies.every((c) => c.lastSyncedAt !== null),
      'the leader’s first pull',
    );
    // The follower shows the leader's status as it changes (broadcast over the channel).
    const pendingSeen: number[] = [];
    follower.onStatus((status) => pendingSeen.push(status.pending));
    const before = await serverSheet(h, sheetId);
    const id = await follower.enqueue(h.fx.companies.buyerA, {
      type: 'sheet.changeOwner',
      payload: {
        id: sheetId,
        ifMatch: before.version,
        owner: { id: h.fx.contacts.adminA, name: '张管理' },
      },
    });
    expect(typeof id).toBe('string');
    await until(
      async () => (await serverSheet(h, sheetId)).ownerContactId === h.fx.contacts.adminA,
      'the change on the server',
    );
    expect(await storedAnswers(h, id)).toBe(1);
    await until(() => pendingSeen.at(-1) === 0 && pendingSeen.includes(1), 'the follower’s status');
  });

  it('hands the engine over when the leader closes', async () => {
    const { tabs: all, sockets } = await tabs(2);
    const leader = all.find((tab) => tab.isLeader());
    const follower = all.find((tab) => !tab.isLeader());
    if (!leader || !follower) throw new Error('no leader and follower');
    await leader.stop();
    await until(() => follower.isLeader(), 'the follower to lead');
    expect(sockets.opened).toHaveLength(2);
    const status = await follower.status();
    expect(status.companies.map((c) => c.companyId)).toEqual([h.fx.companies.buyerA]);
  });
});
