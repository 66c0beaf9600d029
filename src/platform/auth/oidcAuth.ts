// Sign-in with oidc-client-ts against the runtime config's authority:
// authorization code + PKCE, the user kept in Web Storage (src/platform/auth/authStores.ts) so the installed
// app opens offline, no silent renewal by iframe or timer of the library's own: the session checks
// its token every 10 s and calls `renew`, which uses the refresh token under a Web Lock. A sign-out
// the provider could not hear of queues its refresh token for revocation later (revocations.ts).
import { OidcClient, type User, UserManager, type UserManagerSettings } from 'oidc-client-ts';
import type { RuntimeConfig } from '../../domain/config/runtimeConfig';
import type { Auth, AuthUser, RenewResult } from './auth';
import { PersistedStateStore } from './authStores';
import { AUTH_CALLBACK_PATH, returnToFromState, type SignInState } from './returnTo';
import { createRevocationQueue, persistedRevocations, type RevocationQueue } from './revocations';
import { classifyRenewError, needsRenewal } from './tokenPolicy';

const RENEW_LOCK = 'purchasing-auth-renew';
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

function managerSettings(auth: RuntimeConfig['auth'], origin: string): UserManagerSettings {
  return {
    authority: auth.authority,
    client_id: auth.clientId,
    scope: auth.scope,
    response_type: 'code',
    redirect_uri: `${origin}${AUTH_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    userStore: new PersistedStateStore('authUser'),
    stateStore: new PersistedStateStore('authRequests'),
    // The session renews on its own 10 s check; no iframes (they fail offline and in installed apps).
    automaticSilentRenew: false,
    monitorSession: false,
    // The provider's userinfo endpoint is off: name and username come in the ID token.
    loadUserInfo: false,
    // `forget` revokes the refresh token itself, so a failed revocation never blocks sign-out.
    revokeTokensOnSignout: false,
    // The revocation endpoint answers 200 with an empty text/plain body (oidc-provider, RFC 7009):
    // without this the library reports a revoked token as a failure.
    revokeTokenAdditionalContentTypes: ['text/plain'],
  };
}

export function createUserManager(auth: RuntimeConfig['auth'], origin: string): UserManager {
  return new UserManager(managerSettings(auth, origin));
}

/** The queue of refresh tokens to revoke, sent to the provider's revocation endpoint. */
export function createRevocations(auth: RuntimeConfig['auth'], origin: string): RevocationQueue {
  const client = new OidcClient(managerSettings(auth, origin));
  const queue = createRevocationQueue(persistedRevocations, (token) =>
    client.revokeToken(token, 'refresh_token'),
  );
  // Back online: the sign-outs made offline reach the provider without waiting for a restart.
  if (typeof window !== 'undefined') window.addEventListener('online', () => void queue.flush());
  return queue;
}

/** Runs `task` alone among this user's tabs (Web Locks), or directly where they are missing. */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(RENEW_LOCK, task) : task();
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

export function createOidcAuth(
  manager: OidcManager,
  now: () => number = Date.now,
  revocations: RevocationQueue | null = null,
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
      const user = await manager.signinRedirectCallback(url);
      // The held tokens may share this session's grant: revoking one would end it.
      revocations?.signInCompleted();
      return { user: toAuthUser(user), returnTo: returnToFromState(user.state) };
    },

    renew(current): Promise<RenewResult> {
      return exclusively(async () => {
        const user = await stored();
        if (!user?.refresh_token) return { kind: 'refused' };
        const fresh = toAuthUser(user);
        if (fresh.accessToken !== current && !needsRenewal(fresh.expiresAt, now())) {
          return { kind: 'renewed', user: fresh };
        }
        try {
          const renewed = await manager.signinSilent();
          return renewed ? { kind: 'renewed', user: toAuthUser(renewed) } : { kind: 'refused' };
        } catch (error) {
          return { kind: classifyRenewError(error) };
        }
      });
    },

    async forget() {
      const refreshToken = (await stored())?.refresh_token;
      try {
        await manager.revokeTokens(['refresh_token']);
      } catch (error) {
        // Offline or the provider is down: revoked later. An OAuth error is the provider's answer.
        const answered = (error as Error | null)?.name === 'ErrorResponse';
        if (refreshToken && !answered) revocations?.add(refreshToken);
      }
      await manager.removeUser();
    },

    async signOutAtProvider(idTokenHint) {
      await manager.signoutRedirect(idTokenHint ? { id_token_hint: idTokenHint } : {});
    },
  };
}
