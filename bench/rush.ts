// The morning rush (issue 19 item 4): a company's field sales all open the app at 8:00 while
// their colleagues already work. Through Debian's nginx with deploy/nginx/purchasing.conf, in
// front of 1 and then 2 server processes on one PostgreSQL:
//  - RUSH_SYNCERS devices (default RUSH_CLIENTS, 8) first-sync the whole company, as the engine
//    pages the feed, each holding its live socket; RUSH_PUSHERS (default RUSH_CLIENTS) others
//    push owner changes and messages through the outbox's calls;
//  - printed: aggregate feed rows/s, p50/p95 page and push latency, errors, and the CPU time of
//    the servers, PostgreSQL and nginx per 1,000 feed rows and per push (from /proc).
// Baselines in the same run, so noisy runs stay comparable: the raw range read of the stored
// rows (readFeedPage), one device syncing alone, the pushers alone. docs/capacity.md models from
// these unit costs. RUSH_FAULTS=1 adds kill -9 of a server and a PostgreSQL restart mid-rush
// (bench/rush/faults.ts). Scale: BENCH_SHEETS/BENCH_ORDERS (20000), BENCH_TODOS (10000).
import { cpus, loadavg } from 'node:os';
import { freePort } from '../e2e/proxy/stack';
import { readFeedPage } from '../server/routes/feedPage';
import { cpuMeter, peakRssMb } from './rush/cpu';
import { checkEngines, engineLoad, openEngines } from './rush/engines';
import { afterFaults, type FaultPlan, faultPlan } from './rush/faults';
import { percentile, printTable, pushLines, syncLines } from './rush/figures';
import { type PushFigures, pushUntil } from './rush/pusher';
import {
  type Company,
  type Deployment,
  databaseSizes,
  deploy,
  postgres,
  postmasterPid,
  seededCompany,
  tokenFor,
} from './rush/stack';
import { type Device, FEED_PAGE, firstSync, follower, liveSocket } from './rush/syncer';

const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const scale = {
  sheets: int('BENCH_SHEETS', 20_000),
  orders: int('BENCH_ORDERS', 20_000),
  todos: int('BENCH_TODOS', 10_000),
};
const clients = int('RUSH_CLIENTS', 8);
const syncers = int('RUSH_SYNCERS', clients);
const pushers = int('RUSH_PUSHERS', clients);
const pushSeconds = int('RUSH_PUSH_SECONDS', 10);
const pauseMs = int('RUSH_PUSH_PAUSE_MS', 100);
/** Devices running the real engine (headless, fake-indexeddb) in the faults mode. */
const engines = int('RUSH_ENGINES', 2);
const processCounts = (process.env.RUSH_PROCESSES ?? '1,2').split(',').map(Number);
const faults = process.env.RUSH_FAULTS === '1';
/** What the faults mode did and when (printed under its configuration's table). */
const faultLog: string[] = [];

const started = Date.now();
const log = (line: string) =>
  console.info(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** The baseline of the feed: the route's own range read of the stored rows, in this process. */
async function rawRead(company: Company) {
  const start = performance.now();
  let rows = 0;
  for (let cursor = 0; ; ) {
    const page = await readFeedPage(company.database.db, company.companyId, cursor, FEED_PAGE);
    rows += page.length;
    if (page.length < FEED_PAGE) break;
    cursor = Number(page.at(-1)?.version ?? cursor);
  }
  return { rows, rate: rows / ((performance.now() - start) / 1000) };
}

async function devicesOn(company: Company, deployment: Deployment, count: number, from: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const member = company.members[(from + i) % company.members.length];
      if (!member) throw new Error('no member');
      const token = await tokenFor(company, deployment.url, member.accountId);
      return {
        baseUrl: deployment.url,
        token,
        accountId: member.accountId,
        companyId: company.companyId,
      };
    }),
  );
}

/** Pushers on their own sheets (no two share one) until `stop`. */
function startPushers(company: Company, devices: Device[], stop: AbortSignal) {
  const colleagues = company.members.map((m) => m.contactId);
  return devices.map((device, i) =>
    pushUntil(
      device,
      company.targets.filter((_, t) => t % devices.length === i),
      colleagues,
      pauseMs,
      stop,
    ),
  );
}

