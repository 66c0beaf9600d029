// What the tab leading a user's sync runs (DESIGN §4 "Tabs"): the SyncEngine, the live client
// whose pokes pull that company, and a periodic pull as the fallback trigger. The session starts
// one when the election makes this tab the leader and stops it when the tab loses leadership;
// the engine's statuses go to the session, which shows them here and posts them to the followers.
// The live client also holds the to-do counters and state topics from the start, plus the topics
// the tabs watch (`watch`), and hands what it hears to the session (`onLive`) the same way.
import type { PurchasingDb } from '../data/db';
import type { LiveEvent, SyncSessionInfo } from './api';
import { SyncEngine } from './engine/engine';
import type { FetchLike, UploadLike } from './engine/http';
import type { SyncStatus } from './engine/status';
import type { StorageLike } from './engine/storage';
import { counterTopics, fetchCounters, standingTopics } from './live/counters';
import { LiveClient, type WebSocketConstructor } from './live/liveClient';
import { TroubleReporter } from './live/troubleReports';
import { type Clock, every } from './ports';

export const PERIODIC_PULL_MS = 5 * 60_000;

export interface LeadershipDeps extends Clock {
  fetch: FetchLike;
  /** Uploads with progress (the worker's XMLHttpRequest); absent in Node. */
  upload?: UploadLike;
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
  /** Counters, events and statuses of the live channel, until `stop`. */
  onLive(event: LiveEvent): void;
}

export interface Leadership {
  engine: SyncEngine;
  /** The engine's start (recovery of entries in flight, first status); commands wait for it. */
  ready: Promise<void>;
  /** The topics the tabs watch now: held on the live channel beside the standing ones. */
  watch(topics: ReadonlySet<string>): void;
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
    ...(deps.upload ? { upload: deps.upload } : {}),
  });
  const reporter = new TroubleReporter({
    fetch: deps.fetch,
    baseUrl: info.baseUrl,
    getToken,
    now: deps.now,
    companies: info.companies,
  });
  const unsubscribe = engine.subscribe((status) => {
    context.onStatus(status);
    reporter.observe(status);
  });
  let stopped = false;
  const tell = (event: LiveEvent) => {
    if (!stopped) context.onLive(event);
  };
  const standing = new Set(standingTopics(info.userId, info.companies));
  /** Topics the server would not give us: asking again on each watch change would not help. */
  const refused = new Set<string>();
  const counters = readCounters(deps, context, tell);
  const live = new LiveClient({
    url: info.wsUrl,
    userId: info.userId,
    companies: info.companies,
    topics: [...standing],
    getToken,
    renewToken: context.onRenewToken,
    onPoke: (companyId) => void engine.pullNow(companyId),
    // Counter events of the server's listener outage are lost: read them again.
    onResync: () => void counters.read(),
    onCounter: (topic, count) => counters.heard(topic, count),
    onMessageEvent: (topic, payload) => tell({ kind: 'event', topic, payload }),
    onEvent: (topic, payload) => tell({ kind: 'event', topic, payload }),
    onStatus: (status) => tell({ kind: 'status', status }),
    onTopicRefused: (topic) => refused.add(topic),
    onMembershipEnded: () => void engine.pullNow(),
    onReady: () => {
      void counters.read();
      // A change committed before the subscriptions held sent no poke we could hear: pull once.
      void engine.pullNow();
    },
    ...(deps.WebSocket ? { WebSocket: deps.WebSocket } : {}),
    clock: deps,
  });
  const ready = engine.start();
  let watched: ReadonlySet<string> = new Set();
  const stopPeriodic = every(
    deps,
    () => void engine.pullNow(),
    deps.periodicPullMs ?? PERIODIC_PULL_MS,
  );

  return {
    engine,
    ready,
    watch(topics) {
      // The standing topics stay whatever the tabs watch.
      for (const topic of watched)
        if (!topics.has(topic) && !standing.has(topic)) live.unsubscribe(topic);
      for (const topic of topics) {
        if (!standing.has(topic) && !refused.has(topic)) live.subscribe(topic);
      }
      watched = new Set(topics);
    },
    stop() {
      stopped = true;
      stopPeriodic();
      unsubscribe();
      live.close();
      // The engine waits for its running requests; their answers are still recorded.
      return ready.then(() => engine.stop()).catch(() => undefined);
    },
  };
}

/**
 * The counters' values: each one the channel sends, and the server's statistics once the channel
 * holds its topics after each sign-in (nothing changes unsent from then on). A counter the
 * channel sent after the statistics were asked for is as new as they are or newer, so they do
 * not overwrite it.
 */
function readCounters(
  deps: LeadershipDeps,
  { info, getToken }: LeadershipContext,
  tell: (event: LiveEvent) => void,
) {
  let sent = 0;
  const heardAt = new Map<string, number>();
  const held = new Set(counterTopics(info.userId, info.companies));
  return {
    heard(topic: string, count: number) {
      sent += 1;
      heardAt.set(topic, sent);
      tell({ kind: 'counter', topic, count });
    },
    async read() {
      const [companyId] = info.companies;
      const token = await getToken();
      if (companyId === undefined || token === null) return;
      const asked = sent;
      const request = { fetch: deps.fetch, baseUrl: info.baseUrl, token, userId: info.userId };
      const counters = await fetchCounters({ ...request, companyId });
      for (const [topic, count] of Object.entries(counters ?? {})) {
        if (held.has(topic) && (heardAt.get(topic) ?? 0) <= asked)
          tell({ kind: 'counter', topic, count });
      }
    },
  };
}
