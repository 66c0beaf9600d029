// The facilities the sync code is given rather than reaching for globals, narrowed to the calls it
// makes: the worker passes the real `navigator.locks`, `BroadcastChannel` and timers, and the Node
// tests pass small in-memory stand-ins (Node has BroadcastChannel but no Web Locks) and virtual
// clocks. One Clock shape serves the engine, the tabs' election and router, the live channel and
// the page's session (its token check).

/** Web Locks request options, as `LockManager.request` takes them. */
export interface LockRequestOptions {
  mode?: 'exclusive' | 'shared';
  /** Takes the lock from its holder, whose `request()` promise then rejects with AbortError. */
  steal?: boolean;
  ifAvailable?: boolean;
  signal?: AbortSignal;
}

export interface LockLike {
  readonly name: string;
  readonly mode: 'exclusive' | 'shared';
}

/** The one call of `LockManager` used: request a lock and hold it while the callback's promise runs. */
export interface LocksLike {
  request<T>(
    name: string,
    options: LockRequestOptions,
    callback: (lock: LockLike | null) => T | PromiseLike<T>,
  ): Promise<T>;
}

/** The part of `BroadcastChannel` used. A channel never delivers a tab's message to itself. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Injected time, so tests drive it and a frozen tab can be simulated. */
export interface Clock {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The runtime's own time and timers (worker and page alike). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Cancels what `after` or `every` scheduled; calling it again does nothing. */
export type Cancel = () => void;

/** Runs `run` once, `ms` from now. */
export function after(clock: Clock, run: () => void, ms: number): Cancel {
  const handle = clock.setTimer(run, ms);
  return () => clock.clearTimer(handle);
}

/** Runs `run` every `ms` (the next wait starts after each run) until cancelled. */
export function every(clock: Clock, run: () => void, ms: number): Cancel {
  let handle: unknown = null;
  let cancelled = false;
  const tick = () => {
    if (cancelled) return;
    run();
    if (!cancelled) handle = clock.setTimer(tick, ms);
  };
  handle = clock.setTimer(tick, ms);
  return () => {
    cancelled = true;
    clock.clearTimer(handle);
  };
}
