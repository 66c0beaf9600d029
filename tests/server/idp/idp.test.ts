// The embedded OpenID provider, driven like a browser (cookies, redirects, forms) over inject():
// discovery, sign-in with authorization code + PKCE, refresh, the login page's refusals and rate
// limit, sign-out, tokens surviving a restart, and the runtime config.json.
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadSigningKey } from '../../../server/auth/keys';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords';
import { embeddedVerifier } from '../../../server/auth/verifier';
import { type Database, openDatabase } from '../../../server/db/database';
import { accounts, loginFailures } from '../../../server/db/schema/index';
import { providerConfiguration } from '../../../server/idp/configuration';
import { DEFAULT_LOGIN_LIMITS } from '../../../server/idp/loginLimit';
import { startTestServer, type TestServer, testConfig } from '../../support/app';
import {
  createPostgresDatabase,
  type DriverName,
  drivers,
  dropPostgresDatabase,
} from '../../support/databases';
import {
  APP_SCOPE,
  authorizeUrl,
  callbackParams,
  OidcBrowser,
  type OidcClient,
} from '../../support/oidcBrowser';
import { accessTokenFor, createAccount, expiredTokenFor } from '../../support/tokens';

const PASSWORD = 'Demo@2026';

describe('password hashes', () => {
  it('are scrypt with their cost and salt, and verify only the right password', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword(PASSWORD)).not.toBe(hash);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword('demo@2026', hash)).toBe(false);
    expect(await verifyPassword(PASSWORD, 'plain-text')).toBe(false);
    expect(await verifyPassword(PASSWORD, hash.replace('$131072$', '$1048576$'))).toBe(false);
  });
});

