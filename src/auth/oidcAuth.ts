// Sign-in with oidc-client-ts against the runtime config's authority (issue 5 item 1):
// authorization code + PKCE, the user kept in Web Storage (src/auth/authStores.ts) so the installed
// app opens offline, no silent renewal by iframe or timer of the library's own: the session checks
// its token every 10 s and calls `renew`, which uses the refresh token under a Web Lock.
import { type User, UserManager } from 'oidc-client-ts';
import type { RuntimeConfig } from '../domain/config/runtimeConfig';
import type { Auth, AuthUser, RenewResult } from './auth';
import { PersistedStateStore } from './authStores';
import { AUTH_CALLBACK_PATH, returnToFromState, type SignInState } from './returnTo';
import { classifyRenewError, needsRenewal } from './tokenPolicy';

const RENEW_LOCK = 'purchasing-auth-renew';

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

export function createUserManager(auth: RuntimeConfig['auth'], origin: string): UserManager {
  return new UserManager({
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
  });
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

export function createOidcAuth(manager: OidcManager, now: () => number = Date.now): Auth {
  async function stored(): Promise<User | null> {
    return manager.getUser();
  }

  return {
    async storedUser() {
      const user = await stored();
      return user ? toAuthUser(user) : null;
    },

    async signIn(returnTo) {
      const state: SignInState = { returnTo };
      await manager.clearStaleState();
      await manager.signinRedirect({ state });
    },

    async completeSignIn(url) {
      const user = await manager.signinRedirectCallback(url);
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
      try {
        await manager.revokeTokens(['refresh_token']);
      } catch {
        // Offline or refused: the provider's sign-out (or the token's own expiry) ends it.
      }
      await manager.removeUser();
    },

    async signOutAtProvider(idTokenHint) {
      await manager.signoutRedirect(idTokenHint ? { id_token_hint: idTokenHint } : {});
    },
  };
}
