// One tab's sync session (issue 4 item 2): opens the user's database, joins the leader election
// of the user's tabs, and while this tab leads runs the SyncEngine and the live client (a poke
// pulls that company, `online` and a 5-minute timer pull all). Commands go to the engine here
// when this tab leads and over the router to the leader otherwise; the leader broadcasts its
// status so followers show the same. No comlink and every browser facility injected, so the
// worker wraps it and Node tests run two sessions side by side.
import type { PurchasingDb } from '../data/db';
import type { SyncSessionInfo } from './api';
import type { MutationInput } from './core/mutations';
import { newTemporaryId } from './engine/commands';
import { SyncEngine } from './engine/engine';
import type { FetchLike } from './engine/http';
import type { SyncStatus } from './engine/status';
import { type Election, electLeader } from './leader/election';
import { type ChannelLike, type Clock, isRecord, type LocksLike } from './leader/ports';
import { type CommandRouter, createCommandRouter, type SyncCommand } from './leader/router';
import { LiveClient, type WebSocketConstructor } from './live/liveClient';

export const PERIODIC_PULL_MS = 5 * 60_000;

export interface SyncSessionDeps extends Clock {
  tabId: string;
  locks: LocksLike;
  openChannel(name: string): ChannelLike & { close(): void };
  openDb(userId: string): Promise<PurchasingDb>;
  fetch: FetchLike;
  WebSocket?: WebSocketConstructor;
  random(): number;
  /** Subscribes to the device coming back online; returns the unsubscribe. */
  onOnline(callback: () => void): () => void;
  heartbeatMs?: number;
  staleAfterMs?: number;
  routerTimeoutMs?: number;
  periodicPullMs?: number;
}

export interface SyncSession {
  start(info: SyncSessionInfo): Promise<void>;
  stop(): Promise<void>;
  setToken(token: string | null): void;
  pullNow(companyId?: number): Promise<void>;
  enqueue(companyId: number, mutation: MutationInput): Promise<string>;
  temporaryId(): Promise<number>;
  retry(entryId: string, options?: { overwrite?: boolean }): Promise<boolean>;
  discard(entryId: string): Promise<string[]>;
  status(): Promise<SyncStatus>;
  onStatus(callback: (status: SyncStatus) => void): () => void;
  onRenewToken(callback: () => void): () => void;
  /** This tab runs the engine now (tests, diagnostics). */
  isLeader(): boolean;
}

/** The leader's status, broadcast to the followers (ignored by the election and the router). */
interface StatusMessage {
  kind: 'sync-status';
  status: SyncStatus;
}

interface Leading {
  engine: SyncEngine;
  live: LiveClient;
  ready: Promise<void>;
  unsubscribe(): void;
  periodic: unknown;
}

interface Running {
  info: SyncSessionInfo;
  db: PurchasingDb;
  channel: ChannelLike & { close(): void };
  election: Election;
  router: CommandRouter;
  stopOnline(): void;
  onChannel(event: { data: unknown }): void;
}

