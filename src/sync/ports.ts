// The browser facilities the tab coordination needs, narrowed to the calls it makes, so the
// worker passes the real `navigator.locks` and `BroadcastChannel` and the Node tests pass small
// in-memory stand-ins (Node has BroadcastChannel but no Web Locks).

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
