// The embedded provider's limits against a guesser who does not play fair (security review M1,
// L2, L7): concurrent wrong passwords count, a forged X-Forwarded-For does not buy a fresh
// address behind a trusted proxy, and unauthenticated /oidc calls are rate-limited per address.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../../server/db/schema/index';
import { OIDC_RATE_LIMITS } from '../../../server/idp/identityProvider';
import { DEFAULT_LOGIN_LIMITS, reserveAttempt } from '../../../server/idp/loginLimit';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { authorizeUrl, OidcBrowser, type OidcClient } from '../../support/oidcBrowser';
import { createAccount } from '../../support/tokens';

const PASSWORD = 'Demo@2026';

describe.each(drivers)('sign-in limits on %s', (driver) => {
  let server: TestServer;
  let client: OidcClient;
  let addresses = 0;
  const browser = (ip = `10.1.0.${++addresses}`) =>
    new OidcBrowser(server.app, server.config.publicUrl, client, ip);
  const failuresOf = async (username: string) =>
    (
      await server.db.database.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.username, username))
    ).length;

  beforeAll(async () => {
    // TRUST_PROXY=1: one proxy in front, so the address is the last X-Forwarded-For entry.
    server = await startTestServer(driver, { config: { trustProxy: 1 } });
    client = {
      clientId: server.config.oidc.clientId,
      redirectUri: `${server.config.publicUrl}/auth/callback`,
    };
    for (const username of ['racer', 'spread', 'proxied']) {
      await createAccount(server.db.database, { username, password: PASSWORD, name: username });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts concurrent wrong passwords: 8 at once let at most 5 through', async () => {
    const b = browser();
    const pages = await Promise.all(Array.from({ length: 8 }, () => b.authorize()));
    const answers = await Promise.all(
      pages.map(({ page }, i) => b.submitLogin(page, 'racer', `wrong-${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(await failuresOf('racer')).toBeLessThanOrEqual(5);
    // However they were spread, the pair is now at most one guess from its lock, and never past it.
    const { page } = await b.authorize();
    for (let i = 0; i < 5; i++) await b.submitLogin(page, 'racer', `again-${i}`);
    expect(await failuresOf('racer')).toBe(5);
    expect((await b.submitLogin(page, 'racer', PASSWORD)).status).toBe(429);
  });

  it('reserves attempts before the check: 8 concurrent reservations, 5 granted', async () => {
    const db = server.db.database.db;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        reserveAttempt(db, DEFAULT_LOGIN_LIMITS, 'spread', `10.2.0.${i + 1}`),
      ),
    );
    // From 8 addresses: past 5 failures of the username each attempt waits, so the rest wait.
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(await failuresOf('spread')).toBe(5);
  });

  it('counts the address a trusted proxy saw, whatever X-Forwarded-For the client forged', async () => {
    const proxy = '10.3.0.1';
    const guess = async (i: number) => {
      const b = browser(proxy);
      // The client forges the leftmost entry; the proxy appends the address it saw.
      b.headers = { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` };
      const { page } = await b.authorize();
      return b.submitLogin(page, `nobody-${i}`, 'wrong');
    };
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.perIp; i++) expect((await guess(i)).status).toBe(401);
    const rows = await server.db.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.ip, '203.0.113.7'));
    expect(rows).toHaveLength(DEFAULT_LOGIN_LIMITS.perIp);
    expect((await guess(99)).status).toBe(429);
  }, 60_000);

  it('answers a flood of /oidc/auth from one address with 429 and Retry-After', async () => {
    const b = browser();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<OidcBrowser['visit']>> | undefined;
    for (let i = 0; i <= OIDC_RATE_LIMITS.auth; i++) {
      last = await b.visit(authorizeUrl(client, 'x'.repeat(43)));
      statuses.push(last.status);
    }
    expect(statuses.slice(0, OIDC_RATE_LIMITS.auth).every((s) => s !== 429)).toBe(true);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.body).toContain('登录请求过于频繁，请稍后再试');
    // Another address is not affected.
    const other = await browser().visit(authorizeUrl(client, 'x'.repeat(43)));
    expect(other.status).not.toBe(429);
  }, 60_000);

  it('counts /oidc/AUTH and /oidc/auth/ in the /oidc/auth budget', async () => {
    const b = browser();
    const spellings = ['/oidc/AUTH', '/oidc/auth/', '/oidc/Auth/'];
    const query = authorizeUrl(client, 'x'.repeat(43)).slice('/oidc/auth'.length);
    const statuses: number[] = [];
    for (let i = 0; i < OIDC_RATE_LIMITS.auth; i++) {
      statuses.push((await b.visit(`${spellings[i % spellings.length]}${query}`)).status);
    }
    // The provider serves every spelling (it would have stored an interaction for each).
    expect(statuses.filter((s) => s === 429 || s === 404)).toEqual([]);
    for (const spelling of [...spellings, '/oidc/auth']) {
      const refused = await b.visit(`${spelling}${query}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 60_000);

  it('counts /oidc/Token and /oidc/token/ in the /oidc/token budget', async () => {
    const b = browser();
    const post = (path: string) =>
      b.visit(path, {
        method: 'POST',
        form: { client_id: client.clientId, grant_type: 'refresh_token', refresh_token: 'x' },
      });
    const spellings = ['/oidc/Token', '/oidc/token/', '/oidc/TOKEN/'];
    for (let i = 0; i < OIDC_RATE_LIMITS.token; i++) {
      expect((await post(spellings[i % spellings.length] ?? '')).status).not.toBe(429);
    }
    for (const spelling of [...spellings, '/oidc/token']) {
      const refused = await post(spelling);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body).error).toBe('too_many_requests');
    }
  }, 60_000);

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const url = authorizeUrl(client, 'x'.repeat(43));
    for (let i = 0; i < OIDC_RATE_LIMITS.auth; i++) {
      const host = browser(`2001:db8:77:1::${(i + 1).toString(16)}`);
      expect((await host.visit(url)).status).not.toBe(429);
    }
    expect((await browser('2001:db8:77:1:ffff::1').visit(url)).status).toBe(429);
    expect((await browser('2001:db8:77:2::1').visit(url)).status).not.toBe(429);
    const db = server.db.database.db;
    for (let i = 0; i < 5; i++) {
      await reserveAttempt(db, DEFAULT_LOGIN_LIMITS, 'v6host', `2001:db8:78::${i + 1}`);
    }
    const sixth = await reserveAttempt(db, DEFAULT_LOGIN_LIMITS, 'v6host', '2001:db8:78::99');
    expect(sixth.ok).toBe(false);
  }, 60_000);

  it('answers a flood of /oidc/token with an OAuth error the app takes as passing', async () => {
    const b = browser();
    let last = await b.refresh('not-a-token');
    for (let i = 1; i <= OIDC_RATE_LIMITS.token; i++) last = await b.refresh('not-a-token');
    expect(last.status).toBe(429);
    expect(last.json.error).toBe('too_many_requests');
  }, 60_000);
});
