// The sync engine of one signed-in user (DESIGN §4, issue 4 items 3–4): pulls every company's
// feed into the user's Dexie database, sends the outbox, and reports status. Plain TypeScript
// with every effect injected (fetch, clock, randomness, timers, token), so the same code runs in
// the Web Worker and in Node tests. The retry timer is re-armed after every push, answer and
// command, so a waiting entry never waits for the next local write.
import type { PurchasingDb } from '../../data/db';
import { readClientId, readCompanySync } from '../../data/meta';
import type { MutationInput } from '../core/mutations';
import { nextBatch, nextWakeAt, type SendState } from '../core/ordering';
import { backoff, type Outcome } from '../core/outcomes';
import { discardEntry, enqueueEntry, newTemporaryId, recoverEntries, retryEntry } from './commands';
import type { FetchLike } from './http';
import { loadIdMap, loadOutbox } from './outboxStore';
import { pullCompany } from './pull';
import { markInFlight, recordOutcome, send } from './push';
import { buildStatus, type Observed, type SyncStatus } from './status';

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
}

type Listener = (status: SyncStatus) => void;

export class SyncEngine {
  private running = false;
  private clientId: string | null = null;
  private readonly observed: Observed = {
    online: null,
    pausedForAuth: false,
    companies: new Map(),
  };
  private current: SyncStatus;
  private readonly listeners = new Set<Listener>();
  private pushTimer: { handle: unknown } | null = null;
  private pushing: Promise<void> | null = null;
  private pushAgain = false;
  private readonly pulls = new Map<number, Promise<void>>();
  private readonly pullAgain = new Set<number>();
  private readonly pullTimers = new Map<number, unknown>();
  private readonly pullAttempts = new Map<number, number>();

  constructor(private readonly deps: SyncEngineDeps) {
    for (const companyId of deps.companies) {
      this.observed.companies.set(companyId, { syncing: false, done: 0, total: null, error: null });
    }
    this.current = buildStatus(
      { entries: [], unreadable: [], blocked: new Map() },
      this.observed,
      new Map(),
      deps.now(),
    );
  }

  /** Starts the session: recovers entries left in flight, pulls every company, sends. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.clientId = await readClientId(this.deps.db);
    await recoverEntries(this.deps.db);
    await this.refresh();
    void this.pullNow();
    this.kick();
  }

  /** Stops timers and waits for the running pulls and pushes (their answers are still recorded). */
  async stop(): Promise<void> {
    this.running = false;
    this.clearPushTimer();
    for (const handle of this.pullTimers.values()) this.deps.clearTimer(handle);
    this.pullTimers.clear();
    await Promise.allSettled([this.pushing, ...this.pulls.values()]);
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
    await Promise.all(ids.map((id) => this.pull(id)));
  }

