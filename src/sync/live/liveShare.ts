// The live channel as each tab of a user sees it: only the leader holds the
// socket, so it posts every counter, event and status to the other tabs, and answers a follower's
// hello with what it knows (the counters, the status), so a tab opened late or a tab that sees a
// new leader is current at once. Topics watched at runtime (an open chat panel's messages) belong
// to tabs: a follower posts its whole set on every change and to each new leader, and again as a
// lease while the set is not empty, so the topics of a tab that died without a word are dropped
// after `leaseMs`. The leader holds the union of its own topics and its followers' leases.

import { isRecord } from '../../domain/guards';
import type { LiveEvent } from '../api';
import type { Clock } from '../ports';
import type { LiveStatus } from './liveClient';

export const WATCH_LEASE_MS = 60_000;

/** What tabs post on the session channel about the live channel. */
export type LiveTabMessage =
  /** Leader → all: something its live client heard. */
  | { kind: 'sync-live'; event: LiveEvent }
  /** Leader → all: what it knows, in answer to a hello. */
  | { kind: 'sync-live-state'; counters: Record<string, number>; status: LiveStatus | null }
  /** Follower → leader: every topic the tab watches; `hello` asks for the state. */
  | { kind: 'sync-live-watch'; tabId: string; topics: string[]; hello: boolean };

const STATUSES: ReadonlySet<string> = new Set<LiveStatus>([
  'connecting',
  'connected',
  'offline',
  'closed',
  'forbidden',
]);

