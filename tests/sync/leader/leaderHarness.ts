// A little world of tabs for the leader tests: one virtual clock, a broadcast bus that delivers
// asynchronously (structured clones, never to the sender, like BroadcastChannel) and the
// in-memory lock manager. A tab can be frozen as a browser freezes a hidden tab: its timers,
// its messages and its lock answers wait until it resumes, while it keeps holding its lock.
import { type Election, electLeader, syncLockName } from '../../../src/sync/leader/election';
import type { ChannelLike, Clock, LocksLike } from '../../../src/sync/ports';
import { MemoryLocks } from './locks';

type Listener = (event: { data: unknown }) => void;

/** The lock of the world's one user. */
export const LOCK_NAME = syncLockName('user-1');

/** Lets queued deliveries, lock grants and promise chains run (no wall-clock wait). */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

interface Timer {
  at: number;
  seq: number;
  tab: Tab;
  callback(): void;
}

export class World {
  time = 1_000_000;
  readonly locks = new MemoryLocks();
  readonly tabs: Tab[] = [];
  private timers: Timer[] = [];
  private seq = 0;

  addTimer(tab: Tab, callback: () => void, ms: number): Timer {
    const timer = { at: this.time + ms, seq: this.seq++, tab, callback };
    this.timers.push(timer);
    return timer;
  }

  removeTimer(handle: unknown) {
    this.timers = this.timers.filter((t) => t !== handle);
  }

  /** Moves time forward, firing due timers of awake tabs in order and settling after each. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (;;) {
      const due = this.timers
        .filter((t) => !t.tab.frozen && t.at <= end)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.time = Math.max(this.time, due.at);
      this.removeTimer(due);
      due.callback();
      await settle();
    }
    this.time = end;
  }

  /** Runs a tab's overdue timers now, before anything else queued for it. */
  fireDue(tab: Tab) {
    for (const timer of this.timers.filter((t) => t.tab === tab && t.at <= this.time)) {
      this.removeTimer(timer);
      timer.callback();
    }
  }

  broadcast(from: Tab | null, data: unknown) {
    for (const tab of this.tabs) {
      if (tab !== from && !tab.closed) tab.receive(structuredClone(data));
    }
  }

  tab(tabId: string, options: { schemaVersion?: number } = {}): Tab {
    const tab = new Tab(this, tabId, options.schemaVersion ?? 2);
    this.tabs.push(tab);
    return tab;
  }

  leaders(): string[] {
    return this.tabs.filter((t) => t.election.isLeader()).map((t) => t.tabId);
  }
}

export class Tab {
  frozen = false;
  closed = false;
  readonly events: string[] = [];
  /** Run when this tab learns of a new leader (the command router re-sends there). */
  readonly leaderChangeHooks: Array<() => void> = [];
  readonly election: Election;
  private readonly listeners = new Set<Listener>();
  private buffered: unknown[] = [];
  private wakers: Array<() => void> = [];

  readonly channel: ChannelLike = {
    postMessage: (data) => this.world.broadcast(this, data),
    addEventListener: (_type, listener) => this.listeners.add(listener),
    removeEventListener: (_type, listener) => this.listeners.delete(listener),
  };

  readonly clock: Clock = {
    now: () => this.world.time,
    setTimer: (callback, ms) => this.world.addTimer(this, callback, ms),
    clearTimer: (handle) => this.world.removeTimer(handle),
  };

  /** The shared lock manager, with answers held back while this tab is frozen. */
  readonly locks: LocksLike = {
    request: (name, options, callback) =>
      this.world.locks
        .request(name, options, async (lock) => {
          await this.awake();
          return callback(lock);
        })
        .then(
          async (value) => {
            await this.awake();
            return value;
          },
          async (error: unknown) => {
            await this.awake();
            throw error;
          },
        ),
  };

  constructor(
    private readonly world: World,
    readonly tabId: string,
    schemaVersion: number,
  ) {
    this.election = electLeader({
      lockName: LOCK_NAME,
      tabId,
      schemaVersion,
      locks: this.locks,
      channel: this.channel,
      ...this.clock,
      onBecomeLeader: () => this.events.push('leader'),
      onLoseLeadership: () => this.events.push('lost'),
      onOutdated: (version) => this.events.push(`outdated:${version}`),
      onLeaderChange: (id) => {
        this.events.push(`sees:${id ?? 'none'}`);
        for (const hook of this.leaderChangeHooks) hook();
      },
    });
  }

  receive(data: unknown) {
    setImmediate(() => {
      if (this.frozen) this.buffered.push(data);
      else for (const listener of this.listeners) listener({ data });
    });
  }

  awake(): Promise<void> {
    if (!this.frozen) return Promise.resolve();
    return new Promise((resolve) => this.wakers.push(resolve));
  }

  freeze() {
    this.frozen = true;
  }

  /**
   * Wakes the tab. The browser gives no order between a woken tab's overdue timers and the
   * messages and lock answers queued meanwhile, so the tests try both.
   */
  resume(order: 'messages-first' | 'timers-first' = 'messages-first') {
    this.frozen = false;
    const messages = this.buffered;
    this.buffered = [];
    const wakers = this.wakers.splice(0);
    const deliver = () => {
      for (const data of messages) for (const listener of this.listeners) listener({ data });
      for (const wake of wakers) wake();
    };
    if (order === 'messages-first') return deliver();
    this.world.fireDue(this);
    setImmediate(deliver);
  }

  /** The tab goes away: the browser releases its locks; here the election steps down. */
  close() {
    this.closed = true;
    this.election.close();
  }

  count(event: string): number {
    return this.events.filter((e) => e === event).length;
  }
}
