// When the engine sends the outbox, mirroring pulls.ts: one push loop at a time (asked again while
// one runs, it runs once more), rounds of uploads or of ready heads sent in parallel, a retry timer
// armed for the earliest head that may go, and a backoff after a failed round (a storage fault).
// One send is push.ts; one upload round is uploads.ts.
import { createDiscardedOutcome, expiredOutcome, NOT_A_MEMBER } from '../core/lifecycle';
import type { OutboxEntry } from '../core/mutations';
import {
  expiredHeads,
  nextBatch,
  nextWakeAt,
  orphanedEntries,
  type SendState,
} from '../core/ordering';
import { type BackoffOptions, backoff, type Outcome } from '../core/outcomes';
import { loadIdMap, loadOutbox, loadUploaded, type OutboxSnapshot } from '../outbox';
import type { Clock } from '../ports';
import { releaseFiles } from './files';
import { markInFlight, type PushDeps, recordOutcome, send } from './push';
import type { Observed } from './status';
import type { StorageHealth } from './storage';
import { type UploadProgress, UploadRetries, uploadWaiting } from './uploads';

/** Waits before the push loop runs again after a failed round (storage faults above all). */
const REPAIR_BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 60_000 };

export interface PushHost {
  deps: PushDeps &
    Clock & {
      getToken(): Promise<string | null>;
      /** Only entries written under this subject are sent. */
      userSub: string;
      /** Entries in flight at once (one per entity at most, see ordering.ts); 8. */
      maxInFlight?: number;
    };
  observed: Observed;
  health: StorageHealth;
  isRunning(): boolean;
  /** The database was closed on purpose (an upgrade elsewhere, a sign-out): the engine stops. */
  closed(): void;
  /** Something the status shows changed. */
  changed(): Promise<void>;
  /** The server answered NOT_A_MEMBER for an entry: the company's pull clears it. */
  notMember(companyId: number): void;
  /** A file's upload moved on (bytes sent of its size), or ended (null). */
  uploadProgress: UploadProgress;
}

/** What a round reads before it decides: the outbox and what its entries may go with. */
export interface SendView {
  state: SendState;
  entries: OutboxEntry[];
  outbox: OutboxSnapshot;
}

/** What a push scheduler has sent and what came back, since it was made. */
export interface PushTally {
  /** Requests sent for entries (an entry retried counts each time). */
  sent: number;
  applied: number;
  /** Entries refused: by the server, or here (too old to send, naming a discarded create). */
  refused: number;
}

export class PushScheduler {
  /** Entries this engine has sent and not yet recorded the answer of. */
  private readonly inFlight = new Set<string>();
  private readonly counts: PushTally = { sent: 0, applied: 0, refused: 0 };
  private readonly uploadRetries: UploadRetries;
  private timer: { handle: unknown } | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private failedRounds = 0;

  constructor(private readonly host: PushHost) {
    this.uploadRetries = new UploadRetries(host.deps.random);
  }

