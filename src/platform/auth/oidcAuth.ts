// Sign-in with oidc-client-ts against the runtime config's authority: authorization code + PKCE,
// the user kept in the shared sign-in database (src/auth/, IndexedDB) so the installed app opens
// offline and the service worker can renew too. No silent renewal by iframe or timer of the
// library's own: the session checks its token every 10 s and calls `renew`. Every write of the
// stored user (renewal, callback, sign-out) holds the renew lock (src/auth/renewLock.ts). A
// sign-out the provider could not hear of queues its refresh token for revocation (revocations.ts).
import {
  InMemoryWebStorage,
  OidcClient,
  type StateStore,
  type User,
  UserManager,
  WebStorageStateStore,
} from 'oidc-client-ts';
import { AuthDb } from '../../auth/authDb';
import { IdbStateStore } from '../../auth/idbStateStore';
import { renewStored } from '../../auth/renewal';
import { type Exclusive, renewLock } from '../../auth/renewLock';
import { clientSettings, managerSettings } from '../../auth/settings';
import type { RuntimeConfig } from '../../domain/config/runtimeConfig';
import type { Auth, AuthUser } from './auth';
import { PersistedStateStore } from './authStores';
import { returnToFromState, type SignInState } from './returnTo';
import { createRevocationQueue, persistedRevocations, type RevocationQueue } from './revocations';

/** How long a sign-in waits for the queued revocations before it leaves anyway. */
const REVOKE_BEFORE_SIGN_IN_MS = 5_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function toAuthUser(user: User): AuthUser {
  const { profile } = user;
  const name = profile.name ?? profile.preferred_username ?? '';
  return {
    sub: profile.sub,
    name,
    accessToken: user.access_token,
    expiresAt: user.expires_at ?? null,
    idToken: user.id_token ?? null,
  };
}

/** The page's connection to the sign-in database (user and background target). */
export function openAuthDb(): AuthDb {
  return new AuthDb();
}

/** The user store every context of the app shares: the sign-in database. */
export function sharedUserStore(db: AuthDb = new AuthDb()): IdbStateStore {
  return new IdbStateStore(db);
}

/** The part of UserManager the session uses (tests pass a fake). */
export type OidcManager = Pick<
  UserManager,
  | 'getUser'
  | 'clearStaleState'
  | 'signinRedirect'
  | 'signinRedirectCallback'
  | 'signinSilent'
  | 'revokeTokens'
  | 'removeUser'
  | 'signoutRedirect'
>;

export function createUserManager(
  auth: RuntimeConfig['auth'],
  origin: string,
  userStore: StateStore,
): OidcManager {
  // Pending sign-in requests stay in this tab's Web Storage: only the page that left comes back.
  const settings = {
    ...managerSettings(auth, origin, userStore),
    stateStore: new PersistedStateStore('authRequests'),
  };
  const manager = new UserManager(settings);
  // The library's sign-out removes the stored user before it leaves, outside the renew lock.
  // `forget` has removed it already, under the lock; this manager's user store is memory, so the
  // sign-out cannot remove a user another tab has signed in meanwhile.
  const leaving = new UserManager({
    ...settings,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  });
  return {
    getUser: (...args) => manager.getUser(...args),
    clearStaleState: () => manager.clearStaleState(),
    signinRedirect: (...args) => manager.signinRedirect(...args),
    signinRedirectCallback: (...args) => manager.signinRedirectCallback(...args),
    signinSilent: (...args) => manager.signinSilent(...args),
    revokeTokens: (...args) => manager.revokeTokens(...args),
    removeUser: () => manager.removeUser(),
    signoutRedirect: (...args) => leaving.signoutRedirect(...args),
  };
}

/** The queue of refresh tokens to revoke, sent to the provider's revocation endpoint. */
export function createRevocations(auth: RuntimeConfig['auth'], origin: string): RevocationQueue {
  const client = new OidcClient(clientSettings(auth, origin));
  const queue = createRevocationQueue(persistedRevocations, (token) =>
    client.revokeToken(token, 'refresh_token'),
  );
  // Back online: the sign-outs made offline reach the provider without waiting for a restart.
  if (typeof window !== 'undefined') window.addEventListener('online', () => void queue.flush());
  return queue;
}

export interface OidcAuthOptions {
  now?: () => number;
  revocations?: RevocationQueue | null;
  /** The renew lock every writer of the stored user holds (the context's Web Lock by default). */
  exclusive?: Exclusive;
}

export function createOidcAuth(
  manager: OidcManager,
  { now = Date.now, revocations = null, exclusive = renewLock() }: OidcAuthOptions = {},
): Auth {
  async function stored(): Promise<User | null> {
    return manager.getUser();
  }

  /** Sends the queued revocations, in the background: never delays or fails the caller. */
  function revokeQueued(): void {
    void revocations?.flush();
  }

  return {
    async storedUser() {
      // Read at every start: the moment to retry sign-outs the provider has not heard of.
      revokeQueued();
      const user = await stored();
      return user ? toAuthUser(user) : null;
    },

    async signIn(returnTo) {
      // Revoking a refresh token ends its whole grant, and the provider would reuse that grant for
      // this sign-in (same provider session): a sign-out still queued goes first, not under it.
      await Promise.race([revocations?.flush(), delay(REVOKE_BEFORE_SIGN_IN_MS)]);
      // Still queued (offline, provider slow): held, not revoked under the new session (#11).
      revocations?.signInStarted();
      const state: SignInState = { returnTo };
      await manager.clearStaleState();
      await manager.signinRedirect({ state });
    },

    async completeSignIn(url) {
      // It stores the new user: after any renewal still running, never under it.
      const user = await exclusive(() => manager.signinRedirectCallback(url));
      // The held tokens may share this session's grant: revoking one would end it.
      revocations?.signInCompleted();
      return { user: toAuthUser(user), returnTo: returnToFromState(user.state) };
    },

    async renew(current) {
      const result = await renewStored(manager, current, { exclusive, now });
      return result.kind === 'renewed'
        ? { kind: 'renewed', user: toAuthUser(result.user) }
        : result;
    },

    forget() {
      // Under the lock: a renewal still running ends first, and one waiting then finds no user,
      // so neither writes this user back.
      return exclusive(async () => {
        const refreshToken = (await stored())?.refresh_token;
        try {
          await manager.revokeTokens(['refresh_token']);
        } catch (error) {
          // Offline or the provider is down: revoked later. An OAuth error is the provider's answer.
          const answered = (error as Error | null)?.name === 'ErrorResponse';
          if (refreshToken && !answered) revocations?.add(refreshToken);
        }
        await manager.removeUser();
      });
    },

    async signOutAtProvider(idTokenHint) {
      await manager.signoutRedirect(idTokenHint ? { id_token_hint: idTokenHint } : {});
    },
  };
}
