// The user's device in a property run: one network switch, one lock manager, one set of tab
// channels, one IndexedDB database, and one or two tabs, each a real `createSyncSession` in its
// own TabRuntime. A tab can be crashed (its worker terminated; a new session starts on the same
// database, as the page would restart its worker), closed and reopened (a reload), or frozen
// long enough for the other tab to take the leadership over.
import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { type PurchasingDb, userDatabaseName } from '../../../src/data/db';
import type { SyncSessionInfo } from '../../../src/sync/api';
import { createSyncSession, type SyncSession } from '../../../src/sync/session';
import { MemoryLocks } from '../leader/locks';
import { ChannelBus, type DeviceLinks, TabRuntime } from './runtime';
import { waitFor } from './wait';

/**
 * Election and router timings: short, so a takeover costs a fraction of a run, with the slack
 * of the real ones (a leader's heartbeat may come late by several periods: PGlite runs on this
 * same event loop and stalls it).
 */
const HEARTBEAT_MS = 50;
export const STALE_AFTER_MS = 300;
const ROUTER_TIMEOUT_MS = 1500;
/** A poke arrives this long after the change (the server's NOTIFY, the socket's frame). */
const POKE_DELAY_MS = 5;

/** A WebSocket that never opens: the live channel is not under test here (see `poke`). */
class SilentSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  protocol = '';
  extensions = '';
  bufferedAmount = 0;
  onopen: unknown = null;
  onclose: unknown = null;
  onmessage: unknown = null;
  onerror: unknown = null;
  constructor(readonly url: string) {}
  addEventListener(): void {}
  removeEventListener(): void {}
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

export interface Tab {
  slot: number;
  runtime: TabRuntime;
  session: SyncSession;
  /** This tab's own connection, once its session opened it. */
  db: PurchasingDb | null;
  /** The session's start (a dead tab's may never end). */
  started: Promise<void>;
}

export class Device {
  online = true;
  readonly locks = new MemoryLocks();
  readonly bus = new ChannelBus();
  readonly log: string[] = [];
  readonly tabs: Tab[] = [];
  private readonly onlineListeners = new Set<() => void>();
  private generation = 0;
  /** Restarts of crashed tabs under way (the scenario waits for them at the end). */
  private readonly restarts = new Set<Promise<void>>();
  private readonly links: DeviceLinks;

  constructor(
    readonly info: SyncSessionInfo,
    private readonly token: () => Promise<string>,
  ) {
    this.links = {
      online: () => this.online,
      locks: this.locks,
      bus: this.bus,
      log: (line) => this.log.push(line),
    };
  }

  /** A fresh access token of the device's user (what a sign-in gives). */
  userToken(): Promise<string> {
    return this.token();
  }

  /** The network comes back: every running tab hears `online`, as in a browser. */
  setOnline(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    this.log.push(online ? 'network on' : 'network off');
    if (online) for (const listener of this.onlineListeners) listener();
  }

  async open(slot: number): Promise<Tab> {
    this.generation += 1;
    const runtime = new TabRuntime(`tab${slot}.${this.generation}`, this.links);
    const tab: Tab = {
      slot,
      runtime,
      db: null,
      started: Promise.resolve(),
      session: createSyncSession({
        tabId: runtime.id,
        locks: runtime.locks,
        openChannel: runtime.openChannel,
        openDb: async (userId) => {
          const db = await runtime.openDb(userId);
          tab.db = db;
          return db;
        },
        deleteDb: (userId) =>
          new Dexie(userDatabaseName(userId), { indexedDB, IDBKeyRange }).delete(),
        fetch: runtime.fetch,
        WebSocket: SilentSocket,
        random: () => 0.01,
        now: () => Date.now(),
        setTimer: runtime.setTimer,
        clearTimer: runtime.clearTimer,
        onOnline: runtime.listenOnline((callback) => {
          this.onlineListeners.add(callback);
          return () => this.onlineListeners.delete(callback);
        }),
        heartbeatMs: HEARTBEAT_MS,
        staleAfterMs: STALE_AFTER_MS,
        routerTimeoutMs: ROUTER_TIMEOUT_MS,
        periodicPullMs: 60_000,
      }),
    };
    runtime.onDeath = () => {
      this.log.push(`${runtime.id} crashed`);
      const restart = this.open(slot).then(() => undefined);
      this.restarts.add(restart);
      void restart.finally(() => this.restarts.delete(restart));
    };
    this.tabs[slot] = tab;
    tab.session.setToken(await this.userToken());
    tab.started = tab.session.start(this.info);
    await Promise.race([tab.started, runtime.died]);
    this.log.push(`${runtime.id} opened`);
    return tab;
  }

