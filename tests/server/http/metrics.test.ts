// GET /metrics and the access log (issue 21 item 2): who may read the metrics, that answers,
// pushes (applied, refused, replayed), live fan-out and the pool are counted as they happen, and
// that the access log says one line per request with the proxy's request id and no path or query.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { HttpError } from '../../../server/http/httpError';
import { ok } from '../../../server/http/replies';
import { mutate } from '../../../server/sync/mutation';
import { nextVersion } from '../../../server/sync/write';
import { startTestServer, type TestServer, testConfig } from '../../support/app';
import { drivers, openTestDatabase } from '../../support/databases';
import { seedFixtures } from '../../support/fixtures';
import { companyRowStub } from '../../support/rowStubs';
import { accessTokenFor } from '../../support/tokens';
import { createTenants } from '../../sync/property/tenant';

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = async (app: FastifyInstance, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  return { status: res.statusCode, text: res.body, type: res.headers['content-type'] };
};

describe.each(drivers)('/metrics on %s', (driver) => {
  let server: TestServer;
  let seeded: ReturnType<typeof seedFixtures> | null = null;
  /** The fixtures, seeded once for the tests that need accounts. */
  const fixtures = () => {
    seeded ??= seedFixtures(server.db.database);
    return seeded;
  };

  beforeAll(async () => {
    server = await startTestServer(driver, {
      extend(app: FastifyInstance) {
        const db = () => server.db.database.db;
        app.post<{ Params: { n: string } }>(
          '/api/v7/probe/:n',
          { config: { auth: 'public' } },
          async (request, reply) =>
            mutate(db(), request, reply, async (tx, changes) => {
              const version = await nextVersion(tx);
              changes.upsert('companies', companyRowStub(1, version), [Number(request.params.n)]);
              return ok({ version });
            }),
        );
        app.post('/api/v7/refuse', { config: { auth: 'public' } }, async (request, reply) =>
          mutate(db(), request, reply, async () => {
            throw new HttpError(409, 'VERSION_CONFLICT', '数据已被修改');
          }),
        );
      },
    });
  });
  afterAll(async () => server.close());

  it('answers a scraper on the same machine, in Prometheus text with the process figures', async () => {
    const { status, text, type } = await scrape(server.app);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('refuses a request that came through a proxy, even from loopback', async () => {
    expect((await scrape(server.app, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await scrape(server.app, { forwarded: 'for=203.0.113.9' })).status).toBe(404);
  });

  it('counts answers by route pattern and status, never by the path as sent', async () => {
    const before = (await scrape(server.app)).text;
    const series = 'http_requests_total{method="GET",route="/healthz",status_code="200"}';
    await server.app.inject({ method: 'GET', url: '/healthz' });
    await server.app.inject({ method: 'GET', url: '/healthz?x=1' });
    const after = (await scrape(server.app)).text;
    expect((sample(after, series) ?? 0) - (sample(before, series) ?? 0)).toBe(2);
    await server.app.inject({ method: 'POST', url: '/api/v7/probe/12345', payload: {} });
    const probed = (await scrape(server.app)).text;
    expect(probed).toContain('route="/api/v7/probe/:n"');
    expect(probed).not.toContain('12345');
  });

  it('counts pushes applied, replayed and refused, and the live fan-out of the applied ones', async () => {
    const pushes = async () => {
      const { text } = await scrape(server.app);
      return {
        applied: sample(text, 'sync_pushes_total{outcome="applied"}'),
        replayed: sample(text, 'sync_pushes_total{outcome="replayed"}'),
        refused: sample(text, 'sync_pushes_total{outcome="refused"}'),
        fanOut: sample(text, 'live_fanout_lag_seconds_count'),
      };
    };
    const before = await pushes();
    const push = (url: string, key: string) =>
      server.app.inject({ method: 'POST', url, headers: { 'idempotency-key': key }, payload: {} });
    expect((await push('/api/v7/probe/7', 'metrics-a')).statusCode).toBe(200);
    expect((await push('/api/v7/probe/7', 'metrics-a')).headers['idempotent-replayed']).toBe(
      'true',
    );
    expect((await push('/api/v7/refuse', 'metrics-b')).statusCode).toBe(409);
    // The bus hears the applied push's poke from the database after the commit.
    let after = await pushes();
    for (let i = 0; i < 50 && after.fanOut === before.fanOut; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await pushes();
    }
    expect((after.applied ?? 0) - (before.applied ?? 0)).toBe(1);
    expect((after.replayed ?? 0) - (before.replayed ?? 0)).toBe(1);
    expect((after.refused ?? 0) - (before.refused ?? 0)).toBe(1);
    expect((after.fanOut ?? 0) - (before.fanOut ?? 0)).toBeGreaterThanOrEqual(1);
  });

  it('counts the reports devices send about themselves, and refuses codes that do not exist', async () => {
    const fx = await fixtures();
    const token = await accessTokenFor(server.db.database, server.issuer, fx.accounts.userA);
    const report = (reports: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `/api/v7/client-reports?currentCompanyId=${fx.companies.buyerA}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { reports },
      });
    const series = 'client_reports_total{kind="outbox",code="PENDING_WHILE_ONLINE"}';
    const before = sample((await scrape(server.app)).text, series) ?? 0;
    const sent = await report([{ kind: 'outbox', code: 'PENDING_WHILE_ONLINE', count: 4 }]);
    expect(sent.statusCode).toBe(200);
    expect(sample((await scrape(server.app)).text, series)).toBe(before + 4);
    // A code of another kind, a code of no kind, text of the device's own: refused.
    expect((await report([{ kind: 'pull', code: 'quota', count: 1 }])).statusCode).toBe(400);
    expect((await report([{ kind: 'outbox', code: 'DROP TABLE', count: 1 }])).statusCode).toBe(400);
    expect((await report([])).statusCode).toBe(400);
    expect(sample((await scrape(server.app)).text, series)).toBe(before + 4);
  });

  it('counts the rows the sync feed serves', async () => {
    // A tenant's rows are published to its feed (the fixtures' are not).
    const fx = await fixtures();
    const [tenant] = await createTenants(server.db.database.db, fx, 1);
    if (!tenant) throw new Error('no tenant');
    const token = await accessTokenFor(server.db.database, server.issuer, tenant.userAccount);
    const before = sample((await scrape(server.app)).text, 'sync_feed_rows_total') ?? 0;
    const page = await server.app.inject({
      method: 'GET',
      url: `/sync-api/v1/changes?currentCompanyId=${tenant.companyId}&limit=5`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(page.statusCode).toBe(200);
    const served = (page.json() as { data: { changes: unknown[] } }).data.changes.length;
    expect(served).toBe(5);
    expect(sample((await scrape(server.app)).text, 'sync_feed_rows_total')).toBe(before + served);
  });

  it('shows the live sockets, the render line and (on PostgreSQL) the pool', async () => {
    const { text } = await scrape(server.app);
    expect(sample(text, 'live_sockets')).toBe(0);
    expect(sample(text, 'document_renders{state="waiting"}')).toBe(0);
    const pool = sample(text, 'db_pool_connections{state="total"}');
    if (driver === 'postgres') expect(pool).toBeGreaterThanOrEqual(1);
    else expect(pool).toBeUndefined();
  });
});

describe('/metrics with METRICS_TOKEN, and the access log', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await openTestDatabase('pglite');
    drop = db.drop;
    const config = {
      ...testConfig({ metricsToken: 'a-long-enough-metrics-token' }),
      logLevel: 'info' as const,
    };
    app = await buildApp({
      config,
      database: db.database,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('answers only the bearer of the token', async () => {
    expect((await scrape(app)).status).toBe(404);
    expect(
      (await scrape(app, { authorization: 'Bearer wrong-token-of-the-same-len' })).status,
    ).toBe(404);
    const right = await scrape(app, { authorization: 'Bearer a-long-enough-metrics-token' });
    expect(right.status).toBe(200);
  });

  it('writes one line per request with the proxy request id, route and status, no path or query', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/sync-api/v1/changes?currentCompanyId=42&cursor=13800138000',
      headers: { 'x-request-id': 'nginx-3f2a9c10' },
    });
    expect(res.headers['x-request-id']).toBe('nginx-3f2a9c10');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const answered = entries.filter((entry) => entry.msg === 'answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({
      level: 30,
      reqId: 'nginx-3f2a9c10',
      method: 'GET',
      route: '/sync-api/v1/changes',
      status: 401,
    });
    expect(typeof answered[0]?.ms).toBe('number');
    expect(lines.join('\n')).not.toContain('13800138000');
  });

  it('makes its own request id when the proxy sent none or a strange one', async () => {
    const plain = await app.inject({ method: 'GET', url: '/healthz' });
    const odd = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\nforged' },
    });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(plain.headers['x-request-id']).toMatch(uuid);
    expect(odd.headers['x-request-id']).toMatch(uuid);
  });
});
