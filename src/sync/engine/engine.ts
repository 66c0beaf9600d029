// The sync engine of one signed-in user (DESIGN §4, 4 and 7), a façade over
// two loops. It is responsible for:
// - the commands (enqueue, retry, discard, pullNow, resume), each one storage transaction
//   (commands.ts) followed by a push;
// - pulling every company's feed (pulls.ts) and sending the outbox (pushes.ts);
// - the status the app shows (status.ts), rebuilt after every change, and the storage fault
//   shown until a later write succeeds (storage.ts);
// - its lifecycle: start recovers what a crash left in flight, stop waits for running requests;
//   or, in the service worker, one delivery (`deliverOnce`) that recovers, sends, and stops.
// Every effect is injected (fetch, clock, randomness, token, navigator.storage), so the same code
// runs in the Web Worker and in Node tests.
import type { PurchasingDb } from '../../data/db';
import { readClientId, readCompanySync } from '../../data/meta';
import type { MutationInput } from '../core/mutations';
import { filesWaitedFor, leftToSend } from '../core/ordering';
import { loadOutbox } from '../outbox';
import type { Clock } from '../ports';
import {
  discardEntry,
  enqueueEntry,
  newTemporaryId,
  recoverEntries,
  releaseBackoff,
  retryEntry,
} from './commands';
import { fileIdsOf, releaseFiles } from './files';
import type { FetchLike, UploadLike } from './http';
import { forgetCompany, forgetLeftCompanies, reviveReturnedCompanies } from './membership';
import { PullScheduler } from './pulls';
import { PushScheduler } from './pushes';
import { buildStatus, EMPTY_VIEW, type LocalView, type Observed, type SyncStatus } from './status';
import { StorageHealth, type StorageLike, StorageWatch } from './storage';

export interface SyncEngineDeps extends Clock {
  db: PurchasingDb;
  fetch: FetchLike;
  /** The server's origin (no trailing slash); '' for same-origin. */
  baseUrl: string;
  /** The current access token; null = signed out (pushing and pulling pause). */
  getToken(): Promise<string | null>;
  random(): number;
  /** The signed-in subject: only entries written under it are sent. */
  userSub: string;
  /** Every company the user belongs to. */
  companies: readonly number[];
  /** Feed page size (the server caps it). */
  pageSize?: number;
  /** Entries in flight at once (one per entity at most, see ordering.ts). */
  maxInFlight?: number;
  /** `navigator.storage`; absent (Node) = no persistence request and no usage in the status. */
  storage?: StorageLike;
  /** Uploads with progress (the worker's XMLHttpRequest); absent: `fetch`, no progress shown. */
  upload?: UploadLike;
}

type Listener = (status: SyncStatus) => void;

/** What one `deliverOnce` did: the service worker records it and tells the browser to retry or not. */
export interface DeliveryReport {
  /** Requests sent for outbox entries (an entry sent again after a 5xx counts each time). */
  sent: number;
  /** Entries the server applied. */
  applied: number;
  /** Entries refused (kept failed for the user, their effects rolled back). */
  refused: number;
  /** This user's entries a later attempt may still send (see `leftToSend`). */
  left: number;
  /** The token was missing or refused: nothing more goes until the session is renewed. */
  pausedForAuth: boolean;
}

/** How often a running pull's progress reaches the status listeners. */
export const PROGRESS_EVERY_MS = 200;

export class SyncEngine {
  private lastProgressAt = Number.NEGATIVE_INFINITY;
  /** Refreshes started, and the newest whose reads were published (see `refresh`). */
  private refreshes = 0;
  private published = 0;
  private running = false;
  private clientId: string | null = null;
  private readonly observed: Observed = {
    online: null,
    pausedForAuth: false,
    companies: new Map(),
    storage: null,
    storageError: null,
    uploads: new Map(),
  };
  private local: LocalView = EMPTY_VIEW;
  private current: SyncStatus;
  private readonly listeners = new Set<Listener>();
  private readonly pulls: PullScheduler;
  private readonly pushes: PushScheduler;
  private readonly storageWatch: StorageWatch;
  private readonly health = new StorageHealth();