export function createSyncSession(deps: SyncSessionDeps): SyncSession {
  let token: string | null = null;
  let running: Running | null = null;
  let leading: Leading | null = null;
  /** Engines of lost leaderships still finishing their requests. */
  const stopping = new Set<Promise<void>>();
  const statusListeners = new Set<(status: SyncStatus) => void>();
  const renewListeners = new Set<() => void>();
  const getToken = async () => token;

  const notify = (status: SyncStatus) => {
    for (const listener of statusListeners) listener(status);
  };

  function lead(run: Running) {
    const { info, db } = run;
    const engine = new SyncEngine({
      db,
      fetch: deps.fetch,
      baseUrl: info.baseUrl,
      getToken,
      now: deps.now,
      random: deps.random,
      setTimer: deps.setTimer,
      clearTimer: deps.clearTimer,
      userSub: info.userSub,
      companies: info.companies,
    });
    const unsubscribe = engine.subscribe((status) => {
      notify(status);
      run.channel.postMessage({ kind: 'sync-status', status } satisfies StatusMessage);
    });
    const live = new LiveClient({
      url: info.wsUrl,
      userId: info.userId,
      companies: info.companies,
      getToken,
      renewToken: () => {
        for (const listener of renewListeners) listener();
      },
      onPoke: (companyId) => void engine.pullNow(companyId),
      ...(deps.WebSocket ? { WebSocket: deps.WebSocket } : {}),
      timers: {
        setTimeout: (callback, ms) => {
          const handle = deps.setTimer(callback, ms);
          return () => deps.clearTimer(handle);
        },
        now: deps.now,
      },
    });
    const state: Leading = { engine, live, ready: engine.start(), unsubscribe, periodic: null };
    const every = deps.periodicPullMs ?? PERIODIC_PULL_MS;
    const tick = () => {
      if (leading !== state) return;
      void engine.pullNow();
      state.periodic = deps.setTimer(tick, every);
    };
    state.periodic = deps.setTimer(tick, every);
    leading = state;
  }

  function stepDown() {
    const state = leading;
    if (!state) return;
    leading = null;
    deps.clearTimer(state.periodic);
    state.unsubscribe();
    state.live.close();
    // The engine waits for its running requests; their answers are still recorded.
    const done = state.ready.then(() => state.engine.stop()).catch(() => undefined);
    stopping.add(done);
    void done.finally(() => stopping.delete(done));
  }

  /** The engine of this tab's leadership, once started; throws on a follower. */
  async function engineHere(): Promise<SyncEngine> {
    const state = leading;
    if (!state) throw new Error('this tab does not lead the sync');
    await state.ready;
    return state.engine;
  }

  async function handle(command: SyncCommand): Promise<unknown> {
    const engine = await engineHere();
    switch (command.type) {
      case 'pullNow':
        return engine.pullNow(command.companyId);
      case 'enqueue':
        return engine.enqueue(command.companyId, command.mutation);
      case 'retry':
        return engine.retry(command.entryId, { overwrite: command.overwrite ?? false });
      case 'discard':
        return engine.discard(command.entryId);
      case 'status':
        return engine.status();
    }
  }

  const current = (): Running => {
    if (!running) throw new Error('sync session not started');
    return running;
  };
  /** The leader's engine here, or null when the command must go over the router. */
  const local = () => (leading && running?.election.isLeader() ? engineHere() : null);

  return {
    async start(info) {
      if (running) return;
      const userId = String(info.userId);
      const db = await deps.openDb(userId);
      const channel = deps.openChannel(`purchasing-sync-${userId}`);
      const onChannel = (event: { data: unknown }) => {
        const data = event.data;
        if (!isRecord(data) || data.kind !== 'sync-status' || leading) return;
        notify((data as unknown as StatusMessage).status);
      };
      channel.addEventListener('message', onChannel);
      const clock = { now: deps.now, setTimer: deps.setTimer, clearTimer: deps.clearTimer };
      let router: CommandRouter | null = null;
      const run: Running = {
        info,
        db,
        channel,
        onChannel,
        stopOnline: () => undefined,
        router: createCommandRouter({
          channel,
          tabId: deps.tabId,
          isLeader: () => run.election.isLeader(),
          handle,
          setTimer: deps.setTimer,
          clearTimer: deps.clearTimer,
          ...(deps.routerTimeoutMs === undefined ? {} : { timeoutMs: deps.routerTimeoutMs }),
        }),
        election: electLeader({
          lockName: `purchasing-sync-${userId}`,
          tabId: deps.tabId,
          locks: deps.locks,
          channel,
          ...clock,
          ...(deps.heartbeatMs === undefined ? {} : { heartbeatMs: deps.heartbeatMs }),
          ...(deps.staleAfterMs === undefined ? {} : { staleAfterMs: deps.staleAfterMs }),
          onBecomeLeader: () => lead(run),
          onLoseLeadership: stepDown,
          onLeaderChange: () => router?.leaderChanged(),
        }),
      };
      router = run.router;
      run.stopOnline = deps.onOnline(() => {
        if (leading) void leading.engine.pullNow();
      });
      running = run;
    },

    async stop() {
      const run = running;
      if (!run) return;
      running = null;
      run.stopOnline();
      run.election.close();
      stepDown();
      run.router.close();
      run.channel.removeEventListener('message', run.onChannel);
      await Promise.all(stopping);
      run.channel.close();
      run.db.close();
    },

    setToken(next) {
      token = next;
      // A new sign-in after a 401: the paused engine goes on.
      if (next !== null && leading?.engine.status().pausedForAuth) leading.engine.resume();
    },

    async pullNow(companyId) {
      const engine = local();
      if (engine) return (await engine).pullNow(companyId);
      const command = companyId === undefined ? {} : { companyId };
      return current().router.send({ type: 'pullNow', ...command });
    },

    async enqueue(companyId, mutation) {
      const engine = local();
      if (engine) return (await engine).enqueue(companyId, mutation);
      return current().router.send({ type: 'enqueue', companyId, mutation });
    },

    // Any tab may draw one: the counter lives in the shared database, in its own transaction.
    temporaryId: () => newTemporaryId(current().db),

    async retry(entryId, options = {}) {
      const engine = local();
      if (engine) return (await engine).retry(entryId, options);
      const overwrite = options.overwrite === undefined ? {} : { overwrite: options.overwrite };
      return current().router.send({ type: 'retry', entryId, ...overwrite });
    },

    async discard(entryId) {
      const engine = local();
      if (engine) return (await engine).discard(entryId);
      return current().router.send({ type: 'discard', entryId });
    },

    async status() {
      const engine = local();
      if (engine) return (await engine).status();
      return current().router.send({ type: 'status' });
    },

    onStatus(callback) {
      statusListeners.add(callback);
      return () => statusListeners.delete(callback);
    },

    onRenewToken(callback) {
      renewListeners.add(callback);
      return () => renewListeners.delete(callback);
    },

    isLeader: () => leading !== null && (running?.election.isLeader() ?? false),
  };
}
