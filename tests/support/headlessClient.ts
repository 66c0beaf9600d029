// One field user's device in Node, for tests and benches that need many real clients against real
// server processes (the fault test, the morning-rush bench): the real sync session (engine, outbox,
// live client) as the only tab, over its own fake-indexeddb factory (clients never share a
// database), real `fetch` and a real `ws` socket to a base URL, and a log of the live frames heard.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import WebSocket from 'ws';
import { deleteUserDatabase, openUserDatabase, type PurchasingDb } from '../../src/data/db';
import { companyRowKeys } from '../../src/data/writes';
import { isRecord } from '../../src/domain/guards';
import type { LiveEvent, SyncSessionInfo } from '../../src/sync/api';
import type { MutationInput } from '../../src/sync/core/mutations';
import { asRow, type Row } from '../../src/sync/core/types';
import type { FetchLike } from '../../src/sync/engine/http';
import type { SyncStatus } from '../../src/sync/engine/status';
import { routeOfTopic } from '../../src/sync/live/frames';
import { loadOutbox } from '../../src/sync/outbox';
import type { ChannelLike } from '../../src/sync/ports';
import { createSyncSession, type SyncSession } from '../../src/sync/session';
import { MemoryLocks } from '../sync/leader/locks';

export interface HeadlessClientOptions {
  /** The server's origin as the client reaches it (a process, nginx or a fault proxy). */
  baseUrl: string;
  /** The live channel's URL; default the base URL's `/ws`. */
  wsUrl?: string;
  /** The signed-in account (names the device's database and the live `connect`). */
  userId: number;
  /** The account's companies: each is pulled and poked. */
  companies: number[];
  /** The access token, or a source of fresh ones (asked again when the session wants renewal). */
  token: string | (() => Promise<string>);
  /** The network; default Node's fetch. */
  fetch?: FetchLike;
  /** The fallback pull's period; default the app's (5 min): pokes must do the work. */
  periodicPullMs?: number;
  /** Jitter of the engine's backoff; default Math.random (many clients must not retry in step). */
  random?: () => number;
}

/** A frame the server sent on the live channel, with when it arrived (Date.now()). */
export interface HeardFrame {
  at: number;
  frame: Record<string, unknown>;
}

export interface HeadlessClient {
  info: SyncSessionInfo;
  session: SyncSession;
  /** The device's database (its only connection). */
  db: PurchasingDb;
  /** Every frame the live sockets received, in order, across reconnects. */
  frames: HeardFrame[];
  /** What the session handed the app: counters, events, the channel's statuses. */
  liveEvents: LiveEvent[];
  /** The engine's latest status. */
  status(): SyncStatus | null;
  /** Queues a change as a screen does; resolves to the outbox entry id. */
  enqueue(companyId: number, mutation: MutationInput): Promise<string>;
  /** Arrival times of pokes for the company heard after `since` (ms since the epoch). */
  pokesSince(companyId: number, since: number): number[];
  /**
   * The same, without the resync pokes a server sends when its database listener comes back:
   * these pokes were sent for a change.
   */
  changePokesSince(companyId: number, since: number): number[];
  /** Resolves once the outbox is empty and a pull started after that has ended. */
  waitSynced(options?: { timeoutMs?: number; nudgeMs?: number }): Promise<void>;
  /** The company's rows of a synced table as stored on the device. */
  localRows(table: 'sheets' | 'orders' | 'todos' | 'staff', companyId: number): Promise<Row[]>;
  /** Stops the session (the database closes once its requests are answered). */
  close(options?: { deleteDatabase?: boolean }): Promise<void>;
}

/** One tab: its messages go nowhere, as no other tab listens. */
function soloChannel(): ChannelLike & { close(): void } {
  return {
    postMessage: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    close: () => undefined,
  };
}

/** `ws`'s socket (Node 20 has no global WebSocket), keeping every frame the server sends. */
function recordingSocket(frames: HeardFrame[]) {
  return class RecordingSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      this.on('message', (data) => {
        try {
          frames.push({ at: Date.now(), frame: JSON.parse(String(data)) });
        } catch {
          // Not a frame of ours: the client ignores it too.
        }
      });
    }
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let tabs = 0;