  /** Sends what can go now; a push already running runs once more after it. */
  push(): void {
    if (!this.host.isRunning()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop()
      .catch((error: unknown) => this.failed(error))
      .finally(() => {
        this.running = null;
        // Asked for while the loop was ending (arming its timer, say): it runs now, not never.
        if (this.again) this.push();
      });
  }

  /** Clears the retry timer and waits for the running push (its answers are still recorded). */
  async stop(): Promise<void> {
    this.clearTimer();
    await this.running;
  }

  /**
   * Resolves when no push is running, including one asked for while the last was ending (its
   * retry timer, armed for later, is not waited for).
   */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The counts so far (the background delivery's report). */
  tally(): PushTally {
    return { ...this.counts };
  }

  /**
   * The outbox as a round sees it. `sending` holds only for this engine's own requests: an entry
   * marked by an engine that is gone (a tab closed or killed mid-push after this engine's start
   * recovered the outbox) is sent again, under the same Idempotency-Key.
   */
  async view(): Promise<SendView> {
    const { db, userSub } = this.host.deps;
    const outbox = await loadOutbox(db);
    const entries = outbox.entries.map((entry) =>
      entry.status === 'sending' && !this.inFlight.has(entry.id)
        ? { ...entry, status: 'pending' as const }
        : entry,
    );
    const state: SendState = {
      userSub,
      idMap: await loadIdMap(db),
      uploaded: await loadUploaded(db),
      paused: this.host.observed.pausedForAuth,
      unreadable: outbox.blocked,
    };
    return { state, entries, outbox };
  }

  private async loop(): Promise<void> {
    const { deps, health, observed } = this.host;
    do {
      this.again = false;
      // Closed on purpose: the session stops this engine; until then it sends and reads nothing.
      if (!(await health.mend(deps.db))) this.host.closed();
      while (this.host.isRunning() && !observed.pausedForAuth) {
        if (!(await this.round())) break;
      }
    } while (this.again && this.host.isRunning());
    if (!this.host.isRunning()) return;
    await releaseFiles(deps.db, deps.now());
    this.failedRounds = 0;
    await this.armTimer();
  }

  /**
   * A failure mid-push (a storage fault above all): shown, and the queue tried again after a
   * backoff rather than left stalled; entries the round left `sending` go again from the next one.
   */
  private failed(error: unknown): void {
    const { health, deps } = this.host;
    health.note(error);
    health.interrupted();
    if (!this.host.isRunning()) return;
    void this.host.changed();
    this.failedRounds += 1;
    this.wakeIn(backoff(this.failedRounds, deps.random, REPAIR_BACKOFF));
  }

  /**
   * One round: the files the heads wait for uploaded, or else the ready heads sent in parallel,
   * their answers recorded. False = stop.
   */
  private async round(): Promise<boolean> {
    const { deps, observed, health } = this.host;
    const { state, entries, outbox } = await this.view();
    // Too old to send under its key (the server may have forgotten it): refused here, shown.
    const expired = expiredHeads(entries, state, deps.now());
    if (expired.length > 0) {
      for (const entry of expired) await recordOutcome(deps, entry.id, expiredOutcome());
      this.counts.refused += expired.length;
      await this.host.changed();
      return true;
    }
    // Naming a row whose create was discarded: they would wait for ever (an entry this app cannot
    // read may be that create, so then they wait).
    const orphaned = outbox.unreadable.length > 0 ? [] : orphanedEntries(entries, state);
    if (orphaned.length > 0) {
      for (const entry of orphaned) await recordOutcome(deps, entry.id, createDiscardedOutcome());
      this.counts.refused += orphaned.length;
      await this.host.changed();
      return true;
    }
    const uploads = this.uploadRetries.due(entries, state, deps.now());
    const batch = nextBatch(entries, state, deps.now(), deps.maxInFlight ?? 8);
    if (batch.length === 0 && uploads.length === 0) return false;
    const token = await deps.getToken();
    if (token === null) {
      observed.pausedForAuth = true;
      await this.host.changed();
      return false;
    }
    if (uploads.length > 0) {
      const round = await uploadWaiting(
        deps,
        this.uploadRetries,
        uploads,
        token,
        this.host.uploadProgress,
      );
      if (round === 'auth') observed.pausedForAuth = true;
      else observed.online = round === 'done';
      if (round === 'done') health.succeeded();
      await this.host.changed();
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
    const { deps, observed } = this.host;
    const sendable = await markInFlight(deps.db, batch, deps.now());
    // Every head passed the send window since the round read it: the next round refuses them.
    if (sendable.length === 0) return true;
    this.counts.sent += sendable.length;
    const outcomes = await Promise.all(
      sendable.map((entry) =>
        send(deps, entry, token, state.idMap, state.uploaded).catch(
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
      await recordOutcome(deps, entry.id, outcome);
      if (outcome.kind === 'applied') this.counts.applied += 1;
      if (outcome.kind === 'rejected' || outcome.kind === 'forbidden') this.counts.refused += 1;
      if (outcome.kind === 'retry' && outcome.status === null) offline = true;
      if (outcome.kind === 'auth') observed.pausedForAuth = true;
      // The account left the company: its feed answers the same, and the pull clears it.
      if (outcome.kind === 'forbidden' && outcome.code === NOT_A_MEMBER) {
        this.host.notMember(entry.companyId);
      }
    }
    observed.online = !offline;
    this.host.health.succeeded();
    await this.host.changed();
    return !offline;
  }

  /** Arms the retry timer at the earliest time a waiting head may go (never left unarmed). */
  private async armTimer(): Promise<void> {
    this.clearTimer();
    if (!this.host.isRunning() || this.host.observed.pausedForAuth) return;
    const { state, entries } = await this.view();
    const now = this.host.deps.now();
    // An entry that passed the send window while waiting is refused at once, not left pending.
    const ready =
      nextBatch(entries, state, now, 1).length > 0 || expiredHeads(entries, state, now).length > 0;
    const wakes = [
      nextWakeAt(entries, state, now),
      this.uploadRetries.wakeAt(entries, state, now),
    ].filter((at): at is number => at !== null);
    const at = ready ? now : wakes.length > 0 ? Math.min(...wakes) : null;
    if (at === null || !this.host.isRunning()) return;
    this.wakeIn(Math.max(0, at - now));
  }

  private wakeIn(ms: number): void {
    this.clearTimer();
    const handle = this.host.deps.setTimer(() => {
      this.timer = null;
      this.push();
    }, ms);
    this.timer = { handle };
  }

  private clearTimer(): void {
    if (this.timer) this.host.deps.clearTimer(this.timer.handle);
    this.timer = null;
  }
}
