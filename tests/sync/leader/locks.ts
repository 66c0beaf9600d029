// An in-memory Web Locks `LockManager` for Node (which has none), following the spec's request
// semantics that the election relies on: a FIFO queue per name, exclusive vs shared grants,
// `ifAvailable` (callback gets null), `signal` (a queued request is withdrawn with AbortError),
// `steal` (the holders lose the lock at once and their request() promises reject with
// AbortError), and the option combinations the spec refuses (NotSupportedError). `holder(id)`
// gives one context (a worker, a tab) its own view, and `terminate(id)` ends that context as the
// browser ends a terminated worker: its held locks are released and its queued requests dropped,
// with no callback or promise of it ever settling. The Chromium e2e exercises the browser's own.
import type { LockLike, LockRequestOptions, LocksLike } from '../../../src/sync/ports';

interface Request {
  name: string;
  /** The context that asked (`holder(id)`), if any. */
  holder: string | undefined;
  mode: 'exclusive' | 'shared';
  grant(): void;
  /** Ends the request's promise with this error (withdrawn from the queue, or stolen). */
  fail(error: Error): void;
}

const domError = (name: string, message: string) => {
  const error = new Error(message);
  error.name = name;
  return error;
};

export class MemoryLocks implements LocksLike {
  private readonly held = new Map<string, Request[]>();
  private readonly queued = new Map<string, Request[]>();
  private readonly terminated = new Set<string>();

  request<T>(
    name: string,
    options: LockRequestOptions,
    callback: (lock: LockLike | null) => T | PromiseLike<T>,
  ): Promise<T> {
    return this.requestAs(undefined, name, options, callback);
  }

  /** The lock manager as one context sees it; `terminate(id)` releases everything it holds. */
  holder(id: string): LocksLike {
    return { request: (name, options, callback) => this.requestAs(id, name, options, callback) };
  }

  /**
   * The context is gone (a terminated worker, a closed tab's process): its locks are released
   * and its queued requests withdrawn, and nothing of it runs again, not even a rejection.
   */
  terminate(id: string): void {
    this.terminated.add(id);
    const names = new Set([...this.held.keys(), ...this.queued.keys()]);
    for (const name of names) {
      const ofOthers = (requests: Request[] | undefined) =>
        (requests ?? []).filter((r) => r.holder !== id);
      this.held.set(name, ofOthers(this.held.get(name)));
      this.queued.set(name, ofOthers(this.queued.get(name)));
      this.process(name);
    }
  }

  private requestAs<T>(
    holder: string | undefined,
    name: string,
    options: LockRequestOptions,
    callback: (lock: LockLike | null) => T | PromiseLike<T>,
  ): Promise<T> {
    if (holder !== undefined && this.terminated.has(holder)) return new Promise<T>(() => {});
    const mode = options.mode ?? 'exclusive';
    const { steal = false, ifAvailable = false, signal } = options;
    if (
      (steal && ifAvailable) ||
      (steal && mode !== 'exclusive') ||
      (signal && (steal || ifAvailable))
    ) {
      return Promise.reject(domError('NotSupportedError', 'option combination refused'));
    }
    if (signal?.aborted) return Promise.reject(domError('AbortError', 'aborted before request'));

    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const request: Request = {
        name,
        holder,
        mode,
        grant: () => {
          const lock: LockLike = { name, mode };
          signal?.removeEventListener('abort', onAbort);
          // The callback runs in its own task, as the browser does.
          queueMicrotask(() => {
            if (holder !== undefined && this.terminated.has(holder)) return;
            Promise.resolve()
              .then(() => callback(lock))
              .then(
                (value) => this.finish(request, () => resolve(value)),
                (error: unknown) => this.finish(request, () => reject(error)),
              );
          });
        },
        fail: (error) => {
          if (settled || (holder !== undefined && this.terminated.has(holder))) return;
          settled = true;
          reject(error);
        },
      };
      const onAbort = () => {
        const queue = this.queued.get(name) ?? [];
        if (!queue.includes(request)) return;
        this.queued.set(
          name,
          queue.filter((r) => r !== request),
        );
        request.fail(domError('AbortError', 'lock request aborted'));
        this.process(name);
      };
      signal?.addEventListener('abort', onAbort);

      if (steal) {
        const victims = this.held.get(name) ?? [];
        this.held.set(name, [request]);
        for (const victim of victims) victim.fail(domError('AbortError', 'lock stolen'));
        request.grant();
        return;
      }
      const queue = this.queued.get(name) ?? [];
      if (ifAvailable && !this.grantable(name, mode, queue.length)) {
        signal?.removeEventListener('abort', onAbort);
        Promise.resolve()
          .then(() => callback(null))
          .then(resolve, reject);
        return;
      }
      this.queued.set(name, [...queue, request]);
      this.process(name);
    });
  }

  /** Names currently held, for assertions. */
  holders(name: string): number {
    return (this.held.get(name) ?? []).length;
  }

  private finish(request: Request, settle: () => void) {
    const held = this.held.get(request.name) ?? [];
    // A stolen request no longer holds anything and its promise has already rejected.
    if (held.includes(request)) {
      this.held.set(
        request.name,
        held.filter((r) => r !== request),
      );
      settle();
      this.process(request.name);
    }
  }

  /** Whether a request at `position` in the queue could be granted now. */
  private grantable(name: string, mode: 'exclusive' | 'shared', position: number): boolean {
    const held = this.held.get(name) ?? [];
    const ahead = (this.queued.get(name) ?? []).slice(0, position);
    if (mode === 'exclusive') return held.length === 0 && ahead.length === 0;
    return held.every((r) => r.mode === 'shared') && ahead.every((r) => r.mode === 'shared');
  }

  private process(name: string) {
    const queue = this.queued.get(name) ?? [];
    while (queue.length > 0) {
      const first = queue[0];
      if (!first || !this.grantable(name, first.mode, 0)) break;
      queue.shift();
      this.held.set(name, [...(this.held.get(name) ?? []), first]);
      first.grant();
    }
    this.queued.set(name, queue);
  }
}