const isStatus = (value: unknown): value is LiveStatus =>
  typeof value === 'string' && STATUSES.has(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function readEvent(data: unknown): LiveEvent | null {
  if (!isRecord(data)) return null;
  if (data.kind === 'status')
    return isStatus(data.status) ? { kind: 'status', status: data.status } : null;
  if (typeof data.topic !== 'string') return null;
  if (data.kind === 'counter' && isCount(data.count))
    return { kind: 'counter', topic: data.topic, count: data.count };
  if (data.kind === 'event') return { kind: 'event', topic: data.topic, payload: data.payload };
  return null;
}

function readCounters(data: unknown): Record<string, number> | null {
  if (!isRecord(data)) return null;
  const counters: Record<string, number> = {};
  for (const [topic, count] of Object.entries(data)) if (isCount(count)) counters[topic] = count;
  return counters;
}

export function readLiveTabMessage(data: unknown): LiveTabMessage | null {
  if (!isRecord(data)) return null;
  if (data.kind === 'sync-live') {
    const event = readEvent(data.event);
    return event ? { kind: data.kind, event } : null;
  }
  if (data.kind === 'sync-live-state') {
    const counters = readCounters(data.counters);
    if (!counters) return null;
    return { kind: data.kind, counters, status: isStatus(data.status) ? data.status : null };
  }
  if (
    data.kind === 'sync-live-watch' &&
    typeof data.tabId === 'string' &&
    Array.isArray(data.topics)
  ) {
    const topics = data.topics.filter((topic): topic is string => typeof topic === 'string');
    return { kind: data.kind, tabId: data.tabId, topics, hello: data.hello === true };
  }
  return null;
}

export interface LiveShareDeps extends Clock {
  tabId: string;
  post(message: LiveTabMessage): void;
  /** Every event this tab's listeners get (the leader's own, or heard from it). */
  notify(event: LiveEvent): void;
  leaseMs?: number;
}

export interface LiveShare {
  /** This tab leads: `hold` gets every topic watched by any tab, now and on each change. */
  lead(hold: (topics: ReadonlySet<string>) => void): void;
  stepDown(): void;
  /** Another tab leads now: tell it what this tab watches, and ask for what it knows. */
  leaderChanged(): void;
  /** The leader's live client heard something: kept, told here, posted to the followers. */
  fromLeader(event: LiveEvent): void;
  /** A message from another tab; other kinds are ignored. */
  hear(data: unknown): void;
  /** Watches topics from this tab; returns the id `unwatch` takes. */
  watch(topics: readonly string[]): string;
  unwatch(id: string): void;
  /** The latest value of each counter heard so far. */
  counters(): Record<string, number>;
  /** Leaving: the leader drops this tab's topics at once. */
  close(): void;
}

export function createLiveShare(deps: LiveShareDeps): LiveShare {
  const leaseMs = deps.leaseMs ?? WATCH_LEASE_MS;
  const counters = new Map<string, number>();
  let status: LiveStatus | null = null;
  /** This tab's watches by id. */
  const own = new Map<string, readonly string[]>();
  let watches = 0;
  /** While this tab leads: where the topics go, and each follower's lease. */
  let hold: ((topics: ReadonlySet<string>) => void) | null = null;
  const leases = new Map<string, { topics: readonly string[]; heardAt: number }>();
  let timer: unknown = null;

  const ownTopics = () => [...new Set([...own.values()].flat())];
  const held = () =>
    new Set([...ownTopics(), ...[...leases.values()].flatMap((lease) => lease.topics)]);
  const postWatch = (hello: boolean) =>
    deps.post({ kind: 'sync-live-watch', tabId: deps.tabId, topics: ownTopics(), hello });
  const changed = () => {
    if (hold) hold(held());
    else postWatch(false);
  };

  /** Keeps what an event says and tells this tab's listeners; false when it says nothing new. */
  function apply(event: LiveEvent): boolean {
    if (event.kind === 'counter') {
      if (counters.get(event.topic) === event.count) return false;
      counters.set(event.topic, event.count);
    } else if (event.kind === 'status') {
      if (status === event.status) return false;
      status = event.status;
    }
    deps.notify(event);
    return true;
  }

  function onWatch(tabId: string, topics: readonly string[], hello: boolean): void {
    if (!hold) return;
    if (topics.length > 0) leases.set(tabId, { topics, heardAt: deps.now() });
    else leases.delete(tabId);
    hold(held());
    if (hello)
      deps.post({ kind: 'sync-live-state', counters: Object.fromEntries(counters), status });
  }

  /** The leader forgets expired leases; a follower renews its own. */
  function tick(): void {
    timer = deps.setTimer(tick, leaseMs / 3);
    if (hold) {
      const before = leases.size;
      for (const [tabId, lease] of leases) {
        if (deps.now() - lease.heardAt > leaseMs) leases.delete(tabId);
      }
      if (leases.size !== before) hold(held());
    } else if (own.size > 0) {
      postWatch(false);
    }
  }
  timer = deps.setTimer(tick, leaseMs / 3);

  return {
    lead(next) {
      hold = next;
      leases.clear();
      next(held());
    },
    stepDown() {
      hold = null;
      leases.clear();
    },
    leaderChanged() {
      if (!hold) postWatch(true);
    },
    fromLeader(event) {
      // The followers know the rest: they heard each event, or the state when they said hello.
      if (apply(event)) deps.post({ kind: 'sync-live', event });
    },
    hear(data) {
      const message = readLiveTabMessage(data);
      if (!message) return;
      if (message.kind === 'sync-live-watch') {
        onWatch(message.tabId, message.topics, message.hello);
        return;
      }
      // Only the leader's word counts; a leader hears nobody else's (a stale one about to yield).
      if (hold) return;
      if (message.kind === 'sync-live') {
        apply(message.event);
        return;
      }
      // The leader's state, answering some tab's hello: only what is new here is told.
      for (const [topic, count] of Object.entries(message.counters))
        apply({ kind: 'counter', topic, count });
      if (message.status !== null) apply({ kind: 'status', status: message.status });
    },
    watch(topics) {
      watches += 1;
      const id = `${deps.tabId}:${watches}`;
      own.set(id, [...topics]);
      changed();
      return id;
    },
    unwatch(id) {
      if (own.delete(id)) changed();
    },
    counters: () => Object.fromEntries(counters),
    close() {
      deps.clearTimer(timer);
      const watching = !hold && own.size > 0;
      own.clear();
      hold = null;
      leases.clear();
      if (watching) postWatch(false);
    },
  };
}
