// The sync engine of one signed-in user (DESIGN §4, issue 4 items 3, 4 and 7): pulls every
// company's feed into the user's Dexie database, uploads the attachments entries wait for, sends
// the outbox, and reports status. Plain TypeScript with every effect injected (fetch, clock,
// randomness, timers, token, navigator.storage), so the same code runs in the Web Worker and in
// Node tests. The retry timer is re-armed after every push, answer and command, so a waiting
// entry never waits for the next local write. A storage fault is shown until a later write
// succeeds; the next push round reopens a lost connection and sends again the entries a failed
// round left `sending`, so they do not wait for a restart.
import type { PurchasingDb } from '../../data/db';
import { readClientId, readCompanySync } from '../../data/meta';
import { expiredOutcome } from '../core/lifecycle';
import type { MutationInput, OutboxEntry } from '../core/mutations';
import {
  expiredHeads,
  filesWaitedFor,
  nextBatch,
  nextWakeAt,
  type SendState,
} from '../core/ordering';
import { type BackoffOptions, backoff, type Outcome } from '../core/outcomes';
import { discardEntry, enqueueEntry, newTemporaryId, recoverEntries, retryEntry } from './commands';
import { fileIdsOf, releaseFiles } from './files';
import type { FetchLike } from './http';
import {
  forgetCompany,
  forgetLeftCompanies,
  NOT_A_MEMBER,
  reviveReturnedCompanies,
} from './membership';
import { loadIdMap, loadOutbox, type OutboxSnapshot } from './outboxStore';
import { PullScheduler } from './pulls';
import { markInFlight, recordOutcome, send } from './push';
import { buildStatus, EMPTY_VIEW, type LocalView, type Observed, type SyncStatus } from './status';
import { StorageHealth, type StorageLike, StorageWatch } from './storage';
import { loadUploaded, UploadRetries, uploadWaiting } from './uploads';

