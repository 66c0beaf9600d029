// Browser figures of the sync engine, in Debian's Chromium through Playwright,
// against the real server in-process on loopback with bench-scale data (server/demo/seed/bulk.ts):
//  1. first full sync of the company by the product's worker (src/sync/client.ts): rows/s, the
//     ratio to raw Dexie bulkPut of the same rows in the same browser and run, main-thread long
//     tasks during the sync, local storage per 10k rows; and the server's share of its wall time:
//     the same first sync again in a fresh profile, every feed page answered at once with the
//     bytes the first one was sent (the engine fetches the next page while it writes one, so
//     the time requests are open overlaps the browser's work and is not the share), and the CPU
//     this process (the server) spent meanwhile, which the browser does not get on a small machine;
//  2. change-to-screen: another user changes a sheet's owner through the API; from the commit
//     (the server's NOTIFY, seen in this process) to a second page's live query showing it;
//  3. enqueue + optimistic effect: from the enqueue call to the live query showing it;
//  4. export: the whole order list to .xlsx through the product's export worker, and the page's
//     long tasks meanwhile, beside the same export run on the page's main thread.
// Prints figures and ratios against the issue's targets; no pass/fail. Scale: BENCH_SYNC_SHEETS
// (default 50000), BENCH_SYNC_ORDERS (50000), BENCH_SYNC_TODOS (20000). The seeded data is cached
// between runs (bench/browser/seedCache.ts).
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import type { SyncSessionInfo } from '../src/sync/api';
import { accessTokenFor } from '../tests/support/tokens';
import { BENCH_BASE, type BuiltPage, buildBenchPage } from './browser/build';
import type { RawFigures, SyncFigures } from './browser/protocol';
import { scratchDir } from './browser/scratch';
import { seededCopy } from './browser/seedCache';
import { feedReplay, feedTimer, ownerChanges, people, pokeWatcher } from './browser/serverSide';

const scale = {
  sheets: Number(process.env.BENCH_SYNC_SHEETS ?? 50_000),
  orders: Number(process.env.BENCH_SYNC_ORDERS ?? 50_000),
  todos: Number(process.env.BENCH_SYNC_TODOS ?? 20_000),
};
/** The engine's feed page size (SyncEngine's default); the raw baseline writes pages as large. */
const PAGE = 1000;
/** Every how many feed pages the engine's writePage is timed on its own (a quarter: ~30k rows). */
const ENGINE_WRITE_SHARE = 4;
const ENQUEUES = 200;
const CHANGES = 100;
/** Changes before the measured ones: the live channel connects and the code paths warm up. */
const WARM_UP = 3;
const SHOWN_TIMEOUT_MS = 10_000;
// As playwright.config.ts launches Debian's Chromium (no browser is ever downloaded).
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function openPage(context: BrowserContext, origin: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  if (process.env.BENCH_VERBOSE)
    page.on('console', (message) => console.error(`page: ${message.text()}`));
  await page.goto(`${origin}${BENCH_BASE}index.html`);
  await page.waitForFunction(() => 'bench' in window);
  return page;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const line = (label: string, value: string) => console.info(`  ${label.padEnd(46)}${value}`);

const runStart = performance.now();
const loadStart = loadavg()[0] ?? 0;
const phases: Array<[string, number]> = [];
async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  if (process.env.BENCH_VERBOSE) console.error(`phase: ${name}`);
  try {
    return await run();
  } finally {
    phases.push([name, performance.now() - t0]);
  }
}