export async function openClient(options: HeadlessClientOptions): Promise<HeadlessClient> {
  const factory = new IDBFactory();
  const userId = String(options.userId);
  const tokenSource =
    typeof options.token === 'string' ? async () => options.token as string : options.token;
  const frames: HeardFrame[] = [];
  const liveEvents: LiveEvent[] = [];
  let latest: SyncStatus | null = null;
  let db: PurchasingDb | null = null;
  tabs += 1;
  const tabId = `headless-${tabs}`;
  const session = createSyncSession({
    tabId,
    locks: new MemoryLocks().holder(tabId),
    openChannel: soloChannel,
    openDb: async (user, onOutdated) => {
      db = await openUserDatabase(user, { indexedDB: factory, IDBKeyRange, onOutdated });
      return db;
    },
    deleteDb: (user) => deleteUserDatabase(user, { indexedDB: factory, IDBKeyRange }),
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    WebSocket: recordingSocket(frames),
    random: options.random ?? Math.random,
    now: () => Date.now(),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    // Node has no `online` event: the engine's own retry timers bring it back.
    onOnline: () => () => undefined,
    ...(options.periodicPullMs === undefined ? {} : { periodicPullMs: options.periodicPullMs }),
  });
  const info: SyncSessionInfo = {
    userId: options.userId,
    userSub: userId,
    companies: options.companies,
    baseUrl: options.baseUrl,
    wsUrl: options.wsUrl ?? `${options.baseUrl.replace(/^http/, 'ws')}/ws`,
  };
  session.onStatus((status) => {
    latest = status;
  });
  session.onLive((event) => liveEvents.push(event));
  session.onRenewToken(() => {
    void tokenSource().then((token) => session.setToken(token));
  });
  session.setToken(await tokenSource());
  await session.start(info);
  const opened = db as PurchasingDb | null;
  if (!opened) throw new Error('the session did not open its database');

  const pokes = (companyId: number, since: number, changesOnly: boolean) =>
    frames
      .filter(({ at, frame }) => {
        if (at < since || frame.type !== 'event' || typeof frame.topic !== 'string') return false;
        const route = routeOfTopic(frame.topic);
        if (route.kind !== 'poke' || route.companyId !== companyId) return false;
        return !changesOnly || !(isRecord(frame.payload) && frame.payload.resync === true);
      })
      .map(({ at }) => at);

  return {
    info,
    session,
    db: opened,
    frames,
    liveEvents,
    status: () => latest,
    enqueue: (companyId, mutation) => session.enqueue(companyId, mutation),
    pokesSince: (companyId, since) => pokes(companyId, since, false),
    changePokesSince: (companyId, since) => pokes(companyId, since, true),
    async waitSynced({ timeoutMs = 30_000, nudgeMs = 500 } = {}) {
      const deadline = Date.now() + timeoutMs;
      let left = -1;
      while (Date.now() < deadline) {
        const { entries } = await loadOutbox(opened);
        left = entries.length;
        if (left === 0) {
          await session.pullNow();
          return;
        }
        // Refused: only the user can move them (retry or discard), so waiting would not help.
        if (entries.every((entry) => entry.status === 'failed')) {
          const why = entries.map((e) => `${e.type} ${e.failure?.status}: ${e.failure?.message}`);
          throw new Error(`client ${userId}: entries refused: ${why.join('; ')}`);
        }
        // The engine retries on its own backoff; a pull round also sends what is due.
        void session.pullNow().catch(() => undefined);
        await sleep(nudgeMs);
      }
      const { entries } = await loadOutbox(opened);
      const now = Date.now();
      const states = entries.map(
        (e) =>
          `${e.type} ${e.status} attempts ${e.attempts} next in ${e.nextAttemptAt - now} ms` +
          (e.lastError ? ` (${e.lastError})` : ''),
      );
      throw new Error(
        `client ${userId}: ${left} outbox entries left after ${timeoutMs} ms:\n${states.join('\n')}\nstatus ${JSON.stringify(latest)}`,
      );
    },
    async localRows(table, companyId) {
      const keys = await companyRowKeys(opened, table, companyId);
      const rows = (await opened.table(table).bulkGet(keys)) as unknown[];
      return rows.flatMap((value) => {
        const row = asRow(value);
        return row ? [row] : [];
      });
    },
    async close({ deleteDatabase = false } = {}) {
      await session.stop();
      if (deleteDatabase) await deleteUserDatabase(userId, { indexedDB: factory, IDBKeyRange });
    },
  };
}
