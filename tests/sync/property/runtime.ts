// One tab's JavaScript world in the property test: its timers, network answers, channel, lock
// requests and database connection, all behind one switch. `freeze()` holds them as a browser
// holds a hidden tab (heartbeats stop, answers and messages wait); `kill()` ends them as a
// terminated worker ends: timers never fire, answers in flight are never seen, the channel goes
// quiet, the lock manager releases the tab's locks, and the database connection stops mid-step
// (a write transaction under way is aborted, so it lands whole or not at all).
import type { DBCore, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { PurchasingDb, userDatabaseName } from '../../../src/data/db';
import type { FetchLike } from '../../../src/sync/engine/http';
import type { ChannelLike, LocksLike } from '../../../src/sync/ports';
import type { MemoryLocks } from '../leader/locks';

/** A promise that never settles: what a dead context waits on. */
const never = <T>(): Promise<T> => new Promise<T>(() => {});

type RuntimeState = 'running' | 'frozen' | 'dead';

/** What the tabs of one device share: the network switch, the lock manager, the channels. */
export interface DeviceLinks {
  online(): boolean;
  locks: MemoryLocks;
  bus: ChannelBus;
  /** Every request the tabs made, for the failure report. */
  log(line: string): void;
}

/** How the next mutation request of this tab ends the tab, if armed. */
type CrashPoint = 'before-send' | 'after-commit';

interface TimerHandle {
  timeout: ReturnType<typeof setTimeout>;
  cancelled: boolean;
}

export class TabRuntime {
  state: RuntimeState = 'running';
  /** Armed by the scenario: the tab dies at this point of its next mutation request. */
  crashAt: CrashPoint | null = null;
  /** Called once when the tab dies (the device restarts it). */
  onDeath: () => void = () => undefined;
  /** Resolves when the tab dies: calls into it that never answer are raced against it. */
  readonly died: Promise<void>;
  private markDied: () => void = () => undefined;
  private wakers: Array<() => void> = [];
  private readonly timers = new Set<TimerHandle>();

  constructor(
    readonly id: string,
    private readonly links: DeviceLinks,
  ) {
    this.died = new Promise((resolve) => {
      this.markDied = resolve;
    });
  }

  /** Resolves when the tab may run: at once, after a thaw, or never once it is dead. */
  awake(): Promise<void> {
    if (this.state === 'running') return Promise.resolve();
    if (this.state === 'dead') return never();
    return new Promise((resolve) => this.wakers.push(resolve));
  }

  /** A method, not a field read, so a check after an await is not narrowed away. */
  isDead(): boolean {
    return this.state === 'dead';
  }

  freeze(): void {
    if (this.state === 'running') this.state = 'frozen';
  }

  thaw(): void {
    if (this.state !== 'frozen') return;
    this.state = 'running';
    for (const wake of this.wakers.splice(0)) wake();
  }

  kill(): void {
    if (this.state === 'dead') return;
    this.state = 'dead';
    this.wakers = [];
    for (const handle of this.timers) clearTimeout(handle.timeout);
    this.timers.clear();
    this.links.locks.terminate(this.id);
    this.markDied();
    this.onDeath();
  }

  readonly setTimer = (callback: () => void, ms: number): unknown => {
    if (this.state === 'dead') return null;
    const handle: TimerHandle = {
      cancelled: false,
      timeout: setTimeout(() => {
        this.timers.delete(handle);
        void this.awake().then(() => {
          if (!handle.cancelled) callback();
        });
      }, ms),
    };
    this.timers.add(handle);
    return handle;
  };

  readonly clearTimer = (handle: unknown): void => {
    if (typeof handle !== 'object' || handle === null || !('timeout' in handle)) return;
    const timer = handle as TimerHandle;
    timer.cancelled = true;
    clearTimeout(timer.timeout);
    this.timers.delete(timer);
  };

  /**
   * The tab's fetch: throws TypeError while the device is offline, and also when the network
   * dropped while the request was out (the server may have committed it). A frozen tab sees its
   * answers on thaw; a dead one never.
   */
  readonly fetch: FetchLike = async (url, init) => {
    await this.awake();
    const method = init.method ?? 'GET';
    const mutation = method !== 'GET';
    const what = `${this.id} ${method} ${url.replace(/^https?:\/\/[^/]+/, '')}`;
    if (mutation && this.crashAt === 'before-send') {
      this.links.log(`${what} → tab crashed before sending`);
      this.kill();
      return never();
    }
    if (!this.links.online()) {
      this.links.log(`${what} → offline`);
      throw new TypeError('Failed to fetch');
    }
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      await this.awake();
      this.links.log(`${what} → connection lost`);
      throw error;
    }
    await this.awake();
    if (mutation && this.crashAt === 'after-commit') {
      this.links.log(`${what} → ${response.status}, tab crashed before reading it`);
      this.kill();
      return never();
    }
    if (!this.links.online()) {
      this.links.log(`${what} → ${response.status}, lost as the network dropped`);
      throw new TypeError('Failed to fetch');
    }
    this.links.log(`${what} → ${response.status}`);
    return response;
  };

  /** The lock manager as this tab sees it: answers wait while frozen; nothing after death. */
  readonly locks: LocksLike = {
    request: (name, options, callback) =>
      this.links.locks
        .holder(this.id)
        .request(name, options, async (lock) => {
          await this.awake();
          if (lock) this.links.log(`${this.id} holds the lock${options.steal ? ' (stolen)' : ''}`);
          return callback(lock);
        })
        .then(
          async (value) => {
            await this.awake();
            return value;
          },
          async (error: unknown) => {
            await this.awake();
            const why = error instanceof Error ? error.name : String(error);
            this.links.log(`${this.id}'s lock request ended: ${why}`);
            throw error;
          },
        ),
  };

  readonly openChannel = (name: string): ChannelLike & { close(): void } =>
    this.links.bus.open(name, this);

  /** `online` events reach a running (or thawed) tab only. */
  listenOnline(subscribe: (callback: () => void) => () => void) {
    return (callback: () => void) => subscribe(() => void this.awake().then(callback));
  }

  /** This tab's connection to the user's database, with the crash switch in its core. */
  async openDb(userId: string): Promise<PurchasingDb> {
    const db = new PurchasingDb(userDatabaseName(userId), { indexedDB, IDBKeyRange });
    db.use(haltWhenDead(this));
    await db.open();
    return db;
  }
}