  constructor(private readonly deps: SyncEngineDeps) {
    for (const companyId of deps.companies) {
      this.observed.companies.set(companyId, { syncing: false, done: 0, total: null, error: null });
    }
    this.pulls = new PullScheduler({
      deps: { ...deps, pageSize: deps.pageSize ?? 1000 },
      observed: this.observed,
      health: this.health,
      isRunning: () => this.running,
      changed: () => this.refresh(),
      progressed: () => this.progressed(),
      ended: (done) => {
        if (done) void this.storageWatch.read();
        this.kick();
      },
      left: async (companyId) => {
        await forgetCompany(this.deps.db, companyId);
      },
    });
    this.pushes = new PushScheduler({
      deps,
      observed: this.observed,
      health: this.health,
      isRunning: () => this.running,
      closed: () => {
        this.running = false;
        this.storageWatch.stop();
      },
      changed: () => this.refresh(),
      notMember: (companyId) => void this.pulls.pull(companyId),
      uploadProgress: (fileId, progress) => {
        if (progress) this.observed.uploads.set(fileId, progress);
        else this.observed.uploads.delete(fileId);
        // The start and the end of an upload always show; the bytes between, as pages do.
        if (progress === null || progress.sent === 0)
          this.lastProgressAt = Number.NEGATIVE_INFINITY;
        this.progressed();
      },
    });
    this.storageWatch = new StorageWatch(deps, (use) => {
      this.observed.storage = use;
      void this.refresh();
    });
    this.current = buildStatus(this.local, this.observed, deps.now());
  }

  /**
   * Starts the session: recovers entries left in flight, drops blobs no entry needs, asks for
   * persistent storage, pulls every company, sends.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.recover();
    await this.refresh();
    void this.storageWatch.start();
    void this.pullNow();
    this.kick();
  }

  /**
   * The service worker's run while the app is closed: recover, send what can go (the backoff
   * released: the sync event means the network is back), then with `pull` pull every company
   * and send what that made ready, and stop, leaving no timer. No live channel, no status
   * listeners. Ends early when `stop` is called meanwhile (a tab opened).
   */
  async deliverOnce({ pull }: { pull: boolean }): Promise<DeliveryReport> {
    if (this.running) throw new Error('the engine is already running');
    this.running = true;
    const before = this.pushes.tally();
    try {
      await this.recover();
      await releaseBackoff(this.deps.db, this.deps.now()).catch((error: unknown) => {
        // A storage fault: the push loop mends it, or reports it.
        if (!this.health.note(error)) throw error;
      });
      this.kick();
      await this.pushes.idle();
      if (pull && this.running && !this.observed.pausedForAuth) {
        await this.pullNow();
        await this.pushes.idle();
      }
    } finally {
      await this.stop();
    }
    const after = this.pushes.tally();
    const { state, entries } = await this.pushes.view();
    return {
      sent: after.sent - before.sent,
      applied: after.applied - before.applied,
      refused: after.refused - before.refused,
      left: leftToSend(entries, state, this.deps.now()),
      pausedForAuth: this.observed.pausedForAuth,
    };
  }

  /** Stops timers and waits for the running pulls and pushes (their answers are still recorded). */
  async stop(): Promise<void> {
    this.running = false;
    this.storageWatch.stop();
    await Promise.allSettled([this.pushes.stop(), this.pulls.stop()]);
  }

  /** The current status (the leader's is the same in every tab). */
  status(): SyncStatus {
    return this.current;
  }

  /** Calls `listener` with every new status; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Pulls one company (or all); a pull already running is followed by one more. The app calls
   * it when the user comes back (`watchAppSignals`).
   */
  async pullNow(companyId?: number): Promise<void> {
    const ids = companyId === undefined ? this.deps.companies : [companyId];
    await Promise.all(ids.map((id) => this.pulls.pull(id)));
  }

  /**
   * Writes the entry and its optimistic effect in one transaction, then sends when it can;
   * resolves to the outbox entry id. `entryId` comes with a follower tab's command (drawn there by
   * `newEntryId`): an entry already written under it is left as it is, so a command re-sent to a
   * new leader queues nothing twice.
   */
  async enqueue(companyId: number, mutation: MutationInput, entryId?: string): Promise<string> {
    const id = await this.guard(async () => {
      const clientId = this.clientId ?? (await readClientId(this.deps.db));
      this.clientId = clientId;
      return enqueueEntry(this.deps.db, {
        clientId,
        userSub: this.deps.userSub,
        companyId,
        now: this.deps.now(),
        mutation,
        entryId,
      });
    });
    await this.refresh();
    this.kick();
    return id;
  }

