// Leader election among the tabs of one user (DESIGN §4 "Tabs"): the tab holding the exclusive
// Web Lock `purchasing-sync-<userId>` runs the engine (pull, push); the others are followers that
// send it commands. A holder that is frozen or hibernated keeps its lock, so the holder also
// broadcasts a heartbeat and a follower that hears none for `staleAfterMs` steals the lock. Every
// leadership has a term, one above the highest term seen, so when a woken leader and its
// successor both claim it, the higher term wins without either asking the lock manager.
// Tabs also announce their schema version; a tab older than another tab is told to reload.
// A context that holds the lock without being a tab (the service worker's background delivery,
// src/sync/background.ts) posts `hold` instead of heartbeats: a waiting tab then does not steal.
import { SCHEMA_VERSION } from '../../data/schema';
import { isRecord } from '../../domain/guards';
import type { ChannelLike, Clock, LocksLike } from '../ports';

/**
 * The Web Lock of one user's sync, held by the leader tab or by the service worker's background
 * delivery; the tabs' BroadcastChannel bears the same name.
 */
export const syncLockName = (userId: number | string): string => `purchasing-sync-${userId}`;

export interface ElectionOptions extends Clock {
  /** `syncLockName(userId)`: one leader per user, across all the user's tabs. */
  lockName: string;
  tabId: string;
  locks: LocksLike;
  channel: ChannelLike;
  /** The version this tab's code opens the database at; default SCHEMA_VERSION. */
  schemaVersion?: number;
  heartbeatMs?: number;
  staleAfterMs?: number;
  onBecomeLeader(): void;
  /** From here on this tab must not push nor pull: another tab leads (or this one closes). */
  onLoseLeadership(): void;
  /** A tab runs a newer schema: this one has stepped aside for good and should reload. */
  onOutdated?(newerVersion: number): void;
  /** The leader this tab knows changed (null: none known); followers re-send pending commands. */
  onLeaderChange?(leaderTabId: string | null): void;
}

export interface Election {
  /** True only while this tab holds the lock and its heartbeat is current (not just woken). */
  isLeader(): boolean;
  leaderId(): string | null;
  /** Leaves the election: steps down (releasing the lock) and stops competing. */
  close(): void;
}

export type ElectionMessage =
  | {
      kind: 'election';
      type: 'heartbeat';
      tabId: string;
      at: number;
      term: number;
      schemaVersion: number;
    }
  /**
   * `hello`: a tab joins; `version`: the answer to an older tab; `hold`: a context that is no tab
   * (tabId `sw:<uuid>`) holds the lock for a while and is not to be stolen from.
   */
  | { kind: 'election'; type: 'hello' | 'version' | 'hold'; tabId: string; schemaVersion: number };

export function readElectionMessage(data: unknown): ElectionMessage | null {
  if (!isRecord(data) || data.kind !== 'election') return null;
  const { type, tabId, schemaVersion } = data;
  if (typeof tabId !== 'string' || typeof schemaVersion !== 'number') return null;
  if (type === 'hello' || type === 'version' || type === 'hold')
    return { kind: 'election', type, tabId, schemaVersion };
  if (type === 'heartbeat' && typeof data.at === 'number' && typeof data.term === 'number') {
    return { kind: 'election', type, tabId, at: data.at, term: data.term, schemaVersion };
  }
  return null;
}

const isAbort = (error: unknown) => isRecord(error) && error.name === 'AbortError';