/**
 * A Dexie core middleware that stops the connection when its tab dies: a write transaction
 * under way is aborted at its next operation (so nothing of it lands), and every operation from
 * then on waits forever, as the code of a terminated worker never runs again.
 */
function haltWhenDead(runtime: TabRuntime): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'halt-when-dead',
    create: (down) => {
      const writes = new WeakSet<DBCoreTransaction>();
      const aborted = new WeakSet<DBCoreTransaction>();
      const gate = <T>(trans: DBCoreTransaction, run: () => Promise<T>): Promise<T> => {
        if (runtime.state !== 'dead') return run();
        if (writes.has(trans) && !aborted.has(trans)) {
          aborted.add(trans);
          try {
            trans.abort();
          } catch {
            // Already finished: it committed whole before the death.
          }
        }
        return never();
      };
      return {
        ...down,
        transaction(stores, mode, options) {
          const trans = down.transaction(stores, mode, options);
          if (mode === 'readwrite') writes.add(trans);
          return trans;
        },
        table(name): DBCoreTable {
          const table = down.table(name);
          return {
            ...table,
            mutate: (req) => gate(req.trans, () => table.mutate(req)),
            get: (req) => gate(req.trans, () => table.get(req)),
            getMany: (req) => gate(req.trans, () => table.getMany(req)),
            query: (req) => gate(req.trans, () => table.query(req)),
            openCursor: (req) => gate(req.trans, () => table.openCursor(req)),
            count: (req) => gate(req.trans, () => table.count(req)),
          };
        },
      };
    },
  };
}

type Listener = (event: { data: unknown }) => void;

interface Endpoint {
  name: string;
  runtime: TabRuntime;
  listeners: Set<Listener>;
  closed: boolean;
}

/** BroadcastChannel among the device's tabs: async, cloned, never to the sender, none to the dead. */
export class ChannelBus {
  private readonly endpoints = new Set<Endpoint>();

  open(name: string, runtime: TabRuntime): ChannelLike & { close(): void } {
    const endpoint: Endpoint = { name, runtime, listeners: new Set(), closed: false };
    this.endpoints.add(endpoint);
    return {
      postMessage: (data) => {
        if (endpoint.closed || runtime.state === 'dead') return;
        for (const other of this.endpoints) {
          if (other === endpoint || other.name !== name || other.closed) continue;
          const copy = structuredClone(data);
          setImmediate(() => {
            void other.runtime.awake().then(() => {
              if (other.closed) return;
              for (const listener of other.listeners) listener({ data: copy });
            });
          });
        }
      },
      addEventListener: (_type, listener) => endpoint.listeners.add(listener),
      removeEventListener: (_type, listener) => endpoint.listeners.delete(listener),
      close: () => {
        endpoint.closed = true;
        this.endpoints.delete(endpoint);
      },
    };
  }
}
