// Tombstones are kept for a while (TOMBSTONE_RETENTION_DAYS), then purged; a client whose cursor
// predates the purge must resync that company from scratch (the feed answers 410).
import { and, eq, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appMeta, syncChanges } from '../db/schema/index';

export const PURGED_KEY = 'sync_purged_through';
export const TOMBSTONE_RETENTION_DAYS = 30;

/** The newest purged tombstone's version: a cursor below it may have missed that tombstone. */
export async function purgedThrough(db: Db): Promise<number> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, PURGED_KEY)).limit(1);
  return row ? Number(row.value) : 0;
}

/** Deletes tombstones recorded before `before` and moves the horizon up to the newest of them. */
export async function purgeTombstones(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const old = and(eq(syncChanges.op, 'delete'), lt(syncChanges.changedAt, before.toISOString()));
    const [newest] = await tx
      .select({ version: max(syncChanges.version) })
      .from(syncChanges)
      .where(old);
    const horizon = newest?.version ?? null;
    if (horizon === null) return 0;
    const deleted = await tx.delete(syncChanges).where(old).returning({ v: syncChanges.version });
    const value = String(horizon);
    await tx
      .insert(appMeta)
      .values({ key: PURGED_KEY, value })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: {
          value: sql`greatest(${appMeta.value}::bigint, ${value}::bigint)::text`,
          updatedAt: sql`now()`,
        },
      });
    return deleted.length;
  });
}
