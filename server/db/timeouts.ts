// How long the database may make a request wait (security review L13). Every write takes the one
// sync lock (write.ts), so one stuck write would stop every tenant's writes: on PostgreSQL each
// pooled connection starts with a statement, lock and idle-in-transaction timeout, a request
// waits a bounded time for a pooled connection, and what runs out is answered 503 (errors.ts),
// which the app's outbox retries. Seeds and bulk loads lift the limits for their transaction.
// PGlite runs in-process on one connection: no lock waits there, and it does not enforce
// statement_timeout (no timers in its WebAssembly build).
import { sql } from 'drizzle-orm';

export type DatabaseTimeouts = {
  /** Longest one statement may run (also bounds a lock wait inside it). */
  statementMs: number;
  /** Longest a statement waits for a lock: the sync write lock, a row lock. */
  lockMs: number;
};

/**
 * The slowest legitimate statement of a request is a 20 MB upload's insert (under a second on an
 * idle server); writes queue on the sync lock behind at most the pool's other nine connections.
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 30_000, lockMs: 10_000 };

/** node-postgres pool options: session defaults sent at connect, and the wait for a connection. */
export function poolTimeoutOptions(timeouts: DatabaseTimeouts) {
  return {
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    // A transaction left open between statements (a stalled handler) still holds the sync lock.
    idle_in_transaction_session_timeout: timeouts.statementMs,
    // All connections busy: wait this long for one, then answer 503 instead of queueing forever.
    connectionTimeoutMillis: timeouts.lockMs,
  };
}

/** For a seed or bulk load's transaction: no limit (0) until it commits. */
export const unlimitedTimeouts = sql`select set_config('statement_timeout', '0', true),
  set_config('lock_timeout', '0', true),
  set_config('idle_in_transaction_session_timeout', '0', true)`;

// query_canceled (statement_timeout), lock_not_available (lock_timeout), the session ended by
// idle_in_transaction_session_timeout.
const BUSY_CODES = new Set(['57014', '55P03', '25P03']);

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The driver's error behind `error` (drizzle wraps it, so the causes are walked): its SQLSTATE
 * code and, for a constraint violation, the constraint's name.
 */
export function databaseErrorOf(
  error: unknown,
): { code?: string; constraint?: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      return {
        code,
        message: current.message,
        ...(typeof constraint === 'string' ? { constraint } : {}),
      };
    }
    if (current.message === 'timeout exceeded when trying to connect') {
      return { message: current.message };
    }
    current = current.cause;
  }
  return undefined;
}

/**
 * A database error that means "too busy right now, try again": a timeout above, or no pooled
 * connection free in time.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const found = databaseErrorOf(error);
  if (!found) return false;
  return found.code === undefined || BUSY_CODES.has(found.code);
}
