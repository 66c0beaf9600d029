// Notices a blocked event loop for /healthz: a heartbeat timer that fires every
// `tickMs`; a gap between two beats more than `blockedMs` longer than expected means nothing ran
// for that long (one slow regex, a huge synchronous parse, a long query of the in-process PGlite).
// The process then reports not-ok for `holdMs`: a probe every 10 s sees one block at least once,
// and blocks that keep coming keep it not-ok, so the orchestrator restarts the process; a single
// block is over before the usual three failed probes in a row.
export type EventLoopWatchOptions = {
  /** A stall longer than this is a block. */
  blockedMs: number;
  /** How long not-ok lasts after the last block. */
  holdMs: number;
  /** Heartbeat interval. */
  tickMs: number;
  now: () => number;
};

export const EVENT_LOOP_WATCH: EventLoopWatchOptions = {
  blockedMs: 2_000,
  holdMs: 10_000,
  tickMs: 250,
  now: () => performance.now(),
};

export class EventLoopWatch {
  private readonly options: EventLoopWatchOptions;
  private lastBeat: number;
  private lastBlockAt: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: Partial<EventLoopWatchOptions> = {}) {
    this.options = { ...EVENT_LOOP_WATCH, ...options };
    this.lastBeat = this.options.now();
  }

  start(): void {
    if (this.timer) return;
    this.lastBeat = this.options.now();
    this.timer = setInterval(() => this.beat(), this.options.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One heartbeat (the timer's, or a test's with its own clock). */
  beat(at: number = this.options.now()): void {
    if (this.stalled(at)) this.lastBlockAt = at;
    this.lastBeat = at;
  }

  /**
   * Whether the loop was blocked within the hold window. A request can run right after a block,
   * before the overdue heartbeat, so the gap since the last beat counts as well.
   */
  blocked(at: number = this.options.now()): boolean {
    if (this.timer && this.stalled(at)) return true;
    return this.lastBlockAt !== null && at - this.lastBlockAt < this.options.holdMs;
  }

  private stalled(at: number): boolean {
    return at - this.lastBeat - this.options.tickMs > this.options.blockedMs;
  }
}
