// The move of oidc-client-ts's user out of localStorage (where releases before the sign-in
// database kept it) into IndexedDB (src/auth/), once at boot before the session starts. A move,
// never a copy: two live copies of a rotating refresh token mean one is spent twice, and the
// provider then revokes the grant. If both exist, localStorage wins: after the first move only an
// older release's tab still writes there, so its entry is the newer one.
import type { StateStore } from 'oidc-client-ts';
import { type Exclusive, renewLock } from '../../auth/renewLock';
import { readPersisted, removePersisted } from '../persisted';

/**
 * Moves the entries, under the renew lock (a renewal in another tab then ends first or finds them
 * moved). Without an entry to move it returns at once, taking no lock: starts do not wait for
 * another tab's renewal. Never rejects: a failed move leaves the entry where it was, for the next
 * start to try again.
 */
export async function migrateStoredUser(
  store: StateStore,
  exclusive: Exclusive = renewLock(),
): Promise<void> {
  if (readPersisted('authUser') === null) return;
  try {
    await exclusive(async () => {
      const entries = readPersisted('authUser');
      if (entries === null) return;
      for (const [key, value] of Object.entries(entries)) await store.set(key, value);
      removePersisted('authUser');
    });
  } catch (error) {
    console.error('the stored sign-in could not be moved to IndexedDB', error);
  }
}
