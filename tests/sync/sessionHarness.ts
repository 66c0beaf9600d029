// Tabs of one user for the session tests: sync sessions sharing an in-memory lock manager, Node's
// BroadcastChannel and one fake-indexeddb database, each tab with its own network (so one tab's
// requests can be cut) and a channel whose outgoing messages a test can hold back (a tab that
// dies between doing a command and answering it). The live channel is a socket that never opens,
// or with `live` the real server's /ws.
import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import WebSocket from 'ws';
import {
  deleteUserDatabase,
  openUserDatabase,
  type PurchasingDb,
  userDatabaseName,
} from '../../src/data/db';
import type { SyncSessionInfo } from '../../src/sync/api';
import type { FetchLike } from '../../src/sync/engine/http';
import type { ChannelLike } from '../../src/sync/ports';
import { createSyncSession, type SyncSession } from '../../src/sync/session';
import { type Harness, Network, until } from './engine/engineHarness';
import { MemoryLocks } from './leader/locks';

/** A WebSocket that never opens: counts the live clients the sessions start. */
export function fakeSockets() {
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

export interface TestTab {
  session: SyncSession;
  net: Network;
  /**
   * `drop`: outgoing channel messages it returns true for are never delivered; `deaf`: incoming
   * ones it returns true for are never heard.
   */
  channel: { drop(message: unknown): boolean; deaf(message: unknown): boolean };
  /** The database connections this tab opened, latest last. */
  dbs: PurchasingDb[];
  /** With `live`: every frame the server sent this tab's live sockets, in order. */
  liveFrames: Array<Record<string, unknown>>;
  /**
   * The tab dies as a crashed one does for the others: its locks are released, nothing it posts
   * arrives, it hears nothing and reaches no server. Its session still needs `stop`.
   */
  kill(): void;
}

export interface TabsOptions {
  /** The user's database name part; default a fresh one. */
  userId?: string;
  /** The token each tab's app sets before starting; default a valid one. */
  token?: (index: number) => Promise<string>;
  routerTimeoutMs?: number;
  /** Runs before each tab starts (subscriptions the app makes first). */
  beforeStart?: (session: SyncSession) => void;
  /** Wait until one tab leads; default true. */
  waitForLeader?: boolean;
  /** The real live channel (the server's /ws) instead of a socket that never opens. */
  live?: boolean;
  watchLeaseMs?: number;
  /** Wraps each tab's network (to hold back an answer). */
  wrapFetch?: (fetch: FetchLike) => FetchLike;
  /** The lock manager, shared with another holder (the service worker's background run). */
  locks?: MemoryLocks;
  /** Changes to the tabs' session info (`userId`: the lock and channel the tabs share). */
  info?: Partial<SyncSessionInfo>;
}

let databases = 0;

/** Names a fresh user database (fake-indexeddb is shared by the whole test file). */
export function freshUser(): string {
  databases += 1;
  return `session-test-${databases}`;
}

export async function databaseExists(userId: string): Promise<boolean> {
  const name = userDatabaseName(userId);
  return (await indexedDB.databases()).some((info) => info.name === name);
}

export function openInspector(userId: string): Promise<PurchasingDb> {
  return openUserDatabase(userId, { indexedDB, IDBKeyRange });
}

export function sessionInfo(h: Harness, live = false): SyncSessionInfo {
  return {
    userId: h.fx.accounts.userA,
    userSub: String(h.fx.accounts.userA),
    companies: [h.fx.companies.buyerA],
    baseUrl: h.baseUrl,
    wsUrl: live ? `${h.baseUrl.replace(/^http/, 'ws')}/ws` : 'ws://127.0.0.1:1/ws',
  };
}

/** The real `ws` socket, keeping every frame the server sends this tab. */
function recordingSocket(frames: Array<Record<string, unknown>>) {
  return class RecordingSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      this.on('message', (data) => frames.push(JSON.parse(String(data))));
    }
  };
}

/**
 * Starts `count` tabs of one user, one after another (`addTab` opens one more later); every
 * session is also pushed to `started` so the test file's afterEach stops it.
 */
export async function openTabs(
  h: Harness,
  count: number,
  started: SyncSession[],
  options: TabsOptions = {},
) {
  const userId = options.userId ?? freshUser();
  const locks = options.locks ?? new MemoryLocks();
  const sockets = fakeSockets();
  const tabs: TestTab[] = [];

  async function addTab(): Promise<TestTab> {
    const i = tabs.length;
    const net = new Network();
    const control = { drop: (_message: unknown) => false, deaf: (_message: unknown) => false };
    const dbs: PurchasingDb[] = [];
    const liveFrames: Array<Record<string, unknown>> = [];
    const tabId = `tab-${i}`;
    const session = createSyncSession({
      tabId,
      locks: locks.holder(tabId),
      openChannel: (name) => {
        const channel = new BroadcastChannel(`${userId}:${name}`);
        type Listener = (event: { data: unknown }) => void;
        const heard = new Map<Listener, Listener>();
        const held: ChannelLike & { close(): void } = {
          postMessage: (message) => {
            if (!control.drop(message)) channel.postMessage(message);
          },
          addEventListener: (type, listener) => {
            const filtered: Listener = (event) => {
              if (!control.deaf(event.data)) listener(event);
            };
            heard.set(listener, filtered);
            channel.addEventListener(type, filtered);
          },
          removeEventListener: (type, listener) => {
            const filtered = heard.get(listener);
            if (filtered) channel.removeEventListener(type, filtered);
          },
          close: () => channel.close(),
        };
        return held;
      },
      openDb: async (_user, onOutdated) => {
        const db = await openUserDatabase(userId, { indexedDB, IDBKeyRange, onOutdated });
        dbs.push(db);
        return db;
      },
      deleteDb: () => deleteUserDatabase(userId, { indexedDB, IDBKeyRange }),
      fetch: options.wrapFetch ? options.wrapFetch(net.fetch) : net.fetch,
      WebSocket: options.live ? recordingSocket(liveFrames) : sockets.FakeSocket,
      random: () => 0.01,
      now: () => Date.now(),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      onOnline: () => () => undefined,
      heartbeatMs: 200,
      staleAfterMs: 600,
      deleteWaitMs: 300,
      ...(options.routerTimeoutMs === undefined
        ? {}
        : { routerTimeoutMs: options.routerTimeoutMs }),
      ...(options.watchLeaseMs === undefined ? {} : { watchLeaseMs: options.watchLeaseMs }),
    });
    const kill = () => {
      control.drop = () => true;
      control.deaf = () => true;
      net.offline = true;
      locks.terminate(tabId);
    };
    const tab: TestTab = { session, net, channel: control, dbs, liveFrames, kill };
    started.push(session);
    tabs.push(tab);
    session.setToken(await (options.token?.(i) ?? h.token()));
    options.beforeStart?.(session);
    await session.start({ ...sessionInfo(h, options.live), ...options.info });
    return tab;
  }

  for (let i = 0; i < count; i += 1) await addTab();
  if (options.waitForLeader ?? true)
    await until(() => tabs.some((tab) => tab.session.isLeader()), 'a leader');
  return { userId, tabs, sockets, addTab };
}

/** The leading tab and one follower. */
export function roles(tabs: readonly TestTab[]): { leader: TestTab; follower: TestTab } {
  const leader = tabs.find((tab) => tab.session.isLeader());
  const follower = tabs.find((tab) => !tab.session.isLeader());
  if (!leader || !follower) throw new Error('no leader and follower');
  return { leader, follower };
}