  /** Writes the entry and its optimistic effect in one transaction, then sends when it can. */
  async enqueue(companyId: number, mutation: MutationInput): Promise<string> {
    const clientId = this.clientId ?? (await readClientId(this.deps.db));
    this.clientId = clientId;
    const id = await enqueueEntry(this.deps.db, {
      clientId,
      userSub: this.deps.userSub,
      companyId,
      now: this.deps.now(),
      mutation,
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
    const done = await retryEntry(
      this.deps.db,
      entryId,
      this.deps.now(),
      options.overwrite ?? false,
    );
    await this.refresh();
    this.kick();
    return done;
  }

  /** Discards the entry (and those that need its created ids); resolves to the removed ids. */
  async discard(entryId: string): Promise<string[]> {
    const removed = await discardEntry(this.deps.db, entryId);
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

  private pull(companyId: number): Promise<void> {
    const running = this.pulls.get(companyId);
    if (running) {
      this.pullAgain.add(companyId);
      return running;
    }
    const run = this.pullLoop(companyId)
      .catch((error: unknown) => {
        // A local storage failure mid-pull (quota, lost connection): shown, and tried again.
        const last = this.observed.companies.get(companyId);
        const message = error instanceof Error ? error.message : String(error);
        if (last)
          this.observed.companies.set(companyId, { ...last, syncing: false, error: message });
        this.schedulePullRetry(companyId);
      })
      .finally(() => this.pulls.delete(companyId));
    this.pulls.set(companyId, run);
    return run;
  }

  private async pullLoop(companyId: number): Promise<void> {
    do {
      this.pullAgain.delete(companyId);
      if (!this.running || this.observed.pausedForAuth) return;
      await this.pullOnce(companyId);
    } while (this.pullAgain.has(companyId));
  }

  private async pullOnce(companyId: number): Promise<void> {
    const timer = this.pullTimers.get(companyId);
    if (timer !== undefined) this.deps.clearTimer(timer);
    this.pullTimers.delete(companyId);
    const progress = { syncing: true, done: 0, total: null as number | null, error: null };
    this.observed.companies.set(companyId, progress);
    await this.refresh();
    const result = await pullCompany(
      { ...this.deps, pageSize: this.deps.pageSize ?? 1000 },
      companyId,
      ({ done, remaining }) => {
        this.observed.online = true;
        this.observed.companies.set(companyId, { ...progress, done, total: done + remaining });
        void this.refresh();
      },
    );
    const last = this.observed.companies.get(companyId) ?? progress;
    let error: string | null = null;
    if (result.kind === 'done') {
      this.observed.online = true;
      this.pullAttempts.delete(companyId);
    } else if (result.kind === 'auth') {
      this.observed.pausedForAuth = true;
    } else {
      if (result.kind === 'offline') this.observed.online = false;
      else error = result.message;
      this.schedulePullRetry(companyId);
    }
    this.observed.companies.set(companyId, { ...last, syncing: false, error });
    await this.refresh();
    // A pull may have settled entries or brought rows entries waited for.
    this.kick();
  }

  private schedulePullRetry(companyId: number): void {
    if (!this.running) return;
    const attempts = (this.pullAttempts.get(companyId) ?? 0) + 1;
    this.pullAttempts.set(companyId, attempts);
    const handle = this.deps.setTimer(
      () => {
        this.pullTimers.delete(companyId);
        void this.pull(companyId);
      },
      backoff(attempts, this.deps.random),
    );
    this.pullTimers.set(companyId, handle);
  }

  /** Sends what can go now; a push already running runs once more after it. */
  private kick(): void {
    if (!this.running) return;
    if (this.pushing) {
      this.pushAgain = true;
      return;
    }
    this.pushing = this.pushLoop()
      .catch(() => {
        // A local storage failure mid-push: entries stay as stored (at worst `sending`, which
        // the next start recovers); the queue is tried again rather than left stalled.
        if (!this.running) return;
        this.clearPushTimer();
        const handle = this.deps.setTimer(() => {
          this.pushTimer = null;
          this.kick();
        }, 1000);
        this.pushTimer = { handle };
      })
      .finally(() => {
        this.pushing = null;
      });
  }

  private async pushLoop(): Promise<void> {
    do {
      this.pushAgain = false;
      while (this.running && !this.observed.pausedForAuth) {
        if (!(await this.pushBatch())) break;
      }
    } while (this.pushAgain && this.running);
    await this.armTimer();
  }

  private async sendState(): Promise<{
    state: SendState;
    entries: Awaited<ReturnType<typeof loadOutbox>>['entries'];
  }> {
    const outbox = await loadOutbox(this.deps.db);
    const state: SendState = {
      userSub: this.deps.userSub,
      idMap: await loadIdMap(this.deps.db),
      // File uploads are not part of this slice: entries with blobs wait ('waiting-files').
      uploaded: new Map(),
      paused: this.observed.pausedForAuth,
      unreadable: outbox.blocked,
    };
    return { state, entries: outbox.entries };
  }

  /** One round: the ready heads sent in parallel, their answers recorded. False = stop. */
  private async pushBatch(): Promise<boolean> {
    const { state, entries } = await this.sendState();
    const batch = nextBatch(entries, state, this.deps.now(), this.deps.maxInFlight ?? 8);
    if (batch.length === 0) return false;
    const token = await this.deps.getToken();
    if (token === null) {
      this.observed.pausedForAuth = true;
      await this.refresh();
      return false;
    }
    await markInFlight(this.deps.db, batch);
    const outcomes = await Promise.all(
      batch.map((entry) =>
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
    for (const [i, entry] of batch.entries()) {
      const outcome = outcomes[i];
      if (!outcome) continue;
      await recordOutcome(this.deps, entry.id, outcome);
      if (outcome.kind === 'retry' && outcome.status === null) offline = true;
      if (outcome.kind === 'auth') this.observed.pausedForAuth = true;
    }
    this.observed.online = !offline;
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
    const at = ready ? now : nextWakeAt(entries, state, now);
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

  private async refresh(): Promise<void> {
    const outbox = await loadOutbox(this.deps.db);
    const lastSynced = new Map<number, number | null>();
    for (const companyId of this.deps.companies) {
      lastSynced.set(companyId, (await readCompanySync(this.deps.db, companyId)).lastSyncedAt);
    }
    this.current = buildStatus(outbox, this.observed, lastSynced, this.deps.now());
    for (const listener of this.listeners) listener(this.current);
  }
}