async function configuration(
  company: Company,
  pgPid: number,
  processes: number,
  plan: FaultPlan | null,
) {
  const ports = {
    servers: int('RUSH_SERVER_PORT', 0) || (await freePort()),
    nginx: int('RUSH_NGINX_PORT', 0) || (await freePort()),
  };
  const deployment = await deploy(company.url, processes, ports);
  log(`${processes} server process(es) behind nginx ${deployment.url}`);
  const syncDevices = await devicesOn(company, deployment, syncers, 0);
  const pushDevices = await devicesOn(company, deployment, pushers, syncers);
  const sockets = [...syncDevices, ...pushDevices].map(liveSocket);
  const pokes = () => sockets.reduce((a, s) => a + s.state.pokes, 0);
  const meter = () =>
    cpuMeter({
      servers: deployment.serverPids(),
      postgres: [pgPid],
      nginx: [deployment.nginxPid],
      bench: [process.pid],
    });
  const columns: Record<string, Record<string, string>> = {};
  try {
    // Warm-up (JIT, pools, caches): a few pages per process, not measured.
    await Promise.all(
      syncDevices.slice(0, processes * 2).map((device) => {
        const stop = new AbortController();
        let pages = 0;
        return firstSync(device, { stop: stop.signal, onPage: () => ++pages >= 5 && stop.abort() });
      }),
    );

    // Baseline 1: one device alone.
    let cpu = meter();
    let t0 = performance.now();
    const alone = await firstSync(syncDevices[0] as Device);
    columns['one device alone'] = syncLines({
      syncs: [alone],
      seconds: (performance.now() - t0) / 1000,
      cpu: cpu.stop(),
    });
    log(`alone: ${alone.rows} rows in ${alone.seconds.toFixed(1)} s`);

    // Baseline 2: the pushers alone (the syncers' sockets open: each push pokes them all).
    cpu = meter();
    let pokesBefore = pokes();
    const quiet = new AbortController();
    setTimeout(() => quiet.abort(), pushSeconds * 1000);
    t0 = performance.now();
    const pushedAlone = await Promise.all(startPushers(company, pushDevices, quiet.signal));
    columns['pushers alone'] = pushLines({
      pushes: pushedAlone,
      seconds: (performance.now() - t0) / 1000,
      cpu: cpu.stop(),
      pokes: pokes() - pokesBefore,
    });

    // The faults mode's engine devices: their own sheets, their first sync before the rush.
    const engineTargets = plan && engines > 0 ? company.targets.splice(-20 * engines) : [];
    const opened =
      plan && engines > 0 ? await openEngines(company, deployment, engines, engineTargets) : null;
    if (opened) log(`${engines} engine devices first-synced in ${opened.seconds.toFixed(0)} s`);

    // The rush: every syncer from the start while the pushers push, until the last sync ends.
    cpu = meter();
    pokesBefore = pokes();
    const busy = new AbortController();
    t0 = performance.now();
    const pushing = Promise.all(startPushers(company, pushDevices, busy.signal));
    const engineWork = opened ? engineLoad(company, opened.devices, 300, busy.signal) : null;
    const progress = plan?.progress(deployment) ?? (() => {});
    const syncs = await Promise.all(
      syncDevices.map((device) => firstSync(device, { onPage: progress })),
    );
    busy.abort();
    const pushed: PushFigures[] = await pushing;
    await engineWork;
    const seconds = (performance.now() - t0) / 1000;
    const used = cpu.stop();
    const rss = peakRssMb(deployment.serverPids()).map((mb) => mb.toFixed(0));
    columns[`rush: ${syncers} sync + ${pushers} push`] = {
      ...syncLines({ syncs, seconds, cpu: used }),
      ...pushLines({ pushes: pushed, seconds, cpu: used, pokes: pokes() - pokesBefore }, false),
      'server processes’ peak RSS': `${rss.join(' + ')} MB`,
      'live socket errors': String(
        sockets.reduce((a, socket) => a + socket.state.errors.length, 0),
      ),
    };
    log(`rush: ${syncs.reduce((a, s) => a + s.rows, 0)} rows in ${seconds.toFixed(1)} s`);
    if (plan) {
      // Killed processes take their CPU time with them: no unit costs from a faulted run.
      const rush = columns[`rush: ${syncers} sync + ${pushers} push`] ?? {};
      for (const key of Object.keys(rush)) if (key.startsWith('CPU')) rush[key] = '— (faults)';
      const all = [...pushedAlone, ...pushed];
      const after = await afterFaults(plan, company, syncs, all, pushDevices, sockets);
      if (opened) {
        const failures = await checkEngines(company, opened.devices);
        after['engine devices: first sync'] = `${opened.seconds.toFixed(0)} s`;
        after['engine devices: entries'] = String(
          opened.devices.reduce((a, d) => a + d.entries, 0),
        );
        after['engine devices: checks'] =
          failures.length === 0 ? 'all passed' : `FAILED: ${failures.join('; ')}`;
        await Promise.all(opened.devices.map((d) => d.client.close()));
      }
      columns['after faults'] = after;
    }

    // Steady work after the rush: the pushers again, and every synced device pulls on each poke
    // (the live fan-out: one change costs a pull on every online device of the company).
    if (!plan) {
      const followers = syncs.map((sync, i) => {
        const follow = follower(syncDevices[i] as Device, sync.cursor);
        const socket = sockets[i];
        if (socket) socket.state.onPoke = follow.poke;
        return follow;
      });
      cpu = meter();
      pokesBefore = pokes();
      const steady = new AbortController();
      setTimeout(() => steady.abort(), pushSeconds * 1000);
      t0 = performance.now();
      const pushedSteady = await Promise.all(startPushers(company, pushDevices, steady.signal));
      await Promise.all(followers.map((f) => f.idle()));
      for (const socket of sockets) socket.state.onPoke = null;
      const pullMs = followers.flatMap((f) => f.figures.pullMs);
      columns[`pushers + ${syncers} following`] = {
        ...pushLines({
          pushes: pushedSteady,
          seconds: (performance.now() - t0) / 1000,
          cpu: cpu.stop(),
          pokes: pokes() - pokesBefore,
        }),
        'pulls on pokes (rows)': `${followers.reduce((a, f) => a + f.figures.pulls, 0)} (${followers.reduce((a, f) => a + f.figures.rows, 0)})`,
        'pull p50 / p95': `${percentile(pullMs, 50).toFixed(0)} ms / ${percentile(pullMs, 95).toFixed(0)} ms`,
      };
    }

    // Bandwidth of a browser that asks gzip only (Safari on older phones, some proxies).
    if (processes === processCounts[0]) {
      const gzip = await firstSync(syncDevices[0] as Device, { encodings: 'gzip' });
      columns['gzip only (alone)'] = {
        'wire bytes per row (JSON)': `${(gzip.wireBytes / gzip.rows).toFixed(0)} (${(gzip.jsonBytes / gzip.rows).toFixed(0)})`,
        'feed rows/s (aggregate)': Math.round(gzip.rows / gzip.seconds).toLocaleString('en-US'),
      };
    }
  } finally {
    for (const socket of sockets) socket.close();
    await deployment.stop();
  }
  return columns;
}