export function electLeader(options: ElectionOptions): Election {
  const { lockName, tabId, locks, channel, now, setTimer, clearTimer } = options;
  const version = options.schemaVersion ?? SCHEMA_VERSION;
  const heartbeatMs = options.heartbeatMs ?? 2000;
  const staleAfterMs = options.staleAfterMs ?? 6000;

  let state: 'follower' | 'leader' | 'closed' = 'follower';
  /** Each lock request gets a number; answers to a superseded request are ignored. */
  let attempt = 0;
  let waiting: AbortController | null = null;
  let release: (() => void) | null = null;
  let term = 0;
  let leader: string | null = null;
  let lastHeard = now();
  let lastBeat = now();
  /** Woken after a freeze: leadership is not trusted until one quiet heartbeat period passes. */
  let suspectUntil = 0;
  let timer: unknown = null;
  const answered = new Set<string>();

  const post = (message: ElectionMessage) => channel.postMessage(message);
  const setLeader = (id: string | null) => {
    if (id === leader) return;
    leader = id;
    options.onLeaderChange?.(id);
  };
  const schedule = (ms: number) => {
    if (timer !== null) clearTimer(timer);
    timer = state === 'closed' ? null : setTimer(tick, ms);
  };
  const beat = () => {
    lastBeat = now();
    post({
      kind: 'election',
      type: 'heartbeat',
      tabId,
      at: lastBeat,
      term,
      schemaVersion: version,
    });
  };

  function compete(steal: boolean) {
    if (state === 'closed') return;
    const id = ++attempt;
    waiting?.abort();
    waiting = steal ? null : new AbortController();
    // The spec refuses `signal` together with `steal`: a steal is granted at once, never queued.
    const requestOptions = waiting
      ? { mode: 'exclusive' as const, signal: waiting.signal }
      : { mode: 'exclusive' as const, steal: true };
    locks
      .request(lockName, requestOptions, () => {
        if (id !== attempt || state === 'closed') return undefined;
        waiting = null;
        // Held until this tab steps down; the lock manager releases it if the tab dies.
        return new Promise<void>((resolve) => {
          release = resolve;
          becomeLeader();
        });
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (id !== attempt || state === 'closed') return;
          // Stolen while leading (AbortError): follow, and queue again.
          if (state === 'leader') return stepDown(true);
          // The request itself failed: try again a period later rather than in a tight loop.
          if (!isAbort(error)) waiting = null;
          setTimer(() => {
            if (id === attempt) compete(false);
          }, heartbeatMs);
        },
      );
  }

  function becomeLeader() {
    state = 'leader';
    term += 1;
    suspectUntil = 0;
    beat();
    schedule(heartbeatMs);
    options.onBecomeLeader();
    // Announced last: commands pending here are re-sent on a leader change, and when the new
    // leader is this tab they run at once, on the engine onBecomeLeader has just started.
    setLeader(tabId);
  }

  function stepDown(requeue: boolean) {
    if (state !== 'leader') return;
    state = 'follower';
    release?.();
    release = null;
    // The successor gets a full period before this tab would suspect it in turn.
    lastHeard = now();
    schedule(heartbeatMs);
    options.onLoseLeadership();
    if (requeue) compete(false);
  }

  function tick() {
    timer = null;
    if (state === 'leader') {
      const late = now() - lastBeat > staleAfterMs;
      if (late) {
        // Frozen long enough to have been replaced: wait one period for a successor's heartbeat
        // or the steal's AbortError before claiming again (isLeader is false meanwhile).
        suspectUntil = now() + heartbeatMs;
        lastBeat = now();
      } else if (now() >= suspectUntil) {
        beat();
      }
      schedule(heartbeatMs);
    } else if (state === 'follower') {
      if (now() - lastHeard >= staleAfterMs && waiting !== null) {
        // Still queued, so the lock is held, yet its holder is silent: frozen or hibernated.
        lastHeard = now();
        setLeader(null);
        compete(true);
      }
      schedule(heartbeatMs);
    }
  }

  function outdated(newer: number) {
    close();
    options.onOutdated?.(newer);
  }

  function onMessage(event: { data: unknown }) {
    const message = readElectionMessage(event.data);
    if (!message || message.tabId === tabId || state === 'closed') return;
    if (message.schemaVersion > version) return outdated(message.schemaVersion);
    if (message.schemaVersion < version && !answered.has(message.tabId)) {
      answered.add(message.tabId);
      post({ kind: 'election', type: 'version', tabId, schemaVersion: version });
    }
    // The lock's holder is alive, though no tab leads: a waiting tab keeps waiting.
    if (message.type === 'hold') {
      if (state === 'follower') lastHeard = now();
      return;
    }
    if (message.type !== 'heartbeat') return;
    // A claim from an older term is a woken leader that has not yet noticed; it will see ours.
    if (state === 'leader') {
      const newer = message.term > term || (message.term === term && message.tabId > tabId);
      if (!newer) {
        if (now() >= suspectUntil) beat();
        return;
      }
    } else if (message.term < term) return;
    term = Math.max(term, message.term);
    lastHeard = now();
    setLeader(message.tabId);
    if (state === 'leader') stepDown(true);
  }

  function close() {
    if (state === 'closed') return;
    stepDown(false);
    state = 'closed';
    attempt += 1;
    waiting?.abort();
    waiting = null;
    if (timer !== null) clearTimer(timer);
    timer = null;
    channel.removeEventListener('message', onMessage);
  }

  channel.addEventListener('message', onMessage);
  post({ kind: 'election', type: 'hello', tabId, schemaVersion: version });
  schedule(heartbeatMs);
  compete(false);

  return {
    isLeader: () => state === 'leader' && now() >= suspectUntil && now() - lastBeat <= staleAfterMs,
    leaderId: () => leader,
    close,
  };
}
