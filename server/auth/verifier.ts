// Bearer-token verification with jose. Embedded provider: its own public key, issuer
// `${PUBLIC_URL}/oidc`, the account id in `sub`. External SSO (OIDC_ISSUER set): the issuer's
// published JWKS, the account found by its sign-in name (`preferred_username`).
import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTPayload, jwtVerify } from 'jose';
import { publicJwk, SIGNING_ALG } from './keys';
import type { TokenVerifier, VerifiedToken } from './tokens';

/** The audience of access tokens for this API (the provider's resource indicator). */
export const API_AUDIENCE = 'urn:purchasing:api';

function expiresAt(payload: JWTPayload): number {
  if (typeof payload.exp !== 'number') throw new Error('token has no exp');
  return payload.exp;
}

export function embeddedVerifier(issuer: string, signingKey: JWK): TokenVerifier {
  const keys = createLocalJWKSet({ keys: [publicJwk(signingKey)] });
  return {
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
  };
}

export function externalVerifier(options: {
  issuer: string;
  audience: string;
  jwksUrl?: string | undefined;
}): TokenVerifier {
  const jwksUrl =
    options.jwksUrl ?? `${options.issuer.replace(/\/$/, '')}/protocol/openid-connect/certs`;
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return {
    async verify(token): Promise<VerifiedToken> {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
      });
      const username = payload.preferred_username;
      if (!payload.sub || typeof username !== 'string' || !username) throw new Error('no username');
      return { subject: payload.sub, account: { username }, expiresAt: expiresAt(payload) };
    },
  };
}
