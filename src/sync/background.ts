// The service worker's delivery of the outbox while the app is closed (issue 20 item 3): under
// the user's sync lock, taken only when no tab holds or waits for it, the engine sends what the
// tabs left with the tabs' rules (`deliverOnce`), then stops. While it holds the lock it posts
// `hold`, so a tab opening meanwhile waits instead of stealing; on that tab's `hello` it stops
// and hands the lock over once the requests in flight are answered. It never creates a database
// (a sign-out deleted it), and it is told nothing by the page: every facility is injected.
import {
  type OutdatedReason,
  openUserDatabase,
  type PurchasingDb,
  SchemaOutdatedError,
  userDatabaseName,
} from '../data/db';
import { recordBackgroundRun } from '../data/meta';
import { SCHEMA_VERSION } from '../data/schema';
import { isRecord } from '../domain/guards';
import type { SyncSessionInfo } from './api';
import { type DeliveryReport, SyncEngine } from './engine/engine';
import type { FetchLike } from './engine/http';
import { type ElectionMessage, readElectionMessage, syncLockName } from './leader/election';
import { after, type ChannelLike, type Clock, every, type LocksLike } from './ports';

export interface BackgroundPorts extends Clock {
  locks: LocksLike;
  /** The tabs' BroadcastChannel of that name. */
  openChannel(name: string): ChannelLike & { close(): void };
  /** Every request, uploads included: a service worker has no XMLHttpRequest (xhrUpload.ts). */
  fetch: FetchLike;
  random(): number;
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

/** Whose outbox, and where it goes: what the page stored for the signed-in user. */
export type BackgroundTarget = Pick<
  SyncSessionInfo,
  'userId' | 'userSub' | 'companies' | 'baseUrl'
>;

export interface BackgroundOptions {
  /** Pull every company after sending (the periodic refresh). */
  pull: boolean;
  /** Renews the stored session: called at most once, after a missing or refused token. */
  renew?(): Promise<void>;
  /** This context in the election; default `sw:<uuid>`. */
  holderId?: string;
  /** How often `hold` is posted while the lock is held; 2 s (the tabs steal after 6 s). */
  holdEveryMs?: number;
  /** A busy lock is asked once more after this (a tab that is closing); 3 s. */
  busyRetryMs?: number;
  /** The schema this code writes; default SCHEMA_VERSION (tests pass another). */
  schemaVersion?: number;
}

/**
 * How a run ended. `tab-leads`: a tab has the lock (and sends); `no-database`: nothing to send
 * (signed out); `outdated`: a newer app owns the database; `signed-out`: deleted meanwhile.
 */
export type BackgroundRun =
  | { outcome: 'tab-leads' | 'no-database' | 'outdated' | 'signed-out' }
  | {
      outcome: 'delivered' | 'handed-over';
      report: DeliveryReport;
      renewed: boolean;
      /** Runs recorded on this device (meta `background:last`). */
      runs: number;
    };

const isAbort = (error: unknown) => isRecord(error) && error.name === 'AbortError';

/** The run's link to the tabs: once one shows up, the engine stops and the lock goes to it. */
class Handover {
  tabSeen = false;
  private engine: SyncEngine | null = null;

  /** A tab announced itself (or the database closed): stop after the answers in flight. */
  now(): void {
    this.tabSeen = true;
    void this.engine?.stop();
  }

