// Server figures for the reference server issue, on PGlite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names an administrator URL) PostgreSQL side by side:
//  - sync feed throughput: rows/s paging GET /sync-api/v1/changes over a bench-scale company,
//    against a raw SQL read of the same rows in the same run (the ratio is the feed's overhead);
//  - list endpoints under autocannon on loopback: requests/s of the purchase and order lists,
//    against GET /healthz in the same run.
// Scale: BENCH_SHEETS (default 20000), BENCH_ORDERS (20000), BENCH_TODOS (10000).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { and, asc, eq, gt } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, openDatabase } from '../server/db/database';
import { accounts, contacts, syncChanges } from '../server/db/schema/index';
import { seedBulk } from '../server/demo/seed/bulk';
import { DEFAULT_DEMO_SEED, seedDemoData } from '../server/demo/seed/demo';
import { accessTokenFor } from '../tests/support/tokens';

const scale = {
  sheets: Number(process.env.BENCH_SHEETS ?? 20_000),
  orders: Number(process.env.BENCH_ORDERS ?? 20_000),
  todos: Number(process.env.BENCH_TODOS ?? 10_000),
};
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PAGE = 1000;

type Figures = Record<string, string>;

async function withDatabase<T>(kind: 'pglite' | 'postgres', run: (db: Database) => Promise<T>) {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  }
  if (!adminUrl) throw new Error('no PostgreSQL');
  const name = `bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    return await run(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function measure(kind: 'pglite' | 'postgres'): Promise<Figures> {
  return withDatabase(kind, async (database) => {
    await database.migrate();
    await seedDemoData(database, { seed: DEFAULT_DEMO_SEED });
    const seeded = await seedBulk(database, { ...scale, seed: 7 });
    const companyId = seeded.company.id;
    const [member] = await database.db
      .select({ accountId: accounts.id })
      .from(contacts)
      .innerJoin(accounts, eq(accounts.id, contacts.accountId))
      .where(and(eq(contacts.companyId, companyId), eq(contacts.isAdmin, true)))
      .limit(1);
    if (!member) throw new Error('no administrator in the bench company');

    // Baseline: the same rows straight from the table, page by page.
    let t0 = performance.now();
    let rawRows = 0;
    for (let cursor = 0; ; ) {
      const rows = await database.db
        .select()
        .from(syncChanges)
        .where(and(eq(syncChanges.companyId, companyId), gt(syncChanges.version, cursor)))
        .orderBy(asc(syncChanges.version))
        .limit(PAGE);
      rawRows += rows.length;
      if (rows.length < PAGE) break;
      cursor = rows.at(-1)?.version ?? cursor;
    }
    const rawSeconds = (performance.now() - t0) / 1000;

    const config = {
      // HEALTH_LOOP_BLOCK_MS=0: the bench's seed blocks the loop, and /healthz is measured here.
      ...loadConfig({
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'off',
        SIM: 'off',
        PORT: '0',
        HEALTH_LOOP_BLOCK_MS: '0',
      }),
      publicUrl: 'http://127.0.0.1:1',
    };
    const app = await buildApp({ config, database });
    await app.ready();
    const token = await accessTokenFor(database, `${config.publicUrl}/oidc`, member.accountId, {
      expiresInSeconds: 3600,
    });
    const headers = { authorization: `Bearer ${token}` };

    t0 = performance.now();
    let feedRows = 0;
    for (let cursor = ''; ; ) {
      const res = await app.inject({
        method: 'GET',
        url: `/sync-api/v1/changes?currentCompanyId=${companyId}&cursor=${cursor}&limit=${PAGE}`,
        headers,
      });
      const page = (
        res.json() as { data: { cursor: string; has_more: boolean; changes: unknown[] } }
      ).data;
      feedRows += page.changes.length;
      if (!page.has_more) break;
      cursor = page.cursor;
    }
    const feedSeconds = (performance.now() - t0) / 1000;

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const load = async (path: string) => {
      const result = await autocannon({
        url: `${address}${path}`,
        headers,
        connections: 8,
        duration: Number(process.env.BENCH_SECONDS ?? 5),
      });
      if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} failed requests`);
      return result.requests.average;
    };
    const health = await load('/healthz');
    const sheetList = await load(
      `/inquiry-api/v7/inquiry_quotation?currentCompanyId=${companyId}&sheetType=ALL&pageSize=50`,
    );
    const orderList = await load(
      `/orders-api/v7/orders?currentCompanyId=${companyId}&orderType=ALL&pageSize=50`,
    );
    await app.close();

    const rate = (rows: number, seconds: number) => Math.round(rows / seconds);
    return {
      'seeded rows (incl. feed)': String(seeded.rows),
      'feed rows': String(feedRows),
      'raw SQL read, rows/s': String(rate(rawRows, rawSeconds)),
      'sync feed, rows/s': String(rate(feedRows, feedSeconds)),
      'feed / raw': (rate(feedRows, feedSeconds) / rate(rawRows, rawSeconds)).toFixed(2),
      'GET /healthz, req/s': health.toFixed(0),
      'purchase list (50 rows), req/s': sheetList.toFixed(0),
      'order list (50 rows), req/s': orderList.toFixed(0),
      'purchase list / healthz': (sheetList / health).toFixed(3),
      'order list / healthz': (orderList / health).toFixed(3),
    };
  });
}

const results: Array<[string, Figures]> = [['PGlite', await measure('pglite')]];
if (adminUrl) results.push(['PostgreSQL', await measure('postgres')]);

console.info(
  `server bench: ${scale.sheets} sheets, ${scale.orders} orders, ${scale.todos} to-dos in one company`,
);
const keys = Object.keys(results[0]?.[1] ?? {});
console.info(`  ${'figure'.padEnd(34)}${results.map(([name]) => name.padStart(14)).join('')}`);
for (const key of keys) {
  console.info(
    `  ${key.padEnd(34)}${results.map(([, f]) => (f[key] ?? '').padStart(14)).join('')}`,
  );
}
