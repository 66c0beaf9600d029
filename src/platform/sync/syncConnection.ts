// The tab's one connection to the sync worker: the comlink client made once,
// started and fed tokens by the session (it implements the session's SyncPort), and the user's
// database opened on the main thread too, for the screens' live queries (Dexie's live queries
// see the worker's writes), and the live channel's to-do counters and status kept current.
// React reads its snapshot through SyncProvider; `watchTopics` serves hooks that follow a topic.
import { proxy, type Remote } from 'comlink';
import { deleteUserDatabase, type OpenOptions, type PurchasingDb } from '../../data/db';
import { classifyStorageError, type StorageErrorKind } from '../../data/storageErrors';
import type {
  LiveEvent,
  LiveStatus,
  SignOutResult,
  SyncApi,
  SyncSessionInfo,
} from '../../sync/api';
import type { SyncStatus } from '../../sync/engine/status';
import { type UnsentEntry, unsentEntryViews } from '../../sync/outbox';
import type { SyncPort } from '../session/sessionTypes';

export interface SyncSnapshot {
  /** The leader's latest status; null before the first one. */
  status: SyncStatus | null;
  /** The user's database on the main thread; null until open (and after sign-out). */
  db: PurchasingDb | null;
  /** Why local data cannot be used: `version` means another tab runs a newer app (reload). */
  problem: StorageErrorKind | null;
  /**
   * The to-do counters by topic (`TOPICS.myUnread(userId)`, … in src/domain/todos/topics.ts), the
   * same in every tab; a topic is missing until the leader has read it from the server.
   */
  counters: Readonly<Record<string, number>>;
  /** The live channel's status (the leader tab holds it); null before the first one. */
  live: LiveStatus | null;
}

export interface SyncConnectionDeps {
  createClient(): Remote<SyncApi>;
  openDb(userId: string, options: OpenOptions): Promise<PurchasingDb>;
  /** Deletes the user's database (no company left); `deleteUserDatabase` by default. */
  deleteDb?(userId: string): Promise<void>;
  /** Pulls when the user comes back to the page (src/sync/client.ts). */
  watchAppSignals(api: Pick<SyncApi, 'pullNow'>): () => void;
  /**
   * Asks the browser to keep this origin's storage under pressure (`navigator.storage.persist()`
   * exists only on pages, not in the worker); the engine reports what the browser granted.
   */
  requestPersistence(): Promise<unknown>;
}

/** What the session is told when the worker speaks up. */
export interface SyncEvents {
  renewToken(): void;
  signedOutElsewhere(): void;
  /** The sync cleared a company the account no longer works for (403 NOT_A_MEMBER). */
  membershipEnded(companyId: number): void;
}

/** Called with each event on a watched topic. */
export type TopicListener = (topic: string, payload: unknown) => void;

const EMPTY: SyncSnapshot = { status: null, db: null, problem: null, counters: {}, live: null };

function sameSession(a: SyncSessionInfo, b: SyncSessionInfo): boolean {
  return (
    a.userId === b.userId &&
    a.userSub === b.userSub &&
    a.baseUrl === b.baseUrl &&
    a.wsUrl === b.wsUrl &&
    a.companies.join() === b.companies.join()
  );
}

export class SyncConnection implements SyncPort {
  private client: Remote<SyncApi> | null = null;
  private running: { info: SyncSessionInfo; stopSignals: () => void } | null = null;
  private snapshot: SyncSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  private events: SyncEvents | null = null;
  private readonly writes = new Set<Promise<unknown>>();
  private readonly topicListeners = new Set<TopicListener>();
  /** Companies whose end of membership the session was told of (once each per session). */
  private leftHeard = new Set<number>();
  /** Counters heard while `liveCounters` is asked: newer than (or as new as) its answer. */
  private countersHeard: Set<string> | null = null;

  constructor(private readonly deps: SyncConnectionDeps) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SyncSnapshot => this.snapshot;

  /** The session listens here (set once at boot, before anything starts). */
  listen(events: SyncEvents): void {
    this.events = events;
  }

  /** The worker's API, made on first use: one worker per tab. */
  api(): Remote<SyncApi> {
    this.client ??= this.deps.createClient();
    return this.client;
  }

  /**
   * Runs a write command (enqueue, storeFile, retry, discard) and remembers it until the worker
   * answered: once answered, the change is in the outbox (a strict Dexie transaction).
   */
  write<T>(run: (api: Remote<SyncApi>) => Promise<T>): Promise<T> {
    const pending = run(this.api());
    this.writes.add(pending);
    const forget = () => this.writes.delete(pending);
    pending.then(forget, forget);
    return pending;
  }