  /** The engine now running; stopped at once if a tab came first. */
  running(engine: SyncEngine): void {
    this.engine = engine;
    if (this.tabSeen) void engine.stop();
  }
}

/**
 * Sends the user's outbox if no tab runs the sync, records the report in meta, resolves to how
 * it ended. `getToken` is read before each send (renew replaces what it returns).
 */
export async function deliverInBackground(
  ports: BackgroundPorts,
  target: BackgroundTarget,
  getToken: () => Promise<string | null>,
  options: BackgroundOptions,
): Promise<BackgroundRun> {
  const lockName = syncLockName(target.userId);
  const holderId = options.holderId ?? `sw:${crypto.randomUUID()}`;
  const handover = new Handover();
  // Listening before the lock is asked for, so a tab's hello is never missed.
  const channel = ports.openChannel(lockName);
  const onMessage = (event: { data: unknown }) => {
    const message = readElectionMessage(event.data);
    if (message && message.type !== 'hold' && message.tabId !== holderId) handover.now();
  };
  channel.addEventListener('message', onMessage);
  const hold: ElectionMessage = {
    kind: 'election',
    type: 'hold',
    tabId: holderId,
    schemaVersion: options.schemaVersion ?? SCHEMA_VERSION,
  };
  const holding = async () => {
    channel.postMessage(hold);
    const stop = every(ports, () => channel.postMessage(hold), options.holdEveryMs ?? 2000);
    try {
      return await deliver(ports, target, getToken, options, handover);
    } finally {
      stop();
    }
  };
  try {
    const first = await ifAvailable(ports.locks, lockName, holding, handover);
    if (first || handover.tabSeen) return first ?? { outcome: 'tab-leads' };
    await new Promise<void>((resolve) => after(ports, resolve, options.busyRetryMs ?? 3000));
    return (
      (await ifAvailable(ports.locks, lockName, holding, handover)) ?? { outcome: 'tab-leads' }
    );
  } finally {
    channel.removeEventListener('message', onMessage);
    channel.close();
  }
}

/** Runs `work` holding the lock if nobody holds or waits for it; null when busy. */
async function ifAvailable<T>(
  locks: LocksLike,
  name: string,
  work: () => Promise<T>,
  handover: Handover,
): Promise<T | null> {
  const held: { work: Promise<T> | null } = { work: null };
  try {
    return await locks.request(name, { mode: 'exclusive', ifAvailable: true }, (lock) => {
      if (!lock) return null;
      held.work = work();
      return held.work;
    });
  } catch (error) {
    // Stolen (a tab that heard no `hold` in time): stop at once, finish what is in flight.
    if (!held.work || !isAbort(error)) throw error;
    handover.now();
    return await held.work;
  }
}

/** A rerun's report added to the first: counts summed, what is left as the rerun ends. */
const added = (first: DeliveryReport, then: DeliveryReport): DeliveryReport => ({
  ...then,
  sent: first.sent + then.sent,
  applied: first.applied + then.applied,
  refused: first.refused + then.refused,
});

/** Whether the user's database exists, without opening (and so creating) it. */
async function databaseExists(factory: IDBFactory, userId: number): Promise<boolean> {
  // Every browser with Background Sync has databases() (Chromium 71); without it, no run.
  if (typeof factory.databases !== 'function') return false;
  const name = userDatabaseName(String(userId));
  return (await factory.databases()).some((info) => info.name === name);
}

/** Holding the lock: the engine's delivery, once more after a renewal, then the record. */
async function deliver(
  ports: BackgroundPorts,
  target: BackgroundTarget,
  getToken: () => Promise<string | null>,
  options: BackgroundOptions,
  handover: Handover,
): Promise<BackgroundRun> {
  if (!(await databaseExists(ports.indexedDB, target.userId))) return { outcome: 'no-database' };
  const closed: { why: OutdatedReason | null } = { why: null };
  let db: PurchasingDb;
  try {
    db = await openUserDatabase(String(target.userId), {
      indexedDB: ports.indexedDB,
      IDBKeyRange: ports.IDBKeyRange,
      // A tab upgraded the schema or signed out: this connection is closed, the run ends.
      onOutdated: (reason) => {
        closed.why = reason;
        handover.now();
      },
    });
  } catch (error) {
    if (error instanceof SchemaOutdatedError) return { outcome: 'outdated' };
    throw error;
  }
  const ended = (): BackgroundRun | null =>
    closed.why && { outcome: closed.why === 'deleted' ? 'signed-out' : 'outdated' };
  const once = () => {
    const engine = new SyncEngine({
      db,
      fetch: ports.fetch,
      baseUrl: target.baseUrl,
      getToken,
      now: ports.now,
      random: ports.random,
      setTimer: ports.setTimer,
      clearTimer: ports.clearTimer,
      userSub: target.userSub,
      companies: target.companies,
    });
    const delivering = engine.deliverOnce({ pull: options.pull });
    handover.running(engine);
    return delivering;
  };
  try {
    let report = await once();
    let renewed = false;
    if (report.pausedForAuth && options.renew && !handover.tabSeen) {
      // Not renewed (the refresh token is refused too): the report says paused, the page asks.
      renewed = await options.renew().then(
        () => true,
        () => false,
      );
      if (renewed) report = added(report, await once());
    }
    const end = ended();
    if (end) return end;
    const outcome = handover.tabSeen ? 'handed-over' : 'delivered';
    const row = await recordBackgroundRun(db, { at: ports.now(), outcome, ...report, renewed });
    return { outcome, report, renewed, runs: row.runs };
  } catch (error) {
    // The database went away under the run: that, not the failed write, is what happened.
    const end = ended();
    if (end) return end;
    throw error;
  } finally {
    db.close();
  }
}