const seeded = await phase('data (seeded or cached copy)', () => seededCopy(scale));
const database = await openDatabase({ dataDir: seeded.dataDir });
const config = {
  ...loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'off', SIM: 'off', PORT: '0' }),
  publicUrl: 'http://127.0.0.1:1',
};
const app = await buildApp({ config, database });
const profile = await scratchDir('purchasing-bench-chromium');
let built: BuiltPage | null = null;
let context: BrowserContext | null = null;
try {
  const page = await phase('page build', () => buildBenchPage());
  built = page;
  // The page is served by the server itself, as the app is: a page Playwright fulfilled would
  // have no address space, and Chromium's local network access checks then refuse its WebSocket
  // to loopback (fetch passes as same-origin).
  app.get<{ Params: { '*': string } }>(
    `${BENCH_BASE}*`,
    { config: { auth: 'public' } },
    async (request, reply) => {
      const file = await page.file(request.params['*']);
      if (!file) return reply.code(404).send();
      return reply.type(file.contentType).send(file.body);
    },
  );
  const companyId = seeded.companyId;
  const who = await people(database, companyId);
  const changes = await ownerChanges(database, companyId, who.staff, 2 * ENQUEUES + 1);
  const watched = changes.pop();
  if (!watched) throw new Error('no sheet to watch');
  const [oneByOne, burst] = [changes.slice(0, ENQUEUES), changes.slice(ENQUEUES)];
  const issuer = `${config.publicUrl}/oidc`;
  const token = await accessTokenFor(database, issuer, who.user, { expiresInSeconds: 3600 });
  const otherToken = await accessTokenFor(database, issuer, who.other, { expiresInSeconds: 3600 });
  const replay = feedReplay(app);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const feed = feedTimer(app.server);
  const info: SyncSessionInfo = {
    userId: who.user,
    userSub: String(who.user),
    companies: who.companies,
    baseUrl: origin,
    wsUrl: `${origin.replace(/^http/, 'ws')}/ws`,
  };

  const browserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  context = browserContext;

  // 1. First full sync, then the raw baseline and the enqueues in the same page.
  const first = await openPage(browserContext, origin);
  const browserVersion = await first.evaluate(() => /Chrome\/([\d.]+)/.exec(navigator.userAgent));
  const cpuBefore = process.cpuUsage();
  const sync: SyncFigures = await phase('first sync', () =>
    first.evaluate(([i, t]) => window.bench.sync(i, t), [info, token] as const),
  );
  const syncCpu = process.cpuUsage(cpuBefore);
  const syncFeed = feed.take();
  // The same first sync with a server that takes no time: in a fresh profile (an empty
  // database), every feed page answered from the bytes recorded above.
  const instant = await phase('first sync, feed replayed', async () => {
    replay.play();
    const replayProfile = await scratchDir('purchasing-bench-chromium');
    const replayContext = await chromium.launchPersistentContext(replayProfile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    try {
      const again = await openPage(replayContext, origin);
      const figures: SyncFigures = await again.evaluate(([i, t]) => window.bench.sync(i, t), [
        info,
        token,
      ] as const);
      await again.evaluate(() => window.bench.stop());
      return figures;
    } finally {
      await replayContext.close();
      await rm(replayProfile, { recursive: true, force: true });
      replay.stop();
    }
  });
  feed.take();
  const raw: RawFigures = await phase('raw baseline', () =>
    first.evaluate(([i, t, p, e]) => window.bench.rawBaseline(i, t, p, e), [
      info,
      token,
      PAGE,
      ENGINE_WRITE_SHARE,
    ] as const),
  );
  const rawFeed = feed.take();
  const enqueued = await phase('enqueues', async () => {
    const idle = await first.evaluate(([c, list]) => window.bench.enqueueLatencies(c, list, true), [
      companyId,
      oneByOne,
    ] as const);
    const busy = await first.evaluate(
      ([c, list]) => window.bench.enqueueLatencies(c, list, false),
      [companyId, burst] as const,
    );
    const drainMs = await first.evaluate(() => window.bench.settle());
    return { idle, busy, drainMs };
  });
  await first.evaluate(() => window.bench.stop());
  await first.close();

  // 2. Change-to-screen on a second page, the database already synced.
  const second = await openPage(browserContext, origin);
  await second.evaluate(([i, t]) => window.bench.sync(i, t), [info, token] as const);
  // The session tells no one when its live channel is subscribed; on loopback it takes
  // milliseconds, and the warm-up changes below fail loudly if a poke is still missed.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const pokes = await pokeWatcher(database, companyId);
  const other = who.staff.find((person) => person.id !== watched.owner.id);
  if (!other) throw new Error('no second owner');
  const latencies = await phase('changes', async () => {
    const found: number[] = [];
    let version = await second.evaluate(([c, s]) => window.bench.watchSheet(c, s), [
      companyId,
      watched.sheetId,
    ] as const);
    for (let i = 0; i < WARM_UP + CHANGES; i++) {
      const shown = second.evaluate((v) => window.bench.shownAbove(v), version);
      const committed = pokes.next();
      const owner = i % 2 === 0 ? watched.owner : other;
      const answer = await fetch(
        `${origin}/inquiry-api/v7/inquiry_quotation/${watched.sheetId}/follower?currentCompanyId=${companyId}`,
        {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${otherToken}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ follower_id: owner.id }),
        },
      );
      if (!answer.ok) throw new Error(`owner change: HTTP ${answer.status} ${await answer.text()}`);
      const commitAt = await committed;
      const seen = await withTimeout(shown, SHOWN_TIMEOUT_MS, 'the change on the second page');
      version = seen.version;
      if (i >= WARM_UP) found.push(seen.at - commitAt);
    }
    return found;
  });
  await pokes.stop();
  // 3. Export of the order list, in the product's worker and, as the baseline, on the page.
  const exported = await phase('export', async () => {
    const worker = await second.evaluate((c) => window.bench.exportOrders(c, 'worker'), companyId);
    const page = await second.evaluate((c) => window.bench.exportOrders(c, 'page'), companyId);
    return { worker, page };
  });
  // 4. The 工作台's figures, read as the page does, beside counting them from every order.
  const dashboard = await phase('dashboard', () =>
    second.evaluate(([c, contact]) => window.bench.dashboard(c, contact, 20), [
      companyId,
      who.contactId,
    ] as const),
  );
  await second.evaluate(() => window.bench.stop());

  const engineRate = sync.rows / (sync.ms / 1000);
  const rawRate = raw.rows / (raw.writeMs / 1000);
  const summary = (values: number[]) =>
    `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, ` +
    `max ${ms(Math.max(...values))}`;
  console.info(
    `browser sync bench: ${count(scale.sheets)} sheets, ${count(scale.orders)} orders, ` +
      `${count(scale.todos)} to-dos; Chromium ${browserVersion?.[1] ?? '?'}, headless, fresh profile`,
  );
  line(
    'load average (1 min) at start / end',
    `${loadStart.toFixed(1)} / ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
  );
  line('first full sync (engine, worker)', `${count(sync.rows)} rows in ${seconds(sync.ms)}`);
  line('  rows/s', count(engineRate));
  line(
    `  feed requests open (${syncFeed.pages} pages)`,
    `${seconds(syncFeed.serverMs)}, overlapping the browser's writes`,
  );
  line(
    '  CPU of this process (the server) meanwhile',
    `${seconds((syncCpu.user + syncCpu.system) / 1000)} on ${cpus().length} cores`,
  );
  line(
    '  the same, every page answered at once',
    `${count(instant.rows)} rows in ${seconds(instant.ms)} (${replay.served} pages replayed)`,
  );
  line(
    "  server's share of the wall time (≤ 15%)",
    `${(((sync.ms - instant.ms) / sync.ms) * 100).toFixed(0)}%`,
  );
  line('raw Dexie bulkPut (worker, strict)', `${count(raw.rows)} rows in ${seconds(raw.writeMs)}`);
  line('  rows/s', count(rawRate));
  line(
    '  feed fetched, parsed, derived first',
    `${seconds(raw.fetchMs)} (server ${seconds(rawFeed.serverMs)}), not in the rate`,
  );
  line('engine / raw (target ≥ 0.8; > 1: faster than raw)', (engineRate / rawRate).toFixed(2));
  line('  browser side only (raw ms / replayed ms)', (raw.writeMs / instant.ms).toFixed(2));
  const engineWriteRate = raw.engineWrite.rows / (raw.engineWrite.ms / 1000);
  line(
    `engine's writePage, prefetched pages (1 in ${ENGINE_WRITE_SHARE})`,
    `${count(raw.engineWrite.rows)} rows, ${count(engineWriteRate)} rows/s, ` +
      `${(engineWriteRate / rawRate).toFixed(2)} of raw`,
  );
  line(
    'main-thread long tasks during the sync',
    `${sync.longTasks.count} (${ms(sync.longTasks.totalMs)} in all)`,
  );
  line(`change-to-screen, ${CHANGES} changes (p95 < 250)`, summary(latencies));
  line('enqueue to live query, engine idle (p95 < 16)', summary(enqueued.idle));
  line(`  ${ENQUEUES} more back to back`, summary(enqueued.busy));
  line('  then all sent and pulled back within', seconds(enqueued.drainMs));
  for (const [where, figures] of [
    ['in its worker (the app)', exported.worker],
    ['on the main thread (baseline)', exported.page],
  ] as const) {
    line(
      `order list to .xlsx, ${where}`,
      `${count(figures.rows)} rows, ${mb(figures.bytes)}, ${seconds(figures.ms)}; ` +
        `page long tasks ${figures.longTasks.count}, longest ${ms(figures.longTasks.maxMs)}`,
    );
  }
  line(
    `工作台 figures, ${count(dashboard.orders)} orders (target < 300 ms)`,
    `${summary(dashboard.readMs)} over ${dashboard.readMs.length} reads`,
  );
  line(
    '  baseline: the same figures counted from every order row',
    `${ms(dashboard.scanMs)}; kept = counted: ${dashboard.agree ? 'yes' : 'NO'}`,
  );
  line(
    '  the overdue orders read off the rows (its dialog)',
    `${count(dashboard.overdue)} orders in ${ms(dashboard.overdueMs)}`,
  );
  line('storage per 10k rows, engine', mb((sync.storageBytes / sync.rows) * 10_000));
  line('storage per 10k rows, raw', mb((raw.storageBytes / raw.rows) * 10_000));
  for (const [table, figures] of Object.entries(raw.tables)) {
    line(
      `  ${table}: ${count(figures.rows)} rows, JSON per row`,
      `${count(figures.jsonBytes / figures.rows)} B`,
    );
  }
  phases.push(['total', performance.now() - runStart]);
  line(
    'runtime',
    `${phases.map(([name, t]) => `${name} ${seconds(t)}`).join(', ')}` +
      (seeded.seedSeconds === null ? '; cached seed reused' : '; seeded now, cached for next runs'),
  );
} finally {
  await context?.close();
  await rm(profile, { recursive: true, force: true });
  await built?.dispose();
  await app.close();
  await database.close();
  await seeded.dispose();
}
