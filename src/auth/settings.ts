// oidc-client-ts's settings for the app's provider, for every context that signs in or renews: the
// page and, later, the service worker. No `window`: the origin comes in, and the caller names the
// user store, so the library never falls back to its own default (the page's sessionStorage).
import type { OidcClientSettings, StateStore, UserManagerSettings } from 'oidc-client-ts';
import type { RuntimeConfig } from '../domain/config/runtimeConfig';

/** The app's sign-in callback: the provider sends the browser back here with the code. */
export const AUTH_CALLBACK_PATH = '/auth/callback';

const REQUEST_TIMEOUT_S = 30;
const REFRESH_TIMEOUT_S = 10;

/** What any client of the provider needs: the token, revocation and redirect endpoints' settings. */
export function clientSettings(auth: RuntimeConfig['auth'], origin: string): OidcClientSettings {
  return {
    authority: auth.authority,
    client_id: auth.clientId,
    scope: auth.scope,
    response_type: 'code',
    redirect_uri: `${origin}${AUTH_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    // The provider's userinfo endpoint is off: name and username come in the ID token.
    loadUserInfo: false,
    // The revocation endpoint answers 200 with an empty text/plain body (oidc-provider, RFC 7009):
    // without this the library reports a revoked token as a failure.
    revokeTokenAdditionalContentTypes: ['text/plain'],
    // Writers hold the renew lock across their calls to the provider (discovery, the code's
    // exchange, revocation): a stalled request must end, or every context's renewal waits on it.
    // The library sets no limit of its own.
    requestTimeoutInSeconds: REQUEST_TIMEOUT_S,
  };
}

/** A UserManager's settings over the shared user store (idbStateStore.ts in the app). */
export function managerSettings(
  auth: RuntimeConfig['auth'],
  origin: string,
  userStore: StateStore,
): UserManagerSettings {
  return {
    ...clientSettings(auth, origin),
    userStore,
    // The session renews on its own 10 s check; no iframes (they fail offline and in installed apps).
    automaticSilentRenew: false,
    monitorSession: false,
    // `forget` revokes the refresh token itself, so a failed revocation never blocks sign-out.
    revokeTokensOnSignout: false,
    // The refresh's own limit, the library's default (it would otherwise take the one above).
    silentRequestTimeoutInSeconds: REFRESH_TIMEOUT_S,
  };
}
