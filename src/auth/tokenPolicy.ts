// When the access token is renewed and what a failed renewal means (settings-messaging-shared §7
// "Token refresh ... runs every 10 seconds", DESIGN §4 "Auth while offline"). Pure, so the rules
// are tested without a provider.

/** How often the session looks at its token (settings-messaging-shared §7, §9). */
export const TOKEN_CHECK_INTERVAL_MS = 10_000;

/** Renew this long before expiry: a check every 10 s then always lands in time. */
export const RENEW_BEFORE_EXPIRY_S = 60;

/**
 * True when the token expires within the margin (or has expired). A token without an expiry is
 * never renewed on the timer; the API's 401 still asks for one.
 */
export function needsRenewal(
  expiresAtSeconds: number | null,
  nowMs: number,
  marginSeconds = RENEW_BEFORE_EXPIRY_S,
): boolean {
  if (expiresAtSeconds === null) return false;
  return expiresAtSeconds - nowMs / 1000 <= marginSeconds;
}

/**
 * Token-endpoint errors that mean the refresh token is dead: signing in again is the only way
 * on. (RFC 6749 §5.2; oidc-provider answers a reused, revoked or expired token `invalid_grant`.)
 */
const REFUSALS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

/**
 * `departed`: refused because the account has left every company (the embedded provider says so
 * in `error_description`, server/idp/departedRefusal.ts): the app clears the account's data.
 */
export type RenewFailure = 'transient' | 'refused' | 'departed';

const DEPARTED = 'departed';

/**
 * A renewal that failed on the way (offline, timeout, a 5xx) is transient: the app goes on with
 * the token it has, reading and queuing offline. Only the provider's explicit refusal ends the
 * session. oidc-client-ts marks the provider's error answers with `name: 'ErrorResponse'` and
 * the OAuth `error` code.
 */
export function classifyRenewError(error: unknown): RenewFailure {
  if (typeof error !== 'object' || error === null) return 'transient';
  const {
    name,
    error: code,
    error_description: reason,
  } = error as {
    name?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (name !== 'ErrorResponse' || typeof code !== 'string' || !REFUSALS.has(code)) {
    return 'transient';
  }
  return code === 'invalid_grant' && reason === DEPARTED ? 'departed' : 'refused';
}