  /** Tabs whose code runs (not dead, not frozen): the ones a user can act in. */
  usable(): Tab[] {
    return this.tabs.filter((tab) => tab.runtime.state === 'running');
  }

  leader(): Tab | undefined {
    return this.tabs.find((tab) => tab.runtime.state === 'running' && tab.session.isLeader());
  }

  async waitForLeader(): Promise<Tab> {
    await waitFor(() => this.leader() !== undefined, 'a leading tab', 5000);
    const leader = this.leader();
    if (!leader) throw new Error('no leading tab');
    return leader;
  }

  /** Terminates the tab's worker now; a new session on the same database replaces it. */
  crash(slot: number): void {
    this.tabs[slot]?.runtime.kill();
  }

  /** The user reloads the tab: a clean stop, then a new session. */
  async reload(slot: number): Promise<void> {
    const tab = this.tabs[slot];
    if (tab?.runtime.state !== 'running') return;
    this.log.push(`${tab.runtime.id} reloads`);
    await Promise.race([tab.session.stop(), tab.runtime.died]);
    // Died while stopping (a crash point met by the last push): already being restarted.
    if (tab.runtime.isDead()) return;
    await this.open(slot);
  }

  /**
   * The leader's code stops (hidden, hibernated) until another tab has taken the lead over, and
   * a little longer; then it wakes to find itself replaced.
   */
  async freezeLeader(): Promise<void> {
    const tab = this.leader();
    if (!tab) return;
    this.log.push(`${tab.runtime.id} frozen`);
    tab.runtime.freeze();
    const others = () => this.tabs.some((t) => t !== tab && t.runtime.state === 'running');
    if (others()) {
      await waitFor(() => !others() || this.leader() !== undefined, 'a new leader', 5000);
    }
    setTimeout(() => this.thaw(tab), HEARTBEAT_MS);
  }

  private thaw(tab: Tab): void {
    if (tab.runtime.state !== 'frozen') return;
    this.log.push(`${tab.runtime.id} thawed`);
    tab.runtime.thaw();
  }

  /**
   * The live channel's poke after a server change (the socket itself is not under test here):
   * the leading tab pulls, as its live client's `onPoke` would make it.
   */
  poke(): void {
    setTimeout(() => {
      if (!this.online) return;
      void this.leader()
        ?.session.pullNow()
        .catch(() => undefined);
    }, POKE_DELAY_MS);
  }

  /** Crash points armed on tabs that still run. */
  armed(): boolean {
    return this.tabs.some((tab) => tab.runtime.state === 'running' && tab.runtime.crashAt !== null);
  }

  /** Everything back to normal: network on, tabs thawed, crashed ones restarted. */
  async heal(): Promise<void> {
    this.setOnline(true);
    for (const tab of this.tabs) {
      tab.runtime.crashAt = null;
      this.thaw(tab);
    }
    while (this.restarts.size > 0) await Promise.all(this.restarts);
    await Promise.all(this.tabs.map((tab) => tab.started));
  }

  /** Stops the live sessions (the dead ones are gone already). */
  async close(): Promise<void> {
    for (const tab of this.tabs) tab.runtime.onDeath = () => undefined;
    for (const tab of this.tabs) {
      tab.runtime.crashAt = null;
      this.thaw(tab);
      if (tab.runtime.state !== 'dead') await Promise.race([tab.session.stop(), tab.runtime.died]);
    }
  }
}
