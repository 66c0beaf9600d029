// Refresh tokens still to revoke (security review L16): a sign-out while offline, or while the
// provider is unreachable, forgets the user on the device at once but keeps the refresh token here
// until the provider has revoked it: at the next start, on an `online` event, and before the next
// sign-in (revoking a token ends its grant, which that sign-in would otherwise share). A token
// leaves the queue once revoked, once the provider answers that it cannot be (an OAuth error: a
// retry would get the same), or once it is older than any refresh token lives.
import { readPersisted, writePersisted } from '../app/persisted';
import { MAX_PENDING_REVOCATIONS, type PendingRevocation } from './revocationSchema';

/** The longest a refresh token lives (REFRESH_TOKEN_TTL's default): past it, nothing to revoke. */
export const REVOCATION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
export interface RevocationStore {
  read(): PendingRevocation[];
  write(pending: PendingRevocation[]): void;
}

/** The queue in Web Storage, beside the user it came from (src/app/persisted.ts). */
export const persistedRevocations: RevocationStore = {
  read: () => readPersisted('authRevocations') ?? [],
  write: (pending) => void writePersisted('authRevocations', pending),
};

export interface RevocationQueue {
  /** Keeps `token` to revoke later. */
  add(token: string): void;
  /** Tries every queued token once; resolves when done (never rejects). */
  flush(): Promise<void>;
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
    flush() {
      running ??= flushOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