const pg = await postgres(faults);
try {
  log(
    `seeding ${scale.sheets} sheets, ${scale.orders} orders, ${scale.todos} to-dos on PostgreSQL`,
  );
  const company = await seededCompany(
    pg.adminUrl,
    scale,
    syncers + pushers + (faults ? engines : 0),
  );
  try {
    log(
      `seeded ${company.seeded.feedEntries} feed entries in ${(company.seeded.elapsedMs / 1000).toFixed(0)} s; ${company.members.length} members`,
    );
    const pgPid = await postmasterPid(company.database);
    const sizes = await databaseSizes(company.database);
    await rawRead(company);
    const raw = [await rawRead(company), await rawRead(company)].sort((a, b) => b.rate - a.rate)[0];
    const results: Array<[number, Record<string, Record<string, string>>]> = [];
    for (const processes of processCounts) {
      const plan =
        faults && processes === processCounts.at(-1)
          ? faultPlan(pg, syncers, raw?.rows ?? 0, faultLog)
          : null;
      results.push([processes, await configuration(company, pgPid, processes, plan)]);
    }
    console.info(
      `\nrush bench: ${scale.sheets} sheets, ${scale.orders} orders, ${scale.todos} to-dos; ${syncers} syncing + ${pushers} pushing devices; ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.info(
      `  raw range read (readFeedPage, in process): ${Math.round(raw?.rate ?? 0).toLocaleString('en-US')} rows/s over ${raw?.rows} rows`,
    );
    console.info(
      `  database ${sizes.databaseMb.toFixed(0)} MB, of which the feed (sync_changes and its indexes) ${sizes.feedMb.toFixed(0)} MB`,
    );
    for (const [processes, columns] of results) {
      printTable(`${processes} server process(es) behind nginx`, Object.entries(columns));
      if (columns['after faults']) for (const line of faultLog) console.info(`  fault: ${line}`);
    }
  } finally {
    await company.drop();
  }
} finally {
  await pg.stop();
}
