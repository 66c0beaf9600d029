// Tombstones are kept for a while, then purged; a client whose cursor predates the purge must
// resync that company from scratch (the feed answers 410).
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appMeta, syncChanges } from '../db/schema/index';

const PURGED_KEY = 'sync_purged_through';

/** Versions below this may have lost their tombstones. */
export async function purgedThrough(db: Db): Promise<number> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, PURGED_KEY)).limit(1);
  return row ? Number(row.value) : 0;
}

/** Deletes the tombstones with versions below `version` and records the horizon. */
export async function purgeTombstones(db: Db, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(syncChanges)
      .where(and(eq(syncChanges.op, 'delete'), lt(syncChanges.version, version)));
    await tx
      .insert(appMeta)
      .values({ key: PURGED_KEY, value: String(version) })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: {
          value: sql`greatest(${appMeta.value}::bigint, ${version})::text`,
          updatedAt: sql`now()`,
        },
      });
  });
}
