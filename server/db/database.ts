// Opens the server's database: PGlite under DATA_DIR by default, a real PostgreSQL when
// DATABASE_URL is set. Both speak the same SQL, so the rest of the server sees one `Db` type.
import { mkdir, readdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisoryLocks';
import { type BinaryRow, copyBinary } from './copyBinary';
import { type ListenEvents, listenWithReconnect } from './pgListener';
import { PGLITE_BYTEA } from './pgliteBytea';
import * as schema from './schema/index';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, poolTimeoutOptions } from './timeouts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on `Db` (the handle `write` and `db.transaction` give their callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: loaders and lookups run the same inside a write and outside one. */
export type Reader = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs the pending migrations; safe when several servers start against one PostgreSQL. */
  migrate(): Promise<void>;
  /** Whether `migrate` has finished in this process (/readyz). */
  readonly migrated: boolean;
  /**
   * PGlite only: its data directory as a gzipped tar, consistent (taken between transactions,
   * which wait meanwhile), for `npm run backup` while the server runs. PostgreSQL has pg_dump.
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /** PostgreSQL's pool now (/metrics); absent on PGlite, which has one in-process connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Cheap liveness check used by /healthz. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: `handler` gets every NOTIFY payload sent after commit, by this process or
   * any other on the same database. Resolves to a function that stops listening. On PostgreSQL a
   * lost connection is retried without end (`events` hear of it); in-process PGlite cannot lose it.
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: `copy (select …) to stdout with (format binary)`, each row's fields as
   * bytes (copyBinary.ts), for a reader that passes stored text on without decoding it.
   */
  copyBinary?(statement: string, onRow: (row: BinaryRow) => void): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** PostgreSQL's statement and lock timeouts (timeouts.ts); the defaults when absent. */
  dbTimeouts?: DatabaseTimeouts | undefined;
};

const MIGRATIONS_FOLDER = new URL('./migrations', import.meta.url).pathname;
const MIGRATION_LOCK_ID = ADVISORY_LOCKS.migrations;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.dbTimeouts ?? DEFAULT_DATABASE_TIMEOUTS);
  }
  return openPglite(options.dataDir);
}

/**
 * Writes a PGlite backup (`dumpDataDir`'s gzipped tar) into `dataDir`, which must not exist yet
 * or be empty: a restore never mixes with a database that is there.
 */
export async function loadPgliteDataDir(dataDir: string, tar: Uint8Array): Promise<void> {
  const present = await readdir(dataDir).catch(() => []);
  if (present.length > 0) throw new Error(`${dataDir} is not empty: restore into a new folder`);
  await mkdir(dataDir, { recursive: true });
  const client = new PGlite(dataDir, {
    ...PGLITE_BYTEA,
    loadDataDir: new Blob([new Uint8Array(tar)]),
  });
  await client.waitReady;
  await client.close();
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  // No dataDir, or `memory://`, means an in-memory database that vanishes with the process.
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const client = inMemory ? new PGlite(PGLITE_BYTEA) : new PGlite(dataDir, PGLITE_BYTEA);
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  let migrated = false;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      // PGlite is single-connection and in-process: no other migrator can race this one.
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      migrated = true;
    },
    get migrated() {
      return migrated;
    },
    async dumpDataDir() {
      // Inside a transaction: no other transaction runs while the files are read; recovery on
      // the restored copy rolls this empty one back.
      const tar = await client.transaction(async () => client.dumpDataDir('gzip'));
      return new Uint8Array(await tar.arrayBuffer());
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, handler) {
      const stop = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, timeouts: DatabaseTimeouts): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...poolTimeoutOptions(timeouts) });
  // A dropped idle connection must not crash the process; the pool reconnects on next use.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  // Nor one lost while a request holds it between two statements (PostgreSQL restarting): the
  // pool listens on idle connections only, and an unheard 'error' would end the process. The
  // request's next statement fails, and the connection is discarded when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  });
  const db = drizzlePg({ client: pool, schema });
  let migrated = false;
  return {
    kind: 'postgres',
    db,
    get migrated() {
      return migrated;
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // One connection holds an advisory lock for the whole run, so servers starting together
      // apply each migration once.
      const connection = await pool.connect();
      try {
        // Waits for another server's migrations, and a migration may rewrite a large table.
        await connection.query('set statement_timeout = 0');
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzlePg({ client: connection, schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
        migrated = true;
      } finally {
        await connection
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => {});
        await connection.query('reset statement_timeout').catch(() => {});
        connection.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen(channel, handler, events) {
      // A dedicated connection outside the pool (LISTEN is per session), reconnected on loss.
      return listenWithReconnect(url, channel, handler, events);
    },
    copyBinary: (statement, onRow) => copyBinary(pool, statement, onRow),
    async close() {
      await pool.end();
    },
  };
}