describe.each(drivers)('embedded identity provider on %s', (driver) => {
  let server: TestServer;
  let client: OidcClient;
  let buyerId: number;
  let addresses = 0;

  // Each browser comes from its own address, so the per-address limit of one test spares the rest.
  const browser = (ip = `10.0.0.${++addresses}`) =>
    new OidcBrowser(server.app, server.config.publicUrl, client, ip);
  const apiVerifier = async () =>
    embeddedVerifier(server.issuer, await loadSigningKey(server.db.database.db));
  // Moves recorded failures (of one address, or all) into the past, as if time had gone by.
  const ageFailures = (seconds: number, ip?: string) =>
    server.db.database.db.execute(
      sql`update login_failures set at = at - make_interval(secs => ${seconds})
          where ${ip ?? null}::text is null or ip = ${ip ?? null}`,
    );

  beforeAll(async () => {
    server = await startTestServer(driver);
    client = {
      clientId: server.config.oidc.clientId,
      redirectUri: `${server.config.publicUrl}/auth/callback`,
    };
    buyerId = await createAccount(server.db.database, {
      username: 'buyer',
      password: PASSWORD,
      name: '王采购',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('publishes a discovery document for the issuer with its endpoints', async () => {
    const b = browser();
    const res = await b.visit('/oidc/.well-known/openid-configuration');
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.body) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: server.issuer,
      authorization_endpoint: `${server.issuer}/auth`,
      token_endpoint: `${server.issuer}/token`,
      jwks_uri: `${server.issuer}/jwks`,
      end_session_endpoint: `${server.issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(APP_SCOPE.split(' ')));

    const jwks = JSON.parse((await b.visit('/oidc/jwks')).body) as { keys: object[] };
    const key = await loadSigningKey(server.db.database.db);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kid: key.kid, alg: 'ES256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs in with code + PKCE and issues tokens the API accepts', async () => {
    const b = browser();
    const { page, verifier } = await b.authorize();
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>登录');
    expect(page.body).toContain('>账号</label>');
    expect(page.body).toContain('>密码</label>');
    expect(page.body).toContain('<button type="submit">登录</button>');
    expect(page.body).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(page.body, 'no external fonts or URLs').not.toMatch(/https?:\/\//);
    expect(page.headers['x-frame-options']).toBe('DENY');

    const done = await b.follow(await b.submitLogin(page, 'buyer', PASSWORD));
    const params = callbackParams(done, client);
    const code = params.get('code') ?? '';
    expect(code).not.toBe('');
    expect(params.get('iss')).toBe(server.issuer);

    const { status, json } = await b.exchange(code, verifier);
    expect(status).toBe(200);
    expect(json.expires_in).toBe(server.config.oidc.accessTokenTtl);
    const verified = await (await apiVerifier()).verify(json.access_token);
    expect(verified.account).toEqual({ id: buyerId });
    expect(verified.subject).toBe(String(buyerId));
    expect(decodeJwt(json.id_token)).toMatchObject({
      iss: server.issuer,
      sub: String(buyerId),
      aud: client.clientId,
      name: '王采购',
      preferred_username: 'buyer',
    });
    expect(json.refresh_token).toEqual(expect.any(String));

    // The code is single-use.
    expect((await b.exchange(code, verifier)).json.error).toBe('invalid_grant');
  });

  it('refreshes the access token and rotates the refresh token', async () => {
    const b = browser();
    const { code, verifier } = await b.signIn('buyer', PASSWORD);
    const first = (await b.exchange(code, verifier)).json;

    const refreshed = await b.refresh(first.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.access_token).not.toBe(first.access_token);
    expect(refreshed.json.refresh_token).toEqual(expect.any(String));
    expect(refreshed.json.refresh_token).not.toBe(first.refresh_token);
    const verified = await (await apiVerifier()).verify(refreshed.json.access_token);
    expect(verified.account).toEqual({ id: buyerId });

    // The old refresh token is spent; replaying it is refused (and revokes the grant).
    const replay = await b.refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe('invalid_grant');
  });

  it('revokes a refresh token the app hands back on sign-out', async () => {
    const b = browser();
    const { code, verifier } = await b.signIn('buyer', PASSWORD);
    const tokens = (await b.exchange(code, verifier)).json;
    const revoked = await b.visit('/oidc/token/revocation', {
      method: 'POST',
      form: {
        client_id: client.clientId,
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
      },
    });
    expect(revoked.status).toBe(200);
    expect((await b.refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
  });

  it('refuses a wrong password with 账号或密码错误 and issues no code', async () => {
    const b = browser();
    const { page } = await b.authorize();
    const wrong = await b.submitLogin(page, 'buyer', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(wrong.location).toBeUndefined();
    expect(wrong.body).toContain('账号或密码错误');
    expect(wrong.body).toContain('value="buyer"');
    // An unknown account gets the same answer.
    const unknown = await b.submitLogin(page, 'nobody', PASSWORD);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toContain('账号或密码错误');
    const rows = await server.db.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.ip, b.ip));
    expect(rows.map((r) => r.username).sort()).toEqual(['buyer', 'nobody']);
    // The same form still signs in with the right password (the username is case-insensitive).
    const ok = await b.follow(await b.submitLogin(page, 'BUYER', PASSWORD));
    expect(callbackParams(ok, client).get('code')).toEqual(expect.any(String));
  });

  it('locks a username for the address that guessed it after 5 failures; elsewhere it only slows', async () => {
    await createAccount(server.db.database, {
      username: 'target',
      password: PASSWORD,
      name: '目标',
    });
    const b = browser();
    const { page } = await b.authorize();
    for (let i = 0; i < 5; i++) {
      expect((await b.submitLogin(page, 'target', `wrong-${i}`)).status).toBe(401);
    }
    // The guessing address is locked for the window, even with the right password.
    const locked = await b.submitLogin(page, 'target', PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.location).toBeUndefined();
    expect(locked.body).toContain('登录失败次数过多，请 15 分钟后再试');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner at another address waits seconds, not 15 minutes (security review L2).
    const owner = browser();
    const { page: ownerPage } = await owner.authorize();
    const slowed = await owner.submitLogin(ownerPage, 'target', PASSWORD);
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(DEFAULT_LOGIN_LIMITS.firstDelaySeconds);
    await ageFailures(DEFAULT_LOGIN_LIMITS.firstDelaySeconds + 1);
    expect(
      (await owner.follow(await owner.submitLogin(ownerPage, 'target', PASSWORD))).location,
    ).toContain('code=');
    // Other accounts are not affected.
    expect((await b.signIn('buyer', PASSWORD)).code).toEqual(expect.any(String));
  });

  it('slows an address after 20 failures instead of locking it; a success forgives only the username', async () => {
    await createAccount(server.db.database, {
      username: 'steady',
      password: PASSWORD,
      name: '稳定',
    });
    const b = browser();
    const { page } = await b.authorize();
    for (let i = 0; i < 4; i++) await b.submitLogin(page, 'steady', 'wrong');
    expect((await b.follow(await b.submitLogin(page, 'steady', PASSWORD))).location).toContain(
      'code=',
    );
    const again = browser(b.ip);
    const { page: second } = await again.authorize();
    // Had the four failures not been forgiven, this fifth would lock out the right password next.
    expect((await again.submitLogin(second, 'steady', 'wrong')).status).toBe(401);
    expect(
      (await again.follow(await again.submitLogin(second, 'steady', PASSWORD))).location,
    ).toContain('code=');
    // The address still counts all five; fifteen more guesses reach its limit of 20.
    const third = browser(b.ip);
    const { page: last } = await third.authorize();
    for (let i = 0; i < 15; i++) {
      expect((await third.submitLogin(last, `guess-${i}`, 'wrong')).status).toBe(401);
    }
    const slowed = await third.submitLogin(last, 'buyer', PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toContain('登录失败次数过多');
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(
      DEFAULT_LOGIN_LIMITS.firstDelaySeconds,
    );
    // Everyone behind that address (a proxy, say) may try again after seconds, not 15 minutes.
    await ageFailures(DEFAULT_LOGIN_LIMITS.firstDelaySeconds + 1, b.ip);
    expect(
      (await third.follow(await third.submitLogin(last, 'buyer', PASSWORD))).location,
    ).toContain('code=');
  }, 60_000);

  it("signs in with a hash of the old cost and replaces it by one at today's cost", async () => {
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD, salt, 32, { N: 16_384, r: 8, p: 1 });
    const legacy = ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')];
    const id = await createAccount(server.db.database, {
      username: 'oldhash',
      password: PASSWORD,
      name: '旧密码',
    });
    const db = server.db.database.db;
    await db
      .update(accounts)
      .set({ passwordHash: legacy.join('$') })
      .where(eq(accounts.id, id));
    expect((await browser().signIn('oldhash', PASSWORD)).code).toEqual(expect.any(String));
    const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
    expect(row?.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword(PASSWORD, row?.passwordHash ?? '')).toBe(true);
  });

  it('refuses a disabled account', async () => {
    await createAccount(server.db.database, {
      username: 'gone',
      password: PASSWORD,
      name: '停用',
      disabled: true,
    });
    const b = browser();
    const { page } = await b.authorize();
    const res = await b.submitLogin(page, 'gone', PASSWORD);
    expect(res.status).toBe(403);
    expect(res.location).toBeUndefined();
    expect(res.body).toContain('该账号已停用');
  });

  it('requires PKCE', async () => {
    const res = await browser().visit(authorizeUrl(client));
    const params = callbackParams(res, client);
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('code')).toBeNull();
  });

  it('lets the app origin call the token endpoint cross-origin, and no dev origin by default', async () => {
    const tokenCall = (origin: string) =>
      server.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_id=${client.clientId}&grant_type=refresh_token&refresh_token=x`,
      });
    const own = await tokenCall(server.config.publicUrl);
    expect(own.headers['access-control-allow-origin']).toBe(server.config.publicUrl);
    // The Vite dev server's origin is trusted only when DEV_ORIGINS names it (npm run dev).
    const dev = await tokenCall('http://localhost:5173');
    expect(dev.headers['access-control-allow-origin']).toBeUndefined();
    const foreign = await tokenCall('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('registers dev origins as redirect and CORS origins only when configured', () => {
    const inputs = { db: server.db.database.db, signingKeys: [{}], cookieKeys: ['k'] };
    const plain = providerConfiguration({ ...inputs, config: testConfig() });
    expect(plain.clients?.[0]?.redirect_uris).toEqual(['http://127.0.0.1:8080/auth/callback']);
    const dev = providerConfiguration({
      ...inputs,
      config: testConfig({ devOrigins: ['http://localhost:5173'] }),
    });
    expect(dev.clients?.[0]?.redirect_uris).toEqual([
      'http://127.0.0.1:8080/auth/callback',
      'http://localhost:5173/auth/callback',
    ]);
  });

  it('shows an expiry page for an unknown or cookie-less interaction', async () => {
    const res = await browser().visit('/oidc/interaction/abc123');
    expect(res.status).toBe(400);
    expect(res.body).toContain('登录页面已过期');
  });

  it('signs out through the end-session endpoint and revokes the refresh token', async () => {
    const b = browser();
    const { code, verifier } = await b.signIn('buyer', PASSWORD);
    const tokens = (await b.exchange(code, verifier)).json;
    const postLogout = `${server.config.publicUrl}/`;
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: postLogout,
      state: 'bye',
    });
    const confirm = await b.visit(`/oidc/session/end?${query}`);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain('退出登录');
    // Sent by the app with its ID token: the page submits itself, no second question.
    // …by a script file: the provider's pages run no inline script under their CSP.
    expect(confirm.body).toContain('<script src="/oidc-logout.js"></script>');
    expect(confirm.body).not.toMatch(/<script>/);
    expect(confirm.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await server.app.inject({ method: 'GET', url: '/oidc-logout.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("getElementById('logout-yes').click()");
    expect(confirm.body).not.toMatch(/fonts\.googleapis/);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(confirm.body);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body);

    const out = await b.visit(action?.[1] ?? '/missing', {
      method: 'POST',
      form: { xsrf: xsrf?.[1] ?? '', logout: 'yes' },
    });
    expect(out.status).toBe(303);
    expect(out.location).toBe(`${postLogout}?state=bye`);
    expect((await b.refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
    // The provider's session is gone: signing in asks for the password again.
    const { page } = await b.authorize();
    expect(page.body).toContain('name="password"');
  });

  it('serves the runtime config pointing the app at the embedded provider', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      gateway: '',
      websocket: '/ws',
      publicWebsite: 'https://www.example.com',
      auth: { authority: server.issuer, clientId: 'purchasing-app', scope: APP_SCOPE },
      searchHost: '',
    });
  });

  it('makes test tokens the API accepts, and expired or foreign ones it refuses', async () => {
    const api = await apiVerifier();
    const database = server.db.database;
    const good = await accessTokenFor(database, server.issuer, buyerId);
    expect((await api.verify(good)).account).toEqual({ id: buyerId });
    const expired = await expiredTokenFor(database, server.issuer, buyerId);
    await expect(api.verify(expired)).rejects.toThrow();
    const foreign = await accessTokenFor(database, server.issuer, buyerId, { audience: 'other' });
    await expect(api.verify(foreign)).rejects.toThrow();
  });
});

/** A database that can be closed and opened again, as across a server restart. */
async function restartableDatabase(driver: DriverName) {
  if (driver === 'postgres') {
    const url = await createPostgresDatabase();
    return {
      open: () => openDatabase({ databaseUrl: url }),
      cleanup: () => dropPostgresDatabase(url),
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'idp-'));
  return {
    open: () => openDatabase({ dataDir: dir }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

describe.each(drivers)('identity provider across a restart on %s', (driver) => {
  it('keeps sessions, grants and refresh tokens in the database', async () => {
    const store = await restartableDatabase(driver);
    const config = testConfig();
    const issuer = `${config.publicUrl}/oidc`;
    const client = {
      clientId: config.oidc.clientId,
      redirectUri: `${config.publicUrl}/auth/callback`,
    };
    let database: Database | undefined;
    try {
      database = await store.open();
      await database.migrate();
      const accountId = await createAccount(database, {
        username: 'buyer',
        password: PASSWORD,
        name: '王采购',
      });
      let app = await buildApp({ config, database });
      await app.ready();
      const b = new OidcBrowser(app, config.publicUrl, client);
      const { code, verifier } = await b.signIn('buyer', PASSWORD);
      const tokens = (await b.exchange(code, verifier)).json;
      expect(tokens.refresh_token).toEqual(expect.any(String));

      await app.close();
      await database.close();
      database = await store.open();
      app = await buildApp({ config, database });
      await app.ready();
      b.app = app;

      const api = embeddedVerifier(issuer, await loadSigningKey(database.db));
      expect((await api.verify(tokens.access_token)).account).toEqual({ id: accountId });
      const refreshed = await b.refresh(tokens.refresh_token);
      expect(refreshed.status).toBe(200);
      expect((await api.verify(refreshed.json.access_token)).account).toEqual({ id: accountId });
      // The browser's provider session survived too: no login page, straight back to the app.
      const { page } = await b.authorize();
      expect(callbackParams(page, client).get('code')).toEqual(expect.any(String));
      await app.close();
    } finally {
      await database?.close();
      await store.cleanup();
    }
  }, 60_000);
});

describe('runtime config with an external SSO', () => {
  it('names the external issuer and mounts no embedded provider', async () => {
    const server = await startTestServer('pglite', {
      config: {
        oidc: {
          ...testConfig().oidc,
          externalIssuer: 'https://sso.example.com/realms/purchasing',
          clientId: 'purchasing-web',
        },
      },
    });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/config.json' });
      expect(res.json()).toMatchObject({
        auth: {
          authority: 'https://sso.example.com/realms/purchasing',
          clientId: 'purchasing-web',
          scope: APP_SCOPE,
        },
      });
      const discovery = await server.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
      });
      expect(discovery.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
