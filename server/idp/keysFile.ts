// The embedded provider's keys from a file (OIDC_KEYS_FILE) instead of the database (security
// review L11): a leaked database backup then holds no key to mint tokens or forge cookies with,
// and keys can be rotated. The file is JSON:
//   { "signing": [<private ES256 JWK>, ...], "cookies": ["<secret>", ...] }
// The first signing key signs; all are published and accepted (keep an old one until its last
// token expired). The first cookie key signs cookies; all verify them. scripts/oidcKeys.ts writes one.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { JWK } from 'jose';
import { loadSigningKey, newSigningJwk, SIGNING_ALG } from '../auth/keys';
import type { Db } from '../db/database';
import { loadCookieKeys } from './secrets';

export type ProviderKeys = { signing: JWK[]; cookies: string[] };

const MIN_COOKIE_KEY_LENGTH = 32;

/** Reads and checks the keys file; throws an error naming the file and the problem. */
export async function readKeysFile(path: string): Promise<ProviderKeys> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`OIDC_KEYS_FILE ${path}: ${(error as Error).message}`);
  }
  const problem = keysProblem(parsed);
  if (problem) throw new Error(`OIDC_KEYS_FILE ${path}: ${problem}`);
  const { signing, cookies } = parsed as ProviderKeys;
  return {
    signing: signing.map((jwk) => ({ ...jwk, alg: SIGNING_ALG, use: 'sig' })),
    cookies,
  };
}

function keysProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'not a JSON object';
  const { signing, cookies } = value as Record<string, unknown>;
  if (!Array.isArray(signing) || signing.length === 0)
    return '"signing" must list at least one key';
  const kids = new Set<string>();
  for (const jwk of signing as Array<Record<string, unknown>>) {
    if (typeof jwk !== 'object' || jwk === null) return 'a signing key is not an object';
    const { kty, crv, d, kid } = jwk;
    if (kty !== 'EC' || crv !== 'P-256' || typeof d !== 'string') {
      return 'signing keys must be private ES256 (EC P-256) JWKs';
    }
    if (typeof kid !== 'string' || kid === '' || kids.has(kid)) {
      return 'every signing key needs its own "kid"';
    }
    kids.add(kid);
  }
  if (!Array.isArray(cookies) || cookies.length === 0)
    return '"cookies" must list at least one key';
  const weak = cookies.some((k) => typeof k !== 'string' || k.length < MIN_COOKIE_KEY_LENGTH);
  if (weak) return `cookie keys must be strings of at least ${MIN_COOKIE_KEY_LENGTH} characters`;
  return null;
}

/** Fresh keys, put in front of `previous` ones (a rotation) or alone. */
export async function newKeys(previous?: ProviderKeys): Promise<ProviderKeys> {
  const jwk = await newSigningJwk();
  const cookie = randomBytes(32).toString('base64url');
  return {
    signing: [jwk, ...(previous?.signing ?? [])],
    cookies: [cookie, ...(previous?.cookies ?? [])],
  };
}

/**
 * The provider's keys: from OIDC_KEYS_FILE when set, else the ones made once and kept in the
 * database (app_meta), which suits a demo or a single installation that accepts the risk.
 */
export async function loadProviderKeys(
  db: Db,
  keysFile: string | undefined,
): Promise<ProviderKeys> {
  if (keysFile) return readKeysFile(keysFile);
  const [signing, cookies] = await Promise.all([loadSigningKey(db), loadCookieKeys(db)]);
  return { signing: [signing], cookies };
}
