// `npm run start:cluster`: several server processes on one port of one machine (Node's cluster
// module shares the listening socket), on one PostgreSQL. The primary does the once-only work
// before any worker starts (document fonts, migrations, the demo seed, the production checks),
// restarts a worker that dies, and stops them all gracefully on SIGTERM. docs/deploy.md.
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { DEFAULT_DEMO_SEED, seedDemoData } from '../server/demo/seed/demo';
import { accountsWithDemoPassword, demoPasswordRefusal } from '../server/demo/seed/demoGuard';
import { prepareDocumentFonts } from '../server/documents/fonts';
import { REGEXP_FALLBACK_MISSING, regexpFallbackOn } from '../server/regexpFallback';

const NEEDS_POSTGRES =
  'start:cluster 需要 PostgreSQL：请设置 DATABASE_URL（内置的 PGlite 数据库只能由一个进程打开）。\n' +
  'start:cluster needs PostgreSQL: set DATABASE_URL (the embedded PGlite database can be opened by one process only).';

/** How long a worker may take to finish its requests and close its sockets on SIGTERM. */
const STOP_GRACE_MS = 30_000;
/** A worker that dies sooner than this after its start is restarted after a growing pause. */
const STABLE_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

/** CLUSTER_WORKERS: how many server processes (default 2). */
function workerCount(value: string | undefined): number | { problem: string } {
  if (value === undefined || value === '') return 2;
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 && count <= 64
    ? count
    : { problem: `CLUSTER_WORKERS must be a whole number from 1 to 64, not "${value}"` };
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The once-only work; returns the environment every worker gets. */
async function prepare(): Promise<Record<string, string>> {
  if (!regexpFallbackOn()) console.warn(REGEXP_FALLBACK_MISSING);
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    console.error(NEEDS_POSTGRES);
    process.exit(1);
  }
  // PORT=0: one free port for all workers, and the issuer URL must name it.
  const env: Record<string, string> = {};
  if (config.port === 0) {
    const port = await freePort(config.host);
    env.PORT = String(port);
    if (!process.env.PUBLIC_URL) env.PUBLIC_URL = `http://${config.host}:${port}`;
  }
  await prepareDocumentFonts((line) => console.info(line));
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (config.demoData) await seedDemoData(database, { seed: DEFAULT_DEMO_SEED });
    if (config.production && !config.demoDataExplicit) {
      const exposed = await accountsWithDemoPassword(database.db);
      if (exposed.length > 0) {
        console.error(demoPasswordRefusal(exposed));
        process.exit(1);
      }
    }
  } finally {
    await database.close();
  }
  return env;
}

async function primary(): Promise<void> {
  const count = workerCount(process.env.CLUSTER_WORKERS);
  if (typeof count !== 'number') {
    console.error(count.problem);
    process.exit(1);
  }
  const env = await prepare();
  // Workers run the ordinary server entry with this process's node flags (tsx's loader and the
  // regexp fallback of SERVER_NODE_FLAGS), so a worker is exactly `npm run server`.
  cluster.setupPrimary({
    // The server in this script's own form: the .ts source under tsx, the .js of the build.
    exec: fileURLToPath(
      new URL(`../server/main${import.meta.url.endsWith('.js') ? '.js' : '.ts'}`, import.meta.url),
    ),
    execArgv: process.execArgv,
  });

  let stopping = false;
  let everListened = false;
  const startedAt = new Map<Worker, number>();
  let restartDelay = 1000;

  const fork = () => {
    const worker = cluster.fork(env);
    startedAt.set(worker, Date.now());
  };
  cluster.on('listening', () => {
    everListened = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      // process.exitCode says whether the stop was asked for (0) or a failed start (1).
      if (startedAt.size === 0) process.exit();
      return;
    }
    const how = signal ?? `exit ${code}`;
    if (!everListened) {
      // No worker ever served: a setting or the database is wrong, and restarting will not help.
      console.error(`A server process stopped (${how}) before serving; stopping the cluster.`);
      stopping = true;
      process.exitCode = 1;
      for (const other of startedAt.keys()) other.process.kill('SIGTERM');
      if (startedAt.size === 0) process.exit();
      return;
    }
    restartDelay = lived >= STABLE_MS ? 1000 : Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    console.error(
      `Server process ${worker.process.pid} stopped (${how}); starting another in ${restartDelay / 1000} s.`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay).unref();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: stopping ${startedAt.size} server processes`);
    if (startedAt.size === 0) process.exit(0);
    // Each worker closes its websockets, finishes its requests and closes its database pool
    // (server/main.ts), then exits; one that hangs is killed after the grace period.
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  console.info(`Starting ${count} server processes (primary ${process.pid})`);
  for (let i = 0; i < count; i += 1) fork();
}

primary().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
