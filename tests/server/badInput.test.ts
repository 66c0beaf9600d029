// Property test over every route of the app (DESIGN §3: bad input is a 4xx with a message, never
// a 500): random path values, query values and bodies — wrong types, missing fields, huge and
// odd strings, negative and fractional numbers, malformed filters JSON — sent by a signed-in
// administrator of the company, so each request reaches the route's own validation and rules.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../server/context';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { startTestServer, type TestServer } from '../support/app';
import { drivers } from '../support/databases';
import { seedFixtures } from '../support/fixtures';
import { multipart } from '../support/multipart';
import { accessTokenFor } from '../support/tokens';

// Answered outside Fastify's request cycle (the websocket) or by oidc-provider's own pages.
const OUT_OF_SCOPE = [/^\/ws$/, /^\/oidc/];
const RUNS_PER_ROUTE = 12;

type Schema = { properties?: Record<string, unknown> };
const keysOf = (schema: unknown): string[] =>
  Object.keys((schema as Schema | undefined)?.properties ?? {});

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1.5',
    '1e309',
    'NaN',
    'null',
    '[]',
    '{}',
    '{"a":',
    '../../etc/passwd',
    '中文型号',
    '%00',
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 4 }),
);

function requestFor(route: RouteInfo) {
  const pathKeys = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  const queryKeys = [...keysOf(route.schema.querystring), 'filters'].filter(
    (k) => k !== 'currentCompanyId',
  );
  const bodyKeys = keysOf(route.schema.body);
  return fc.record({
    path: fc.tuple(...pathKeys.map(() => oddString)),
    query: fc.dictionary(fc.constantFrom(...queryKeys), oddString, { maxKeys: queryKeys.length }),
    body: fc.oneof(
      oddValue,
      bodyKeys.length > 0
        ? fc.dictionary(fc.constantFrom(...bodyKeys), oddValue, { maxKeys: bodyKeys.length })
        : fc.dictionary(fc.string({ maxLength: 8 }), oddValue, { maxKeys: 4 }),
    ),
  });
}

describe.each(drivers)('bad input on every route (%s)', (driver) => {
  let server: TestServer;
  let token: string;
  let companyId: number;

  beforeAll(async () => {
    server = await startTestServer(driver);
    const ids = await seedFixtures(server.db.database);
    companyId = ids.companies.buyerA;
    token = await accessTokenFor(server.db.database, server.issuer, ids.accounts.adminA);
  });
  afterAll(async () => server.close());

  it('answers a 4xx with an error_message or a success, never a 5xx', async () => {
    const routes = server.app.routeTable.filter((r) => !OUT_OF_SCOPE.some((re) => re.test(r.url)));
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      await fc
        .assert(
          fc.asyncProperty(requestFor(route), async ({ path, query, body }) => {
            let i = 0;
            const url = route.url
              .replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(String(path[i++] ?? '')))
              .replace('*', 'x');
            const search = new URLSearchParams({ ...query, currentCompanyId: String(companyId) });
            const res = await server.app.inject({
              method: route.method as 'GET',
              url: `${url}?${search}`,
              headers: { authorization: `Bearer ${token}` },
              ...(route.method === 'GET' || route.method === 'DELETE'
                ? {}
                : {
                    payload: JSON.stringify(body),
                    headers: {
                      authorization: `Bearer ${token}`,
                      'content-type': 'application/json',
                    },
                  }),
            });
            const ok = res.statusCode < 500 && (res.statusCode < 400 || hasMessage(res.body));
            if (!ok)
              failures.push(
                `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            return ok;
          }),
          { numRuns: RUNS_PER_ROUTE, seed: 20261121, endOnFailure: true },
        )
        .catch(() => {});
    }
    expect(failures).toEqual([]);
  }, 300_000);

  // Security review L12: a NUL or half a surrogate pair in any text field is refused with 400 and
  // a message before the route runs, never sent on to PostgreSQL (which fails with a 500).
  it('refuses a NUL or a lone surrogate in every path, query and body field with 400', async () => {
    const routes = server.app.routeTable.filter((r) => !OUT_OF_SCOPE.some((re) => re.test(r.url)));
    const failures: string[] = [];
    let probes = 0;
    for (const route of routes) {
      for (const probe of textProbes(route)) {
        probes++;
        let i = 0;
        const url = route.url
          .replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(probe.path[i++] ?? '1'))
          .replace('*', 'x');
        const search = new URLSearchParams({ ...probe.query, currentCompanyId: String(companyId) });
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await server.app.inject({
          method: route.method as 'GET',
          url: `${url}?${search}`,
          headers: {
            authorization: `Bearer ${token}`,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: probe.body ?? '{}' } : {}),
        });
        const answer = res.statusCode === 400 ? (res.json() as { error_code?: string }) : {};
        if (answer.error_code !== 'INVALID_TEXT') {
          failures.push(
            `${route.method} ${route.url} ${probe.name} → ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(probes).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a NUL in an upload’s file name with 400', async () => {
    const body = multipart('报价\u0000.txt', Buffer.from('数量 10'), 'text/plain');
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/v7/files?documentType=TODO_ATTACHMENT&currentCompanyId=${companyId}`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error_code: 'INVALID_TEXT',
      error_message: `${COMMON_MESSAGES.INVALID_TEXT}：file`,
    });
  });
});

const NUL = 'a\u0000b';
type TextProbe = {
  name: string;
  path: string[];
  query: Record<string, string>;
  /** The JSON text of the body (a lone surrogate cannot travel through JSON.stringify as such). */
  body?: string;
};

/** One request per text field of the route, each with one bad value and the rest harmless. */
function textProbes(route: RouteInfo): TextProbe[] {
  const pathKeys = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
  const queryKeys = keysOf(route.schema.querystring).filter((k) => k !== 'currentCompanyId');
  const bodyKeys = keysOf(route.schema.body);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const probes: TextProbe[] = [];
  for (const [index, key] of pathKeys.entries()) {
    const path = pathKeys.map((_, j) => (j === index ? NUL : '1'));
    probes.push({ name: `path ${key}`, path, query: {} });
  }
  // A query key the schema does not name is refused too (it may reach a filter).
  for (const key of [...queryKeys, 'filters']) {
    probes.push({ name: `query ${key}`, path: [], query: { [key]: NUL } });
  }
  if (hasBody) {
    for (const key of bodyKeys.length > 0 ? bodyKeys : ['name']) {
      probes.push({
        name: `body ${key}`,
        path: [],
        query: {},
        body: JSON.stringify({ [key]: NUL }),
      });
      // "\ud800" in JSON text parses to a lone surrogate; nested, as in a list of rows.
      probes.push({
        name: `body ${key} (lone surrogate)`,
        path: [],
        query: {},
        body: `{"${key}": [{"x": "a\\ud800"}]}`,
      });
    }
  }
  return probes;
}

function hasMessage(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error_message?: unknown };
    return typeof parsed.error_message === 'string' && parsed.error_message.length > 0;
  } catch {
    // oidc-provider and file downloads answer in their own formats; a 4xx there is still a refusal.
    return true;
  }
}
