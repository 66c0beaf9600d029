// The one Web Lock every writer of the stored user holds (`purchasing-auth-renew`): a renewal, a
// sign-in's callback, a sign-out and the move out of localStorage. With one writer at a time, a
// renewal that ends after a sign-out cannot write the old user back, and a context that waited
// finds a token another one renewed instead of spending the rotated refresh token again.

export const RENEW_LOCK = 'purchasing-auth-renew';

/** Runs `task` alone among the contexts of this origin (tabs, the service worker). */
export type Exclusive = <T>(task: () => Promise<T>) => Promise<T>;

/** The call of `LockManager` used (Node tests pass an in-memory one). */
export interface RenewLocks {
  request<T>(name: string, options: { mode?: 'exclusive' }, task: () => Promise<T>): Promise<T>;
}

function globalLocks(): RenewLocks | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

/** The renew lock on `locks` (the context's own by default); where Web Locks are missing, none. */
export function renewLock(locks: RenewLocks | undefined = globalLocks()): Exclusive {
  return (task) => (locks ? locks.request(RENEW_LOCK, { mode: 'exclusive' }, task) : task());
}
