// Runs the supplier simulator in the server process: one simulateOnce step every
// timing.intervalMs (SIM_SPEED scales it), only when SIM=on. Several server processes may share
// one PostgreSQL, and exactly one of them may play the supplier: the one holding a session-level
// advisory lock on a dedicated connection. The others retry the lock every tick, so when the
// holder stops (or its connection drops, which releases the lock) another takes over. PGlite is
// one process by construction and needs no lock. A failing step is logged and the timer carries
// on; a record whose action fails is left alone for a while so it cannot hog every step.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { ServerConfig } from '../../config';
import { ADVISORY_LOCKS } from '../../db/advisoryLocks';
import type { Database } from '../../db/database';
import { mulberry32 } from '../seed/random';
import { type SimSummary, simulateOnce } from './simulator';
import { simTiming } from './timing';

export type SimLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export type RunnerOptions = {
  /** After every tick: its summary, or null when another process plays the supplier. */
  onTick?: (summary: SimSummary | null) => void;
  /** The step to run (tests replace it); simulateOnce by default. */
  step?: typeof simulateOnce;
  /** Seed of the random stream (the same seed on the same data gives the same quotes). */
  seed?: number;
  /** Act only on work started at or after this instant (epoch ms); default: when started. */
  since?: number;
};

const SIMULATOR_LOCK_ID = ADVISORY_LOCKS.simulator;
const DEFAULT_SEED = 2026;
/** How long a record whose action failed is skipped, at speed 1. */
const BACKOFF_MS = 5 * 60_000;
/** A lock connection that stops answering is given up after this long (and reopened). */
const LOCK_QUERY_TIMEOUT_MS = 10_000;

type Leadership = {
  /** True when this process may act now (takes the lock if it can). */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
};

const alwaysLeader: Leadership = { acquire: async () => true, release: async () => {} };

function postgresLeadership(url: string): Leadership {
  let client: pg.Client | null = null;
  let held = false;
  const drop = () => {
    const gone = client;
    client = null;
    held = false;
    gone?.end().catch(() => {});
  };
  return {
    async acquire() {
      try {
        if (client && held) {
          // Still connected means still holding: the lock lives as long as the session.
          await client.query('select 1');
          return true;
        }
        if (!client) {
          const next = new pg.Client({
            connectionString: url,
            keepAlive: true,
            query_timeout: LOCK_QUERY_TIMEOUT_MS,
          });
          next.on('error', () => {
            if (client === next) drop();
          });
          client = next;
          await next.connect();
        }
        const result = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [SIMULATOR_LOCK_ID],
        );
        held = result.rows[0]?.locked === true;
        return held;
      } catch (error) {
        drop();
        throw error;
      }
    },
    async release() {
      const current = client;
      client = null;
      if (!current) return;
      // Ending the session releases the lock; unlocking first lets a waiting process in sooner.
      if (held)
        await current.query('select pg_advisory_unlock($1)', [SIMULATOR_LOCK_ID]).catch(() => {});
      held = false;
      await current.end().catch(() => {});
    },
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Starts the simulator when config.simulator.enabled; returns the function that stops it (it
 * waits for a running step, then lets go of the lock). Call it after the database is migrated
 * (onReady) and stop it before the database closes (onClose).
 */
export function startSimulator(
  database: Database,
  config: Pick<ServerConfig, 'simulator' | 'databaseUrl'>,
  log: SimLog,
  options: RunnerOptions = {},
): () => Promise<void> {
  if (!config.simulator.enabled) return async () => {};
  let leadership = alwaysLeader;
  if (database.kind === 'postgres') {
    if (!config.databaseUrl) {
      log.error({}, 'supplier simulator not started: PostgreSQL without DATABASE_URL');
      return async () => {};
    }
    leadership = postgresLeadership(config.databaseUrl);
  }
  const speed = config.simulator.speed;
  const timing = simTiming(speed);
  const step = options.step ?? simulateOnce;
  const random = mulberry32(options.seed ?? DEFAULT_SEED);
  const backoff = new Map<string, number>();
  // The demo data keeps its states; what buyers do from now on gets the supplier's answers.
  const since = new Date(options.since ?? Date.now());
  let leader: boolean | null = null;
  let lastError: string | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const tick = async () => {
    const isLeader = await leadership.acquire();
    if (isLeader !== leader) {
      leader = isLeader;
      log.info(
        { speed },
        isLeader ? 'supplier simulator running' : 'supplier simulator: another process runs it',
      );
    }
    if (!isLeader) {
      options.onTick?.(null);
      return;
    }
    const now = Date.now();
    for (const [key, until] of backoff) if (until <= now) backoff.delete(key);
    const skipped = (prefix: string) =>
      [...backoff.keys()]
        .filter((k) => k.startsWith(prefix))
        .map((k) => Number(k.slice(prefix.length)));
    const summary = await step(database.db, {
      now: new Date(now),
      since,
      random,
      speed,
      skip: {
        sheets: skipped('sheet:'),
        orders: skipped('order:'),
        messages: skipped('message:'),
      },
    });
    for (const failure of summary.failed) {
      log.warn(
        { err: failure.error, kind: failure.kind, id: failure.id },
        'supplier simulator action failed',
      );
      backoff.set(failure.key, now + BACKOFF_MS / speed);
    }
    if (summary.actions.length > 0) {
      log.debug({ actions: summary.actions.length }, 'supplier simulator step');
    }
    options.onTick?.(summary);
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .then(() => {
          lastError = null;
        })
        .catch((error: unknown) => {
          // The same failure every tick (the database is down) is logged once.
          if (errorText(error) !== lastError)
            log.error({ err: error }, 'supplier simulator step failed');
          lastError = errorText(error);
        })
        .finally(() => {
          running = null;
          schedule();
        });
    }, timing.intervalMs);
    timer.unref();
  };
  schedule();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    await leadership.release();
  };
}
