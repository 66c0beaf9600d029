// Refresh tokens still to revoke (security review L16): a sign-out while offline, or while the
// provider is unreachable, forgets the user on the device at once but keeps the refresh token here
// until the provider has revoked it: at the next start, on an `online` event, and before the next
// sign-in (revoking a token ends its grant, which that sign-in would otherwise share). A token
// leaves the queue once revoked, once the provider answers that it cannot be (an OAuth error: a
// retry would get the same), or once it is older than any refresh token lives. One still queued
// when a sign-in leaves for the provider is held while that sign-in may complete and dropped,
// unrevoked, once it does: its grant may now be the new session's (review #11).
import { readPersisted, writePersisted } from '../persisted';
import { MAX_PENDING_REVOCATIONS, type PendingRevocation } from './revocationSchema';

/** The longest a refresh token lives (REFRESH_TOKEN_TTL's default): past it, nothing to revoke. */
export const REVOCATION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/**
 * How long a sign-in may take at the provider (oidc-client-ts's stale-state age): a token queued
 * when a sign-in left is not revoked meanwhile; if no sign-in completes by then, it was abandoned
 * and the token is revoked as before.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export interface RevocationStore {
  read(): PendingRevocation[];
  write(pending: PendingRevocation[]): void;
}

/** The queue in Web Storage, beside the user it came from (src/platform/persisted.ts). */
export const persistedRevocations: RevocationStore = {
  read: () => readPersisted('authRevocations') ?? [],
  write: (pending) => void writePersisted('authRevocations', pending),
};

export interface RevocationQueue {
  /** Keeps `token` to revoke later. */
  add(token: string): void;
  /** Tries every queued token once; resolves when done (never rejects). */
  flush(): Promise<void>;
  /**
   * A sign-in leaves for the provider with these tokens still queued (review #11): the provider
   * may reuse their grant for it, and revoking one would then end the new session. They are not
   * revoked while that sign-in may still complete.
   */
  signInStarted(): void;
  /** The sign-in completed: the tokens queued when it left are dropped, never revoked. */
  signInCompleted(): void;
}

/** The provider answered with an OAuth error (oidc-client-ts's ErrorResponse): final. */
function answeredByProvider(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Error).name === 'ErrorResponse';
}

export function createRevocationQueue(
  store: RevocationStore,
  revoke: (token: string) => Promise<void>,
  now: () => number = Date.now,
): RevocationQueue {
  let running: Promise<void> | null = null;

  const fresh = (pending: PendingRevocation[]) =>
    pending.filter((entry) => now() - entry.queuedAt < REVOCATION_MAX_AGE_MS);

  async function flushOnce(): Promise<void> {
    const stored = store.read();
    const pending = fresh(stored);
    if (pending.length !== stored.length) store.write(pending);
    for (const entry of pending) {
      // Held for a sign-in that may still complete (its grant may be this token's).
      if (entry.signInAt !== undefined && now() - entry.signInAt < SIGN_IN_WINDOW_MS) continue;
      let done: boolean;
      try {
        await revoke(entry.token);
        done = true;
      } catch (error) {
        done = answeredByProvider(error);
      }
      // Re-read: another tab may have queued or revoked meanwhile.
      const rest = fresh(store.read());
      store.write(done ? rest.filter((other) => other.token !== entry.token) : rest);
      if (!done) return; // Offline or the provider is down: the others would fail the same way.
    }
  }

  return {
    add(token) {
      const kept = fresh(store.read()).filter((entry) => entry.token !== token);
      store.write([...kept, { token, queuedAt: now() }].slice(-MAX_PENDING_REVOCATIONS));
    },
    signInStarted() {
      const at = now();
      const pending = fresh(store.read());
      if (pending.length === 0) return;
      store.write(pending.map((entry) => ({ ...entry, signInAt: entry.signInAt ?? at })));
    },
    signInCompleted() {
      const stored = store.read();
      const kept = fresh(stored).filter((entry) => entry.signInAt === undefined);
      if (kept.length !== stored.length) store.write(kept);
    },
    flush() {
      running ??= flushOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
