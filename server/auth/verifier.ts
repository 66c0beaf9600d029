// Bearer-token verification with jose. Embedded provider: its own public key, issuer
// `${PUBLIC_URL}/oidc`, the account id in `sub`. External SSO (OIDC_ISSUER set): the issuer's
// published JWKS, an access token (not an ID token) for our API audience and client; the account
// is the one bound to the token's issuer and `sub` (server/auth/externalAccounts.ts).
import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTPayload, jwtVerify } from 'jose';
import { publicJwk, SIGNING_ALG } from './keys';
import type { TokenVerifier, VerifiedToken } from './tokens';

/** The audience of access tokens for this API (the provider's resource indicator). */
export const API_AUDIENCE = 'urn:purchasing:api';

function expiresAt(payload: JWTPayload): number {
  if (typeof payload.exp !== 'number') throw new Error('token has no exp');
  return payload.exp;
}

/** How many verified tokens a process remembers (each ~1 KB); the oldest is forgotten first. */
export const VERIFIED_TOKEN_CACHE = 5_000;

/**
 * Remembers each token that verified, until its `exp`: a client sends the same access token on
 * every request for minutes, and an ECDSA verification cost more than the rest of a list page's
 * work in this process (bench/server.ts). Only the signature, issuer, audience and expiry checks
 * are skipped; the account, its password-change stamp and its memberships are still read per
 * request (session.ts), so a disabled account or a left company takes effect at once. A token
 * that failed is not remembered.
 */
export function rememberingVerifier(
  inner: TokenVerifier,
  max = VERIFIED_TOKEN_CACHE,
  now = () => Date.now(),
): TokenVerifier {
  const verified = new Map<string, VerifiedToken>();
  return {
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAt * 1000 > now()) return known;
      verified.delete(token);
      const result = await inner.verify(token);
      if (verified.size >= max) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      verified.set(token, result);
      return result;
    },
  };
}

/** Accepts tokens signed by any of the provider's keys (the first signs; older ones wait out their tokens). */
export function embeddedVerifier(issuer: string, signingKeys: JWK | JWK[]): TokenVerifier {
  const all = Array.isArray(signingKeys) ? signingKeys : [signingKeys];
  const keys = createLocalJWKSet({ keys: all.map(publicJwk) });
  return rememberingVerifier({
    async verify(token): Promise<VerifiedToken> {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience: API_AUDIENCE,
        algorithms: [SIGNING_ALG],
      });
      const id = Number(payload.sub);
      if (!payload.sub || !Number.isSafeInteger(id)) throw new Error('bad subject');
      return {
        subject: payload.sub,
        account: { id },
        expiresAt: expiresAt(payload),
        issuedAt: typeof payload.iat === 'number' ? payload.iat : undefined,
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
      };
    },
  });
}

/** The signature algorithms accepted from an external SSO (Keycloak's defaults and their kin). */
export const EXTERNAL_ALGORITHMS = ['RS256', 'PS256', 'ES256'];

/**
 * An access token, not an ID token passed off as one: Keycloak marks its access tokens with the
 * claim `typ: 'Bearer'` (its ID tokens say 'ID'); RFC 9068 issuers put `typ: at+jwt` in the header.
 */
function isAccessToken(payload: JWTPayload, headerType: string | undefined): boolean {
  if (payload.typ !== undefined) return payload.typ === 'Bearer';
  const type = headerType?.toLowerCase();
  return type === 'at+jwt' || type === 'application/at+jwt';
}

export function externalVerifier(options: {
  issuer: string;
  audience: string;
  clientId: string;
  jwksUrl?: string | undefined;
}): TokenVerifier {
  const jwksUrl =
    options.jwksUrl ?? `${options.issuer.replace(/\/$/, '')}/protocol/openid-connect/certs`;
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return rememberingVerifier({
    async verify(token): Promise<VerifiedToken> {
      const { payload, protectedHeader } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: EXTERNAL_ALGORITHMS,
      });
      if (!isAccessToken(payload, protectedHeader.typ)) throw new Error('not an access token');
      // Issued to another client of the realm that happens to carry our audience: not ours.
      if (payload.azp !== undefined && payload.azp !== options.clientId) {
        throw new Error('token of another client');
      }
      const username = payload.preferred_username;
      if (!payload.sub || typeof username !== 'string' || !username) throw new Error('no username');
      return {
        subject: payload.sub,
        account: { issuer: options.issuer, subject: payload.sub, username },
        expiresAt: expiresAt(payload),
        issuedAt: typeof payload.iat === 'number' ? payload.iat : undefined,
      };
    },
  });
}
