// Server figures for the reference server issue, on PGlite and (when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names an administrator URL) PostgreSQL side by side:
//  - sync feed throughput: rows/s paging GET /sync-api/v1/changes over a bench-scale company,
//    against a raw SQL read of the same stored rows (the route's own query, the JSON text as
//    stored) in the same run (the ratio is the feed's overhead), paged as the engine pages it
//    (the next page asked for once this one's head is read), with and without the read-ahead,
//    and again as a browser asks for it (brotli, gzip, compressed by the route per page);
//  - list endpoints under autocannon on loopback: requests/s of the purchase and order lists
//    (the default query and a filtered one), against GET /healthz in the same run;
//  - pushes (bench/serverPush.ts): one owner change's latency under 20 concurrent writers (back
//    to back, and each pausing BENCH_THINK_MS between pushes), against the same push with one
//    writer in the same run, and 20 writers on the same rows (409s).
// Scale: BENCH_SHEETS (default 20000), BENCH_ORDERS (20000), BENCH_TODOS (10000); BENCH_PARTS
// (default feed,lists,push) picks the parts, BENCH_SECONDS the autocannon duration, BENCH_DATABASES
// (default pglite,postgres) the drivers.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, openDatabase } from '../server/db/database';
import { accounts, contacts } from '../server/db/schema/index';
import { seedBulk } from '../server/demo/seed/bulk';
import { DEFAULT_DEMO_SEED, seedDemoData } from '../server/demo/seed/demo';
import { pageCopy, readFeedPage } from '../server/routes/feedPage';
import { accessTokenFor } from '../tests/support/tokens';
import { pushes, pushTargets } from './serverPush';

const scale = {
  sheets: Number(process.env.BENCH_SHEETS ?? 20_000),
  orders: Number(process.env.BENCH_ORDERS ?? 20_000),
  todos: Number(process.env.BENCH_TODOS ?? 10_000),
};
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PAGE = 1000;
const parts = new Set((process.env.BENCH_PARTS ?? 'feed,lists,push').split(','));
const WRITERS = 20;
/** BENCH_THINK_MS: the mean pause of each of the 20 writers between pushes at a device's pace. */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 250);

type Figures = Record<string, string>;

