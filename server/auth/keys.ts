// The embedded identity provider's signing key: made once and kept in the database (app_meta),
// so tokens stay valid across restarts and across server processes sharing one PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/database';
import { appMeta } from '../db/schema/index';

export const SIGNING_ALG = 'ES256';
const KEY_NAME = 'oidc_signing_jwk';

/** The private JWK (with `kid`, `alg`, `use`) the provider signs with. */
export async function loadSigningKey(db: Db): Promise<JWK> {
  const stored = await readKey(db);
  if (stored) return stored;
  const jwk = await newSigningJwk();
  // Two processes starting together: the first insert wins and both use that key.
  await db
    .insert(appMeta)
    .values({ key: KEY_NAME, value: JSON.stringify(jwk) })
    .onConflictDoNothing();
  const winner = await readKey(db);
  if (!winner) throw new Error('could not store the signing key');
  return winner;
}

/** A fresh private signing JWK with its own `kid` (the database's key, or a keys file's). */
export async function newSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: SIGNING_ALG, use: 'sig' };
}

/** The public half, as published in the provider's JWKS. */
export function publicJwk(jwk: JWK): JWK {
  const { d: _private, ...rest } = jwk;
  return rest;
}

async function readKey(db: Db): Promise<JWK | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY_NAME)).limit(1);
  return row ? (JSON.parse(row.value) as JWK) : null;
}