  /** Resolves once every write started so far is answered: an app update reloads only then. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.writes]);
  }

  /**
   * Holds `topics` on the live channel (an open chat panel's `todo.b.{module}.{id}.messages`) and
   * calls `listener` with each event on them, until the returned function is called.
   */
  watchTopics(topics: readonly string[], listener: TopicListener): () => void {
    const wanted = new Set(topics);
    const heard: TopicListener = (topic, payload) => {
      if (wanted.has(topic)) listener(topic, payload);
    };
    this.topicListeners.add(heard);
    const watch = this.api().watchTopics([...wanted]);
    // Refused only when the session is not running, and then there is nothing to undo.
    watch.catch(() => undefined);
    return () => {
      this.topicListeners.delete(heard);
      watch.then((id) => this.api().unwatchTopics(id)).catch(() => undefined);
    };
  }

  start(info: SyncSessionInfo): void {
    if (this.running && sameSession(this.running.info, info)) return;
    void this.run(info);
  }

  setToken(token: string | null): void {
    void this.api().setToken(token);
  }

  async signOut(discardPending: boolean): Promise<SignOutResult> {
    const result = await this.api().signOut({ discardPending });
    if (result.signedOut) this.close();
    return result;
  }

  async leftBehind(userId: number): Promise<UnsentEntry[] | null> {
    const open = this.running?.info.userId === userId ? this.snapshot.db : null;
    try {
      const db = open ?? (await this.deps.openDb(String(userId), {}));
      try {
        return await unsentEntryViews(db);
      } finally {
        if (!open) db.close();
      }
    } catch {
      return null;
    }
  }

  async wipe(userId: number): Promise<void> {
    if (this.running) {
      this.close();
      await this.api().stop();
    }
    await (this.deps.deleteDb ?? deleteUserDatabase)(String(userId));
  }

  /** Tells the session of each company the leader's engine found the account has left. */
  private noticeLeft(status: SyncStatus): void {
    for (const company of status.companies) {
      if (!company.left || this.leftHeard.has(company.companyId)) continue;
      this.leftHeard.add(company.companyId);
      this.events?.membershipEnded(company.companyId);
    }
  }

  private update(change: Partial<SyncSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private onLive(event: LiveEvent): void {
    if (event.kind === 'counter') {
      this.countersHeard?.add(event.topic);
      this.update({ counters: { ...this.snapshot.counters, [event.topic]: event.count } });
    } else if (event.kind === 'status') {
      this.update({ live: event.status });
    } else {
      for (const listener of this.topicListeners) listener(event.topic, event.payload);
    }
  }

  private async run(info: SyncSessionInfo): Promise<void> {
    if (this.running) {
      this.close();
      await this.api().stop();
    }
    const api = this.api();
    this.running = { info, stopSignals: this.deps.watchAppSignals(api) };
    this.leftHeard = new Set();
    await api.onStatus(
      proxy((status: SyncStatus) => {
        this.update({ status });
        this.noticeLeft(status);
      }),
    );
    await api.onRenewToken(proxy(() => this.events?.renewToken()));
    await api.onOutdated(proxy(() => this.update({ problem: 'version' })));
    await api.onLive(proxy((event: LiveEvent) => this.onLive(event)));
    await api.onSignedOut(
      proxy(() => {
        this.close();
        this.events?.signedOutElsewhere();
      }),
    );
    try {
      await api.start(info);
      // The answer is newer than the events heard before the question; of those heard since
      // (on the callback's own port, in no set order with the answer), each is as new or newer.
      this.countersHeard = new Set();
      const answer = Object.entries(await api.liveCounters());
      const heard = this.countersHeard;
      this.countersHeard = null;
      const counters = answer.filter(([topic]) => !heard.has(topic));
      this.update({ counters: { ...this.snapshot.counters, ...Object.fromEntries(counters) } });
      // Refusal or absence is fine: the engine's status shows `persisted: false`.
      void this.deps.requestPersistence().catch(() => undefined);
      const db = await this.deps.openDb(String(info.userId), {
        // A delete is this user's sign-out (here or in another tab), handled by the session.
        onOutdated: (reason) => {
          if (reason === 'newer-schema') this.update({ problem: 'version' });
        },
      });
      if (this.running?.info !== info) {
        db.close();
        return;
      }
      this.update({ db, status: await api.status() });
    } catch (error) {
      this.update({ problem: classifyStorageError(error) });
    }
  }

  /** Forgets the running session here (the worker has stopped it or is told to). */
  private close(): void {
    this.running?.stopSignals();
    this.running = null;
    this.snapshot.db?.close();
    this.update(EMPTY);
  }
}
