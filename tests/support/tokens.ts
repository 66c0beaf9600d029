// Tokens and accounts for route tests, without a browser: access tokens signed with the embedded
// provider's key exactly as oidc-provider signs them (ES256, typ at+jwt, kid, aud API_AUDIENCE,
// sub = account id), so the API's verifier cannot tell them from real ones.
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { loadSigningKey, SIGNING_ALG } from '../../server/auth/keys';
import { hashPassword } from '../../server/auth/passwords';
import { API_AUDIENCE } from '../../server/auth/verifier';
import type { Database, Db } from '../../server/db/database';
import { accounts } from '../../server/db/schema/index';

export const TEST_CLIENT_ID = 'purchasing-app';
export const TEST_SCOPE = 'openid profile offline_access';

export type TokenOptions = {
  /** Lifetime from now; negative gives a token that has already expired. Default 600. */
  expiresInSeconds?: number;
  /** Default API_AUDIENCE. */
  audience?: string;
  /** Overrides the issuer argument (to forge a token from another issuer). */
  issuer?: string;
};

function dbOf(database: Database | Db): Db {
  return 'migrate' in database ? database.db : database;
}

export async function accessTokenFor(
  database: Database | Db,
  issuer: string,
  accountId: number,
  options: TokenOptions = {},
): Promise<string> {
  const jwk = await loadSigningKey(dbOf(database));
  const key = await importJWK(jwk, SIGNING_ALG);
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresInSeconds ?? 600;
  // Issued a little before an already-expired expiry, as a real token would have been.
  const issuedAt = Math.min(now, now + expiresIn - 60);
  return new SignJWT({ scope: TEST_SCOPE, client_id: TEST_CLIENT_ID })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .setJti(randomUUID())
    .setIssuer(options.issuer ?? issuer)
    .setAudience(options.audience ?? API_AUDIENCE)
    .setSubject(String(accountId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(now + expiresIn)
    .sign(key);
}

/** A correctly signed token that expired a minute ago. */
export function expiredTokenFor(
  database: Database | Db,
  issuer: string,
  accountId: number,
  options: Omit<TokenOptions, 'expiresInSeconds'> = {},
): Promise<string> {
  return accessTokenFor(database, issuer, accountId, { ...options, expiresInSeconds: -60 });
}

// A real hash costs ~0.4 s (server/auth/passwords.ts): tests reuse one per password.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/** Inserts a sign-in account with a real scrypt hash; resolves to its id. */
export async function createAccount(
  database: Database | Db,
  input: { username: string; password: string; name: string; disabled?: boolean },
): Promise<number> {
  const [row] = await dbOf(database)
    .insert(accounts)
    .values({
      username: input.username,
      passwordHash: await hashOf(input.password),
      name: input.name,
      disabled: input.disabled ?? false,
    })
    .returning({ id: accounts.id });
  if (!row) throw new Error('account not created');
  return row.id;
}
