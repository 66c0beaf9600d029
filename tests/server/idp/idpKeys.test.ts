// The embedded provider's keys from OIDC_KEYS_FILE (security review L11): none in the database,
// the first signing key signs, an older one is still published and accepted (a rotation), and a
// file that is not a set of private keys stops the start with the reason.

import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_ALG } from '../../../server/auth/keys';
import { API_AUDIENCE } from '../../../server/auth/verifier';
import { loadConfig } from '../../../server/config';
import { appMeta } from '../../../server/db/schema/index';
import { newKeys, type ProviderKeys } from '../../../server/idp/keysFile';
import { startTestServer, type TestServer, testConfig } from '../../support/app';
import { drivers } from '../../support/databases';
import { OidcBrowser } from '../../support/oidcBrowser';
import { createAccount } from '../../support/tokens';

const PASSWORD = 'Demo@2026';

async function keysFile(content: unknown): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'oidc-keys-')), 'keys.json');
  await writeFile(path, JSON.stringify(content));
  return path;
}

const withKeysFile = (path: string) => ({ oidc: { ...testConfig().oidc, keysFile: path } });

it('reads OIDC_KEYS_FILE into the config', () => {
  expect(loadConfig({ OIDC_KEYS_FILE: '/etc/purchasing/keys.json' }).oidc.keysFile).toBe(
    '/etc/purchasing/keys.json',
  );
  expect(loadConfig({}).oidc.keysFile).toBeUndefined();
});

describe.each(drivers)('provider keys from a file on %s', (driver) => {
  let server: TestServer;
  let keys: ProviderKeys;
  let accountId: number;

  beforeAll(async () => {
    // A rotation: the new key in front, the old one kept until its tokens expire.
    keys = await newKeys(await newKeys());
    server = await startTestServer(driver, { config: withKeysFile(await keysFile(keys)) });
    accountId = await createAccount(server.db.database, {
      username: 'keyed',
      password: PASSWORD,
      name: '密钥',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const newKid = () => keys.signing[0]?.kid;
  const oldKid = () => keys.signing[1]?.kid;
  const user = (token: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v7/user',
      headers: { authorization: `Bearer ${token}` },
    });

  it('publishes both public keys, signs with the first, and keeps no key in the database', async () => {
    const b = new OidcBrowser(server.app, server.config.publicUrl, {
      clientId: server.config.oidc.clientId,
      redirectUri: `${server.config.publicUrl}/auth/callback`,
    });
    const jwks = JSON.parse((await b.visit('/oidc/jwks')).body) as { keys: JWK[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([newKid(), oldKid()]);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);

    const { code, verifier } = await b.signIn('keyed', PASSWORD);
    const tokens = (await b.exchange(code, verifier)).json;
    expect(decodeProtectedHeader(tokens.access_token).kid).toBe(newKid());
    expect((await user(tokens.access_token)).statusCode).toBe(200);

    const stored = await server.db.database.db.select().from(appMeta);
    expect(stored.map((row) => row.key)).not.toContain('oidc_signing_jwk');
    expect(stored.map((row) => row.key)).not.toContain('oidc_cookie_keys');
  });

  it('accepts a token the older key signed, and refuses one of a key not in the file', async () => {
    const signWith = async (jwk: JWK) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ client_id: server.config.oidc.clientId })
        .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: jwk.kid ?? '' })
        .setJti(randomUUID())
        .setIssuer(server.issuer)
        .setAudience(API_AUDIENCE)
        .setSubject(String(accountId))
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(await importJWK(jwk, SIGNING_ALG));
    };
    const old = keys.signing[1];
    if (!old) throw new Error('no old key');
    expect((await user(await signWith(old))).statusCode).toBe(200);
    const [stranger] = (await newKeys()).signing;
    if (!stranger) throw new Error('no key');
    expect((await user(await signWith({ ...stranger, kid: old.kid }))).statusCode).toBe(401);
  });
});

describe('a keys file that is not usable', () => {
  it.each([
    [
      'a public key only',
      async () => {
        const keys = await newKeys();
        const { d: _private, ...publicOnly } = keys.signing[0] ?? {};
        return { ...keys, signing: [publicOnly] };
      },
    ],
    ['a short cookie key', async () => ({ ...(await newKeys()), cookies: ['short'] })],
    ['no signing key', async () => ({ signing: [], cookies: ['x'.repeat(40)] })],
  ])('stops the start naming the file: %s', async (_what, make) => {
    const path = await keysFile(await make());
    await expect(startTestServer('pglite', { config: withKeysFile(path) })).rejects.toThrow(
      /OIDC_KEYS_FILE/,
    );
  });
});