/** The feed's client in a worker thread (plain JS, eval'd): pages through, counting rows and bytes. */
const FEED_CLIENT = String.raw`
const http = require('node:http');
const zlib = require('node:zlib');
const { parentPort, workerData: w } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true });
const MARK = Buffer.from('{"table":"');
const get = (path) => new Promise((resolve, reject) => {
  http.get(w.address + path, { agent, headers: { authorization: 'Bearer ' + w.token, 'accept-encoding': w.encoding } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode, encoding: res.headers['content-encoding'] || 'identity', body: Buffer.concat(chunks) }));
  }).on('error', reject);
});
(async () => {
  const start = performance.now();
  let rows = 0, bytes = 0;
  const page = (cursor, remaining) => get('/sync-api/v1/changes?currentCompanyId=' + w.companyId + '&cursor=' + cursor + '&limit=' + w.page + remaining);
  let pending = page('', '');
  for (;;) {
    const res = await pending;
    // A page under the compression threshold (1 KB: the last one, often) comes uncompressed.
    if (res.status !== 200 || (res.encoding !== w.encoding && res.body.length > 1024)) throw new Error('feed: HTTP ' + res.status + ' ' + res.encoding);
    bytes += res.body.length;
    const text = res.encoding === 'br' ? zlib.brotliDecompressSync(res.body) : res.encoding === 'gzip' ? zlib.gunzipSync(res.body) : res.body;
    const head = /^\{"data":\{"cursor":"([^"]*)","has_more":(true|false),"remaining":(\d+),"changes":\[/.exec(text.subarray(0, 200).toString());
    if (!head || text.subarray(-3).toString() !== ']}}') throw new Error('feed: not a page');
    // As the engine pages (src/sync/engine/pull.ts): the next page is asked for as soon as this
    // one's head is read, and this one is handled while it comes.
    const more = head[2] === 'true';
    if (more) pending = page(head[1], '&remaining=' + head[3]);
    // Counted in the bytes (no 6 MB string made here): the bench's client shares the cores.
    for (let at = text.indexOf(MARK); at !== -1; at = text.indexOf(MARK, at + MARK.length)) rows++;
    if (!more) break;
  }
  parentPort.postMessage({ rows, bytes, seconds: (performance.now() - start) / 1000 });
})();
`;

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

    // Baseline: the same stored rows (the route's range read: row text as stored), page by page.
    const rawRead = async () => {
      const start = performance.now();
      let read = 0;
      for (let cursor = 0; ; ) {
        const rows = await readFeedPage(database.db, companyId, cursor, PAGE);
        read += rows.length;
        if (rows.length < PAGE) break;
        cursor = Number(rows.at(-1)?.version ?? cursor);
      }
      return { rows: read, seconds: (performance.now() - start) / 1000 };
    };
    // Beside it on PostgreSQL, the same read as the feed now makes it (COPY BINARY, each row's
    // bytes as stored, nothing decoded): the floor under the feed, not its target.
    const { copyBinary } = database;
    const rawCopy = async () => {
      if (!copyBinary) return null;
      const start = performance.now();
      let read = 0;
      for (let cursor = 0; ; ) {
        let rows = 0;
        let last = cursor;
        await copyBinary(pageCopy(companyId, cursor, PAGE), ([version]) => {
          rows++;
          if (version) last = Number(version.readBigInt64BE());
        });
        read += rows;
        if (rows < PAGE) break;
        cursor = last;
      }
      return { rows: read, seconds: (performance.now() - start) / 1000 };
    };

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

    // The feed as the client pages it (the previous page's `remaining` sent back), over loopback
    // HTTP from a worker thread, so the bench's own receiving is not charged to the server's
    // event loop: uncompressed, or compressed as a browser asks. The worker reads each page's
    // head (cursor, has_more, remaining) and checks its end; the contract tests check the rows.
    // The worker asks for the next page as soon as it has read this one's head, as the engine
    // does. Beside it, the same feed from a second app on the same database with read-ahead off
    // (FEED_READ_AHEAD_MB=0): what preparing the next page while the client works is worth.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const noAhead = await buildApp({ config: { ...config, feedReadAheadBytes: 0 }, database });
    const noAheadAddress = await noAhead.listen({ port: 0, host: '127.0.0.1' });
    const feed = (encoding: 'identity' | 'br' | 'gzip', ahead = true) =>
      new Promise<{ rows: number; bytes: number; seconds: number }>((resolve, reject) => {
        const worker = new Worker(FEED_CLIENT, {
          eval: true,
          workerData: {
            address: ahead ? address : noAheadAddress,
            companyId,
            page: PAGE,
            encoding,
            token,
          },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    const figures: Figures = { 'seeded rows (incl. feed)': String(seeded.rows) };
    const rate = ({ rows, seconds }: { rows: number; seconds: number }) =>
      Math.round(rows / seconds);
    if (parts.has('feed')) {
      // Warm both paths once (JIT, caches), then measure the raw read and the feed back to back.
      await rawRead();
      await feed('identity');
      await feed('identity', false);
      const raw = await rawRead();
      const plain = await feed('identity');
      const plainNoAhead = await feed('identity', false);
      const raw2 = await rawRead();
      const copied = await rawCopy();
      const brotli = await feed('br');
      const brotliNoAhead = await feed('br', false);
      const gzip = await feed('gzip');
      // The raw read measured before and after the plain feed: the better of the two is the baseline.
      const baseline = Math.max(rate(raw), rate(raw2));
      const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
      Object.assign(figures, {
        'feed rows': String(plain.rows),
        'raw SQL read, rows/s': String(baseline),
        'sync feed, rows/s': String(rate(plain)),
        'feed / raw': (rate(plain) / baseline).toFixed(2),
        'raw COPY read (bytes), rows/s': copied ? String(rate(copied)) : '',
        'feed / raw COPY': copied ? (rate(plain) / rate(copied)).toFixed(2) : '',
        'feed, read-ahead off, rows/s': String(rate(plainNoAhead)),
        'feed br (q4), rows/s': String(rate(brotli)),
        'feed br, read-ahead off, rows/s': String(rate(brotliNoAhead)),
        'feed gzip, rows/s': String(rate(gzip)),
        'feed MB: plain / br / gzip': `${mb(plain.bytes)}/${mb(brotli.bytes)}/${mb(gzip.bytes)}`,
      });
    }

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
    if (parts.has('lists')) {
      // On PostgreSQL, the tables as autovacuum leaves them a minute after the bulk load (the
      // visibility map set, statistics taken): index-only list pages read no table rows.
      if (kind === 'postgres') await database.db.execute(sql`vacuum analyze`);
      const query = `currentCompanyId=${companyId}&pageSize=50`;
      const filters = (value: unknown) => encodeURIComponent(JSON.stringify(value));
      const health = await load('/healthz');
      // The default query of each list, then one filtered query each: a state group of the
      // purchase list (an index range plus a state filter) and a brand fragment of the order list
      // (ilike, no index can serve it).
      const lists: Array<[string, string]> = [
        ['purchase list', `/inquiry-api/v7/inquiry_quotation?${query}&sheetType=ALL`],
        ['order list', `/orders-api/v7/orders?${query}&orderType=ALL`],
        [
          'purchase list, state filter',
          `/inquiry-api/v7/inquiry_quotation?${query}&sheetType=ALL&filters=${filters({ state_group: ['REPLIED'] })}`,
        ],
        [
          'order list, brand filter',
          `/orders-api/v7/orders?${query}&orderType=ALL&filters=${filters({ brand_name: 'a' })}`,
        ],
      ];
      figures['GET /healthz, req/s'] = health.toFixed(0);
      for (const [name, path] of lists) {
        const rps = await load(path);
        figures[`${name} (50 rows), req/s`] = rps.toFixed(0);
        figures[`${name} / healthz`] = (rps / health).toFixed(3);
      }
    }
    if (parts.has('push')) {
      const pushesEach = Number(process.env.BENCH_PUSHES ?? 25);
      const targets = await pushTargets(database.db, companyId, WRITERS * 5);
      const run = { db: database.db, address, companyId, token, ...targets };
      await pushes(run, 1, 20, false); // warm
      const one = await pushes(run, 1, pushesEach * 4, false);
      const many = await pushes(run, WRITERS, pushesEach, false);
      const same = await pushes(run, WRITERS, Math.ceil(pushesEach / 2), true);
      // The same 20 writers at a device's pace: each pauses THINK_MS on average between pushes
      // (a salesperson's changes, or an outbox sent entry by entry over a phone's network).
      const paced = await pushes(run, WRITERS, pushesEach, false, THINK_MS);
      const ms = (value: number) => value.toFixed(1);
      Object.assign(figures, {
        'push, 1 writer: p50/p95 ms': `${ms(one.p50)}/${ms(one.p95)}`,
        'push, 20 writers: p50/p95 ms': `${ms(many.p50)}/${ms(many.p95)}`,
        'push, 20 writers: pushes/s': many.rate.toFixed(0),
        [`push, 20 writers, ${THINK_MS} ms apart: p50/p95 ms`]: `${ms(paced.p50)}/${ms(paced.p95)}`,
        [`push, 20 writers, ${THINK_MS} ms apart: pushes/s`]: paced.rate.toFixed(0),
        'push, 20 on 4 rows: p50/p95 ms': `${ms(same.p50)}/${ms(same.p95)}`,
        'push, 20 on 4 rows: 409s': `${same.conflicts}/${same.pushes}`,
      });
    }
    await noAhead.close();
    await app.close();

    return figures;
  });
}

// BENCH_DATABASES=postgres (or pglite) measures one driver only: PGlite in the same process
// muddies a profile of the PostgreSQL run.
const databases = new Set((process.env.BENCH_DATABASES ?? 'pglite,postgres').split(','));
const results: Array<[string, Figures]> = [];
if (databases.has('pglite')) results.push(['PGlite', await measure('pglite')]);
if (adminUrl && databases.has('postgres')) results.push(['PostgreSQL', await measure('postgres')]);

console.info(
  `server bench: ${scale.sheets} sheets, ${scale.orders} orders, ${scale.todos} to-dos in one company`,
);
const keys = Object.keys(results[0]?.[1] ?? {});
console.info(`  ${'figure'.padEnd(46)}${results.map(([name]) => name.padStart(16)).join('')}`);
for (const key of keys) {
  console.info(
    `  ${key.padEnd(46)}${results.map(([, f]) => (f[key] ?? '').padStart(16)).join('')}`,
  );
}
