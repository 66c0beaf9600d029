// Every write to synced data goes through `write`: one transaction that first takes the sync
// lock, so versions are handed out in commit order (a feed reader can never see version 12
// before 11 commits), then runs the change and records it in the feed and on the live channel.
// A request's write waits for the lock and runs within the database timeouts (db/timeouts.ts).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { unlimitedTimeouts } from '../db/timeouts';
import { ChangeSet } from './changeSet';

// Any constant works; all writers of synced rows must use the same one.
const SYNC_WRITE_LOCK = 7_301_002;

/** The next value of the one version sequence (call only inside `write`). */
export async function nextVersion(tx: Tx): Promise<number> {
  const result = (await tx.execute(sql`select nextval('sync_version')::bigint as v`)) as {
    rows: Array<{ v: string | number }>;
  };
  return Number(result.rows[0]?.v);
}

type WriteOptions = { unlimited?: boolean };

export async function write<T>(
  db: Db,
  fn: (tx: Tx, changes: ChangeSet) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    if (options.unlimited) await tx.execute(unlimitedTimeouts);
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_WRITE_LOCK})`);
    const changes = new ChangeSet();
    const result = await fn(tx, changes);
    await changes.flush(tx);
    return result;
  });
}

/**
 * `write` for a seed or bulk load: no statement or lock timeout in its transaction (the demo
 * seed runs for many seconds, and a second server starting beside it waits for it on the lock).
 */
export function bulkWrite<T>(db: Db, fn: (tx: Tx, changes: ChangeSet) => Promise<T>): Promise<T> {
  return write(db, fn, { unlimited: true });
}
