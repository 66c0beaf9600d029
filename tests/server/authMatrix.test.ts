// Every route of the app, generated from its route table: a non-public route refuses a missing
// token, an expired or forged one, and (company routes) a company the user is not a member of,
// with the spec's messages; administrator routes refuse a member who is not an administrator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, contacts } from '../../server/db/schema/index';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { startTestServer, type TestServer } from '../support/app';
import { drivers } from '../support/databases';
import { accessTokenFor, createAccount, expiredTokenFor } from '../support/tokens';

// Served outside Fastify's request cycle or by the identity provider itself.
const OUT_OF_MATRIX = [/^\/ws$/, /^\/oidc/];

describe.each(drivers)('route matrix on %s', (driver) => {
  let server: TestServer;
  let token: string;
  let expired: string;
  let forged: string;
  let ownCompany: number;
  let foreignCompany: number;

  beforeAll(async () => {
    server = await startTestServer(driver, {
      // Administrator routes arrive with the settings issue; this one proves the check meanwhile.
      extend: (app) =>
        app.get('/partners-api/v7/admin-probe', { config: { auth: 'admin' } }, async () => ({
          data: 'ok',
        })),
    });
    const db = server.db.database.db;
    const [own, foreign] = await db
      .insert(companies)
      .values([{ name: '本公司' }, { name: '别家公司' }])
      .returning({ id: companies.id });
    if (!own || !foreign) throw new Error('companies not created');
    ownCompany = own.id;
    foreignCompany = foreign.id;
    const accountId = await createAccount(db, {
      username: 'matrix',
      password: 'Demo@2026',
      name: '矩阵',
    });
    await db
      .insert(contacts)
      .values({ companyId: ownCompany, accountId, name: '矩阵', isAdmin: false });
    token = await accessTokenFor(db, server.issuer, accountId);
    expired = await expiredTokenFor(db, server.issuer, accountId);
    forged = await accessTokenFor(db, 'https://evil.example.com/oidc', accountId, {
      issuer: 'https://evil.example.com/oidc',
    });
  });
  afterAll(async () => server.close());

  const routes = () =>
    server.app.routeTable.filter(
      (route) => route.auth !== 'public' && !OUT_OF_MATRIX.some((re) => re.test(route.url)),
    );
  const urlOf = (url: string, companyId: number) =>
    `${url.replaceAll(/:[A-Za-z_]+/g, '1').replace('*', 'x')}?currentCompanyId=${companyId}`;
  const call = (method: string, url: string, bearer?: string) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });

  it('has routes to check', () => {
    expect(routes().length).toBeGreaterThan(0);
  });

  it('refuses every protected route without a token, with an expired and with a forged one', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      for (const [what, bearer] of [
        ['none', undefined],
        ['expired', expired],
        ['forged', forged],
      ] as const) {
        const res = await call(route.method, urlOf(route.url, ownCompany), bearer);
        const body = res.json() as { error_message?: string };
        if (res.statusCode !== 401 || body.error_message !== COMMON_MESSAGES.SESSION_EXPIRED) {
          failures.push(`${route.method} ${route.url} (${what}): ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every company route for a company the user is not a member of', async () => {
    const failures: string[] = [];
    for (const route of routes().filter((r) => r.auth === 'company' || r.auth === 'admin')) {
      const res = await call(route.method, urlOf(route.url, foreignCompany), token);
      const body = res.json() as { error_message?: string };
      if (res.statusCode !== 403 || body.error_message !== COMMON_MESSAGES.NO_PERMISSION) {
        failures.push(`${route.method} ${route.url}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every administrator route to a member who is not an administrator', async () => {
    const failures: string[] = [];
    const adminRoutes = routes().filter((r) => r.auth === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const res = await call(route.method, urlOf(route.url, ownCompany), token);
      if (res.statusCode !== 403) failures.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
