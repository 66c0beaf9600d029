// After a backup is restored, every device holds a cursor from the lost future: versions up to
// whatever the old server had handed out after the backup, which the restored one will hand out
// again for other changes. Left alone, a device would skip those changes for ever. So a restore
// moves the version sequence far ahead (past anything the old server can have reached) and the
// purge horizon with it: every cursor issued before is then older than the horizon and answered
// 410, and each device resyncs its companies from scratch, keeping its unsent changes (the
// client's 410 path), which it sends again after.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appMeta } from '../db/schema/index';
import { PURGED_KEY } from './retention';
import { write } from './write';

/**
 * How far the sequence jumps: more versions than any server writes between a backup and its
 * restore (2^40, about 10^12), and few enough jumps fit below 2^53 (JavaScript's exact integers).
 */
export const RESTORE_VERSION_GAP = 2 ** 40;

/** Marks a just-restored database: the new horizon every earlier cursor falls below. */
export async function markRestored(db: Db): Promise<number> {
  return write(db, async (tx) => {
    const result = (await tx.execute(
      sql`select setval('sync_version', nextval('sync_version') + ${RESTORE_VERSION_GAP}) as v`,
    )) as unknown as { rows: Array<{ v: string | number }> };
    const horizon = Number(result.rows[0]?.v);
    const value = String(horizon);
    await tx
      .insert(appMeta)
      .values({ key: PURGED_KEY, value })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
    return horizon;
  });
}
