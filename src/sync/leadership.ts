// What the tab leading a user's sync runs (DESIGN §4 "Tabs"): the SyncEngine, the live client
// whose pokes pull that company, and a periodic pull as the fallback trigger. The session starts
// one when the election makes this tab the leader and stops it when the tab loses leadership;
// the engine's statuses go to the session, which shows them here and posts them to the followers.
import type { PurchasingDb } from '../data/db';
import type { SyncSessionInfo } from './api';
import { SyncEngine } from './engine/engine';
import type { FetchLike } from './engine/http';
import type { SyncStatus } from './engine/status';
import type { StorageLike } from './engine/storage';
import type { Clock } from './leader/ports';
import { LiveClient, type WebSocketConstructor } from './live/liveClient';

export const PERIODIC_PULL_MS = 5 * 60_000;

export interface LeadershipDeps extends Clock {
  fetch: FetchLike;
  WebSocket?: WebSocketConstructor;
  random(): number;
  periodicPullMs?: number;
  /** `navigator.storage` (absent in Node): persistence and usage in the engine's status. */
  storage?: StorageLike;
}

export interface LeadershipContext {
  info: SyncSessionInfo;
  db: PurchasingDb;
  getToken(): Promise<string | null>;
  onStatus(status: SyncStatus): void;
  /** The live channel's token was refused or is about to expire. */
  onRenewToken(): void;
}

export interface Leadership {
  engine: SyncEngine;
  /** The engine's start (recovery of entries in flight, first status); commands wait for it. */
  ready: Promise<void>;
  /** Closes the live client and the timer, then stops the engine once its requests are answered. */
  stop(): Promise<void>;
}

export function startLeadership(deps: LeadershipDeps, context: LeadershipContext): Leadership {
  const { info, db, getToken } = context;
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
    ...(deps.storage ? { storage: deps.storage } : {}),
  });
  const unsubscribe = engine.subscribe(context.onStatus);
  const live = new LiveClient({
    url: info.wsUrl,
    userId: info.userId,
    companies: info.companies,
    getToken,
    renewToken: context.onRenewToken,
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
  const ready = engine.start();
  let stopped = false;
  let periodic: unknown = null;
  const every = deps.periodicPullMs ?? PERIODIC_PULL_MS;
  const tick = () => {
    if (stopped) return;
    void engine.pullNow();
    periodic = deps.setTimer(tick, every);
  };
  periodic = deps.setTimer(tick, every);

  return {
    engine,
    ready,
    stop() {
      stopped = true;
      deps.clearTimer(periodic);
      unsubscribe();
      live.close();
      // The engine waits for its running requests; their answers are still recorded.
      return ready.then(() => engine.stop()).catch(() => undefined);
    },
  };
}
