// When the engine pulls each company: one pull at a time per company (asked again while one
// runs, it runs once more after it), a retry timer with backoff after a failure, and progress,
// errors and storage faults in the engine's observations. What one pull does is pull.ts.
import { backoff } from '../core/outcomes';
import type { Clock } from '../ports';
import { type PullDeps, pullCompany } from './pull';
import type { Observed } from './status';
import type { StorageHealth } from './storage';

export interface PullHost {
  deps: PullDeps & Clock & { random(): number };
  observed: Observed;
  health: StorageHealth;
  isRunning(): boolean;
  /** Something the status shows changed. */
  changed(): Promise<void>;
  /** Progress of a running pull: the status again from what is known, without reading storage. */
  progressed(): void;
  /** A pull ended (`done`: to the end of the feed); entries may have settled or become ready. */
  ended(done: boolean): void;
  /** The server says the account left the company: its data goes from this device. */
  left(companyId: number): Promise<void>;
}

export class PullScheduler {
  private readonly running = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private readonly timers = new Map<number, unknown>();
  private readonly attempts = new Map<number, number>();

  constructor(private readonly host: PullHost) {}

  /** Pulls the company; a pull already running is followed by one more. */
  pull(companyId: number): Promise<void> {
    const current = this.running.get(companyId);
    if (current) {
      this.again.add(companyId);
      return current;
    }
    const run = this.loop(companyId)
      .catch((error: unknown) => this.failed(companyId, error))
      .finally(() => {
        this.running.delete(companyId);
        // Asked for while a failure was being recorded (the retry timer may fire that soon):
        // the loop had already ended, so the pull runs now rather than never.
        if (this.again.delete(companyId)) void this.pull(companyId);
      });
    this.running.set(companyId, run);
    return run;
  }

  /** Clears the retry timers and waits for the running pulls (their pages are still written). */
  async stop(): Promise<void> {
    for (const handle of this.timers.values()) this.host.deps.clearTimer(handle);
    this.timers.clear();
    await Promise.allSettled(this.running.values());
  }

  private async loop(companyId: number): Promise<void> {
    do {
      this.again.delete(companyId);
      if (!this.host.isRunning() || this.host.observed.pausedForAuth) return;
      if (this.host.observed.companies.get(companyId)?.left) return;
      await this.once(companyId);
    } while (this.again.has(companyId));
  }

  private async once(companyId: number): Promise<void> {
    const { observed, deps } = this.host;
    const timer = this.timers.get(companyId);
    if (timer !== undefined) deps.clearTimer(timer);
    this.timers.delete(companyId);
    const progress = { syncing: true, done: 0, total: null as number | null, error: null };
    observed.companies.set(companyId, progress);
    await this.host.changed();
    const result = await pullCompany(deps, companyId, ({ done, remaining }) => {
      observed.online = true;
      observed.companies.set(companyId, { ...progress, done, total: done + remaining });
      this.host.progressed();
    });
    const last = observed.companies.get(companyId) ?? progress;
    let error: string | null = null;
    if (result.kind === 'done') {
      observed.online = true;
      this.attempts.delete(companyId);
      this.host.health.succeeded();
    } else if (result.kind === 'auth') {
      observed.pausedForAuth = true;
    } else if (result.kind === 'left') {
      // Cleared before the status says so: whoever hears `left` finds the data gone.
      await this.host.left(companyId);
      this.attempts.delete(companyId);
      observed.companies.set(companyId, { ...last, syncing: false, error: null, left: true });
      await this.host.changed();
      this.host.ended(false);
      return;
    } else {
      if (result.kind === 'offline') observed.online = false;
      else error = result.message;
      this.retryLater(companyId);
    }
    observed.companies.set(companyId, { ...last, syncing: false, error });
    await this.host.changed();
    this.host.ended(result.kind === 'done');
  }

  /** A local failure mid-pull (quota, a lost connection): shown, and tried again later. */
  private async failed(companyId: number, error: unknown): Promise<void> {
    const { observed, health } = this.host;
    const fault = health.note(error) ? health.fault : null;
    const message = fault?.message ?? (error instanceof Error ? error.message : String(error));
    const last = observed.companies.get(companyId);
    if (last) observed.companies.set(companyId, { ...last, syncing: false, error: message });
    this.retryLater(companyId);
    await this.host.changed();
    // The push loop reopens a lost connection.
    this.host.ended(false);
  }

  private retryLater(companyId: number): void {
    if (!this.host.isRunning()) return;
    const attempts = (this.attempts.get(companyId) ?? 0) + 1;
    this.attempts.set(companyId, attempts);
    const handle = this.host.deps.setTimer(
      () => {
        this.timers.delete(companyId);
        void this.pull(companyId);
      },
      backoff(attempts, this.host.deps.random),
    );
    this.timers.set(companyId, handle);
  }
}