  /** A temporary id for a row created offline (a sheet, a message). */
  temporaryId(): Promise<number> {
    return newTemporaryId(this.deps.db);
  }

  /**
   * Sends a refused entry again under a new Idempotency-Key; `overwrite` keeps the local change
   * over a 409's server row. False when the entry is not (or no longer) a refusal to retry.
   */
  async retry(entryId: string, options: { overwrite?: boolean } = {}): Promise<boolean> {
    const { db, now } = this.deps;
    const done = await this.guard(() => retryEntry(db, entryId, now(), options.overwrite ?? false));
    await this.refresh();
    this.kick();
    return done;
  }

  /**
   * Discards the entry (and those that need its created ids); resolves to the removed ids. The
   * blobs they named go too, unless another entry still names them.
   */
  async discard(entryId: string): Promise<string[]> {
    const { db, now } = this.deps;
    const removed = await this.guard(async () => {
      const named = fileIdsOf((await loadOutbox(db)).entries);
      const ids = await discardEntry(db, entryId);
      await releaseFiles(db, now(), named);
      return ids;
    });
    await this.refresh();
    this.kick();
    return removed;
  }

  /** The app renewed the session after a 401: pushing and pulling go on. */
  resume(): void {
    this.observed.pausedForAuth = false;
    void this.refresh();
    void this.pullNow();
    this.kick();
  }

  /** Resolves when no push is running (tests and the worker's shutdown). */
  idle(): Promise<void> {
    return this.pushes.idle();
  }

  /**
   * What a crash or an absence left: entries in flight sent again, left companies' data gone,
   * returned ones' changes revived, unneeded blobs dropped. A storage fault is shown, and mended
   * by the first push round; reading and pulling still go on.
   */
  private async recover(): Promise<void> {
    try {
      this.clientId = await readClientId(this.deps.db);
      await recoverEntries(this.deps.db);
      // Companies the account left while this device was away (security review M5).
      await forgetLeftCompanies(this.deps.db, this.deps.companies);
      // …and the left-behind changes of companies it works for again (review #6).
      await reviveReturnedCompanies(this.deps.db, this.deps.companies);
      await releaseFiles(this.deps.db, this.deps.now());
    } catch (error) {
      if (!this.health.note(error)) throw error;
      this.health.interrupted();
    }
  }

  /** Sends what can go now; a push already running runs once more after it. */
  private kick(): void {
    this.pushes.push();
  }

  /**
   * A command's storage work: a fault is shown and the push loop woken to mend it, then the
   * error goes back to the caller (what it asked was not saved); success clears a fault shown.
   */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.health.succeeded();
      return result;
    } catch (error) {
      if (this.health.note(error)) {
        await this.refresh();
        this.kick();
      }
      throw error;
    }
  }

  /**
   * A pull's page landed: the status is rebuilt from what is already known (no reads, which would
   * cost more than the page on a large first sync), at most every PROGRESS_EVERY_MS.
   */
  private progressed(): void {
    const now = this.deps.now();
    if (now - this.lastProgressAt < PROGRESS_EVERY_MS) return;
    this.lastProgressAt = now;
    this.current = buildStatus(this.local, this.observed, now);
    for (const listener of this.listeners) listener(this.current);
  }

  /** Reads the outbox and sync times again and tells the listeners; never throws. */
  private async refresh(): Promise<void> {
    // Refreshes overlap (each awaits reads); one started earlier must not publish last.
    this.refreshes += 1;
    const mine = this.refreshes;
    try {
      const { state, entries, outbox } = await this.pushes.view();
      const lastSynced = new Map<number, number | null>();
      for (const companyId of this.deps.companies) {
        lastSynced.set(companyId, (await readCompanySync(this.deps.db, companyId)).lastSyncedAt);
      }
      const waited = filesWaitedFor(entries, state, this.deps.now());
      if (mine < this.published) return;
      this.published = mine;
      this.local = {
        outbox,
        lastSynced,
        waitingForUploads: new Set(waited.map(({ entry }) => entry.id)).size,
      };
    } catch (error) {
      // The status still goes out, with the fault and what was read before.
      this.health.note(error);
    }
    this.observed.storageError = this.health.fault;
    this.current = buildStatus(this.local, this.observed, this.deps.now());
    for (const listener of this.listeners) listener(this.current);
  }
}
