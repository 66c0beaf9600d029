// `npm run seed -- [--sheets N] [--orders N] [--todos N] [--company ID] [--seed N]`: fills a
// database the way the server finds it (DATABASE_URL, else PGlite in DATA_DIR). An empty database
// gets the demo data first; with counts, one company then gets bench-scale documents.

import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { dataDirBusyMessage, dataDirStatus } from '../../db/dataDirGuard';
import { companies } from '../../db/schema/index';
import { type BulkProgress, seedBulk } from './bulk';
import { SeedContextError } from './bulkContext';
import { DEFAULT_DEMO_SEED, demoAccountLines, seedDemoData } from './demo';

const USAGE = `Usage: npm run seed -- [--sheets N] [--orders N] [--todos N] [--company ID] [--seed N] [--force]

Fills the database the server uses (DATABASE_URL, else PGlite in DATA_DIR, default ./data).
An empty database gets the demo data first. With counts, one company (default: the first buyer
company) gets that many purchase sheets, orders and to-dos, with their sync feed entries.
  --sheets N    purchase sheets (up to half of them become orders)
  --orders N    orders in total
  --todos N     to-dos and messages on those documents
  --company ID  the company to fill
  --seed N      random seed (default ${DEFAULT_DEMO_SEED}); the same seed gives the same data
  --chunk N     documents per transaction (default 1000)
  --force       skip the check that no server has the PGlite data directory open`;

const format = (n: number): string => Math.round(n).toLocaleString('en-US');

function count0(value: string | undefined, name: string, max = 10_000_000): number {
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value) || Number(value) > max) {
    throw new UsageError(
      `--${name} must be a whole number from 0 to ${format(max)}, not "${value}".`,
    );
  }
  return Number(value);
}

class UsageError extends Error {}

function progressLine(p: BulkProgress): string {
  const seconds = Math.max(p.elapsedMs / 1000, 0.001);
  return `  ${p.phase.padEnd(6)} ${format(p.done).padStart(10)} / ${format(p.total)}   ${format(p.rows / seconds)} rows/s`;
}

/** Runs the command; answers the exit code. */
export async function runSeedCli(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let args: ReturnType<typeof parse>;
  let sizes: {
    sheets: number;
    orders: number;
    todos: number;
    chunk: number;
    seed: number;
    company?: number;
  };
  try {
    args = parse(argv);
    if (args.help) {
      console.info(USAGE);
      return 0;
    }
    sizes = {
      sheets: count0(args.sheets, 'sheets'),
      orders: count0(args.orders, 'orders'),
      todos: count0(args.todos, 'todos'),
      chunk: count0(args.chunk, 'chunk', 5000) || 1000,
      seed: args.seed === undefined ? DEFAULT_DEMO_SEED : count0(args.seed, 'seed', 2 ** 32 - 1),
      ...(args.company === undefined
        ? {}
        : { company: count0(args.company, 'company', 2 ** 53 - 1) }),
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig(env);
  const onPglite = !config.databaseUrl && !config.dataDir.startsWith('memory://');
  if (onPglite && !args.force) {
    const busy = dataDirBusyMessage(config.dataDir, await dataDirStatus(config.dataDir));
    if (busy) {
      console.error(busy);
      return 1;
    }
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.info(`Seeding ${where}`);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const [existing] = await database.db.select({ n: count() }).from(companies);
    if ((existing?.n ?? 0) === 0) {
      const demo = await seedDemoData(database, { seed: sizes.seed });
      if (demo) {
        console.info(
          `Demo data: ${demo.companies} companies, ${demo.sheets} sheets, ${demo.orders} orders, ${demo.todos} to-dos. Accounts:`,
        );
        for (const line of demoAccountLines()) console.info(`  ${line}`);
      }
    }
    if (sizes.sheets + sizes.orders + sizes.todos === 0) return 0;
    const summary = await seedBulk(database, {
      sheets: sizes.sheets,
      orders: sizes.orders,
      todos: sizes.todos,
      seed: sizes.seed,
      chunkSize: sizes.chunk,
      ...(sizes.company === undefined ? {} : { companyId: sizes.company }),
      onProgress: (p) => console.info(progressLine(p)),
    });
    const seconds = summary.elapsedMs / 1000;
    console.info(
      `Done: ${summary.company.name} (id ${summary.company.id}) got ${format(summary.sheets)} sheets, ` +
        `${format(summary.orders)} orders, ${format(summary.todos)} to-dos; ${format(summary.rows)} rows ` +
        `(${format(summary.feedEntries)} feed entries) in ${seconds.toFixed(1)} s = ${format(summary.rows / Math.max(seconds, 0.001))} rows/s.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SeedContextError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      sheets: { type: 'string' },
      orders: { type: 'string' },
      todos: { type: 'string' },
      company: { type: 'string' },
      seed: { type: 'string' },
      chunk: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return values;
}