export interface SyncEngineDeps {
  db: PurchasingDb;
  fetch: FetchLike;
  /** The server's origin (no trailing slash); '' for same-origin. */
  baseUrl: string;
  /** The current access token; null = signed out (pushing and pulling pause). */
  getToken(): Promise<string | null>;
  now(): number;
  random(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
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
}

type Listener = (status: SyncStatus) => void;

/** Waits before the push loop runs again after a failed round (storage faults above all). */
const REPAIR_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000 };

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
  };
  private local: LocalView = EMPTY_VIEW;
  private current: SyncStatus;
  private readonly listeners = new Set<Listener>();
  /** Entries this engine has sent and not yet recorded the answer of. */
  private readonly inFlight = new Set<string>();
  private pushTimer: { handle: unknown } | null = null;
  private pushing: Promise<void> | null = null;
  private pushAgain = false;
  private readonly pulls: PullScheduler;
  private readonly uploadRetries: UploadRetries;
  private readonly storageWatch: StorageWatch;
  private readonly health = new StorageHealth();
  private failedRounds = 0;

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
    this.uploadRetries = new UploadRetries(deps.random);
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
    try {
      this.clientId = await readClientId(this.deps.db);
      await recoverEntries(this.deps.db);
      // Companies the account left while this device was away (security review M5).
      await forgetLeftCompanies(this.deps.db, this.deps.companies);
      // …and the left-behind changes of companies it works for again (review #6).
      await reviveReturnedCompanies(this.deps.db, this.deps.companies);
      await releaseFiles(this.deps.db, this.deps.now());
    } catch (error) {
      // Shown, and mended by the first push round; reading and pulling still go on.
      if (!this.health.note(error)) throw error;
      this.health.interrupted();
    }
    await this.refresh();
    void this.storageWatch.start();
    void this.pullNow();
    this.kick();
  }

  /** Stops timers and waits for the running pulls and pushes (their answers are still recorded). */
  async stop(): Promise<void> {
    this.running = false;
    this.storageWatch.stop();
    this.clearPushTimer();
    await Promise.allSettled([this.pushing, this.pulls.stop()]);
  }

  status(): SyncStatus {
    return this.current;
  }

  /** Calls `listener` with every new status; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Pulls one company (or all); a pull already running is followed by one more. */
  async pullNow(companyId?: number): Promise<void> {
    const ids = companyId === undefined ? this.deps.companies : [companyId];
    await Promise.all(ids.map((id) => this.pulls.pull(id)));
  }

  /**
   * Writes the entry and its optimistic effect in one transaction, then sends when it can.
   * `entryId` comes with a follower tab's command (drawn there by `newEntryId`): an entry already
   * written under it is left as it is, so a command re-sent to a new leader queues nothing twice.
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
  async idle(): Promise<void> {
    while (this.pushing) await this.pushing;
  }

  /** Sends what can go now; a push already running runs once more after it. */
  private kick(): void {
    if (!this.running) return;
    if (this.pushing) {
      this.pushAgain = true;
      return;
    }
    this.pushing = this.pushLoop()
      .catch((error: unknown) => {
        // A failure mid-push (a storage fault above all): shown, and the queue tried again rather
        // than left stalled; entries the round left `sending` go again from the next round.
        this.health.note(error);
        this.health.interrupted();
        if (!this.running) return;
        void this.refresh();
        this.failedRounds += 1;
        this.clearPushTimer();
        const handle = this.deps.setTimer(
          () => {
            this.pushTimer = null;
            this.kick();
          },
          backoff(this.failedRounds, this.deps.random, REPAIR_BACKOFF),
        );
        this.pushTimer = { handle };
      })
      .finally(() => {
        this.pushing = null;
      });
  }

  private async pushLoop(): Promise<void> {
    do {
      this.pushAgain = false;
      if (!(await this.health.mend(this.deps.db))) {
        // Closed on purpose (another tab upgraded the database, or signed out): the session
        // stops this engine; until then it sends and reads nothing.
        this.running = false;
        this.storageWatch.stop();
      }
      while (this.running && !this.observed.pausedForAuth) {
        if (!(await this.pushBatch())) break;
      }
    } while (this.pushAgain && this.running);
    if (!this.running) return;
    await releaseFiles(this.deps.db, this.deps.now());
    this.failedRounds = 0;
    await this.armTimer();
  }

  private async sendState(): Promise<{
    state: SendState;
    entries: OutboxEntry[];
    outbox: OutboxSnapshot;
  }> {
    const outbox = await loadOutbox(this.deps.db);
    // `sending` holds only for this engine's own requests: an entry marked by an engine that is
    // gone (a tab closed or killed mid-push after this engine's start recovered the outbox) is
    // sent again, under the same Idempotency-Key.
    const entries = outbox.entries.map((entry) =>
      entry.status === 'sending' && !this.inFlight.has(entry.id)
        ? { ...entry, status: 'pending' as const }
        : entry,
    );
    const state: SendState = {
      userSub: this.deps.userSub,
      idMap: await loadIdMap(this.deps.db),
      uploaded: await loadUploaded(this.deps.db),
      paused: this.observed.pausedForAuth,
      unreadable: outbox.blocked,
    };
    return { state, entries, outbox };
  }

  /**
   * One round: the files the heads wait for uploaded, or else the ready heads sent in parallel,
   * their answers recorded. False = stop.
   */
  private async pushBatch(): Promise<boolean> {
    const { state, entries } = await this.sendState();
    // Too old to send under its key (the server may have forgotten it): refused here, shown.
    const expired = expiredHeads(entries, state, this.deps.now());
    if (expired.length > 0) {
      for (const entry of expired) await recordOutcome(this.deps, entry.id, expiredOutcome());
      await this.refresh();
      return true;
    }
    const uploads = this.uploadRetries.due(entries, state, this.deps.now());
    const batch = nextBatch(entries, state, this.deps.now(), this.deps.maxInFlight ?? 8);
    if (batch.length === 0 && uploads.length === 0) return false;
    const token = await this.deps.getToken();
    if (token === null) {
      this.observed.pausedForAuth = true;
      await this.refresh();
      return false;
    }
    if (uploads.length > 0) {
      const round = await uploadWaiting(this.deps, this.uploadRetries, uploads, token);
      if (round === 'auth') this.observed.pausedForAuth = true;
      else this.observed.online = round === 'done';
      if (round === 'done') this.health.succeeded();
      await this.refresh();
      return round === 'done';
    }
    for (const entry of batch) this.inFlight.add(entry.id);
    try {
      return await this.sendBatch(batch, token, state);
    } finally {
      for (const entry of batch) this.inFlight.delete(entry.id);
    }
  }

  /** Sends the ready heads in parallel and records their answers; false = offline. */
  private async sendBatch(
    batch: readonly OutboxEntry[],
    token: string,
    state: SendState,
  ): Promise<boolean> {
    const sendable = await markInFlight(this.deps.db, batch, this.deps.now());
    // Every head passed the send window since the round read it: the next round refuses them.
    if (sendable.length === 0) return true;
    const outcomes = await Promise.all(
      sendable.map((entry) =>
        send(this.deps, entry, token, state.idMap, state.uploaded).catch(
          (error: unknown): Outcome => ({
            kind: 'retry',
            status: null,
            retryAfterMs: null,
            message: error instanceof Error ? error.message : String(error),
          }),
        ),
      ),
    );
    let offline = false;
    for (const [i, entry] of sendable.entries()) {
      const outcome = outcomes[i];
      if (!outcome) continue;
      await recordOutcome(this.deps, entry.id, outcome);
      if (outcome.kind === 'retry' && outcome.status === null) offline = true;
      if (outcome.kind === 'auth') this.observed.pausedForAuth = true;
      // The account left the company: its feed answers the same, and the pull clears it.
      if (outcome.kind === 'forbidden' && outcome.code === NOT_A_MEMBER) {
        void this.pulls.pull(entry.companyId);
      }
    }
    this.observed.online = !offline;
    this.health.succeeded();
    await this.refresh();
    return !offline;
  }

  private clearPushTimer(): void {
    if (this.pushTimer) this.deps.clearTimer(this.pushTimer.handle);
    this.pushTimer = null;
  }

  /** Arms the retry timer at the earliest time a waiting head may go (never left unarmed). */
  private async armTimer(): Promise<void> {
    this.clearPushTimer();
    if (!this.running || this.observed.pausedForAuth) return;
    const { state, entries } = await this.sendState();
    const now = this.deps.now();
    const ready = nextBatch(entries, state, now, 1).length > 0;
    const wakes = [
      nextWakeAt(entries, state, now),
      this.uploadRetries.wakeAt(entries, state, now),
    ].filter((at): at is number => at !== null);
    const at = ready ? now : wakes.length > 0 ? Math.min(...wakes) : null;
    if (at === null || !this.running) return;
    const handle = this.deps.setTimer(
      () => {
        this.pushTimer = null;
        this.kick();
      },
      Math.max(0, at - now),
    );
    this.pushTimer = { handle };
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
      const { state, entries, outbox } = await this.sendState();
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
