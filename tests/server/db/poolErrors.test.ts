// A pool connection lost while a request holds it (PostgreSQL restarting, an administrator
// terminating the backend) must fail that request, not the process: node-postgres emits 'error'
// on a checked-out client that is between statements, and pg-pool listens only on idle ones, so
// without a listener of ours the event is unhandled and the server exits (found by the system
// fault test: a server process died on a PostgreSQL restart). The pool then serves again.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { createPostgresDatabase, drivers, dropPostgresDatabase } from '../../support/databases';

describe.each(drivers.filter((d) => d === 'postgres'))('a lost pool connection on %s', () => {
  it('fails the transaction holding it and leaves the process and the pool working', async () => {
    const url = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: url });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const unhandled: unknown[] = [];
    const onUncaught = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      let pid = 0;
      let resume: () => void = () => undefined;
      const paused = new Promise<void>((resolve) => {
        resume = resolve;
      });
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const transaction = database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as {
          rows: Array<{ pid: number }>;
        };
        pid = result.rows[0]?.pid ?? 0;
        holding();
        // The request's code runs between two statements while the connection is lost.
        await paused;
        await tx.execute(sql`select 1`);
      });
      transaction.catch(() => undefined);
      await held;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // The FATAL message reaches the idle client: with no listener, an uncaught 'error'.
      await new Promise((resolve) => setTimeout(resolve, 300));
      resume();
      await expect(transaction).rejects.toThrow();
      expect(unhandled).toEqual([]);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      process.off('uncaughtException', onUncaught);
      await admin.end();
      await database.close();
      await dropPostgresDatabase(url);
    }
  });
});
