// Every write to synced data goes through `write`: one transaction that runs the change, then
// records it in the feed and on the live channel (ChangeSet.flush). Two locks keep it right:
//  - the feed-order lock, held from the moment a transaction records its changes until it
//    commits: feed versions are handed out under it, so they commit in order (a feed reader can
//    never see version 12 before 11 commits and skip 11 for good). Held for three statements.
//  - the write lock, held for the whole transaction, serialises the business rules: a check and
//    the write it allows (a version or state check, the next sheet number, a quota) never
//    interleave with another writer's. A change that locks the rows it checks itself (SELECT …
//    FOR UPDATE) takes it shared (`rowLocked`), so such changes run side by side and only wait
//    for each other on the same rows; every other change takes it alone, as before.
// Always the write lock first, then the feed-order lock: never the other way round.
// A request's write waits for the locks and runs within the database timeouts (db/timeouts.ts).
import { type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Tx } from '../db/database';
import { executePrepared } from '../db/prepared';
import { unlimitedTimeouts } from '../db/timeouts';
import { ChangeSet } from './changeSet';

/** The next value of the one version sequence (call only inside `write`). */
export async function nextVersion(tx: Tx): Promise<number> {
  const result = (await tx.execute(sql`select nextval('sync_version')::bigint as v`)) as {
    rows: Array<{ v: string | number }>;
  };
  return Number(result.rows[0]?.v);
}

type WriteOptions = {
  /** No statement or lock timeout (a seed or bulk load). */
  unlimited?: boolean;
  /**
   * The change locks every row it checks before writing (SELECT … FOR UPDATE) and needs no other
   * rule of the write lock (no day numbers, no quota): it runs beside other such changes.
   */
  rowLocked?: boolean;
  /**
   * A value read in the write lock's statement (a round trip fewer), handed to the change. It is
   * read from the statement's snapshot, taken before the lock was granted: a write that committed
   * while this one waited for the lock is not in it.
   */
  readWithLock?: SQL | undefined;
};

export async function write<T>(
  db: Db,
  fn: (tx: Tx, changes: ChangeSet, readWithLock: unknown) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    if (options.unlimited) await tx.execute(unlimitedTimeouts);
    const writeLock = options.rowLocked
      ? sql`pg_advisory_xact_lock_shared(${ADVISORY_LOCKS.syncWrite})`
      : sql`pg_advisory_xact_lock(${ADVISORY_LOCKS.syncWrite})`;
    const locked = await executePrepared<{ read?: unknown }>(
      tx,
      options.readWithLock
        ? sql`select ${writeLock}, (${options.readWithLock}) as read`
        : sql`select ${writeLock}`,
    );
    const changes = new ChangeSet();
    const result = await fn(tx, changes, locked.rows[0]?.read ?? null);
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
