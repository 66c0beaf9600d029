// The engine's writes to the outbox table and the id map: entries changed by a core step put
// back (or removed), the id map saved after a create's answer. Reads, which the screens share,
// are src/sync/outbox.ts.
import type { PurchasingDb } from '../../data/db';
import { writeIdMapPairs } from '../../data/meta';
import type { OutboxEntry } from '../core/mutations';
import type { IdMap } from '../core/types';

/** Entries changed by a core step, written back; `remove` ids are deleted. */
export async function saveEntries(
  db: PurchasingDb,
  entries: readonly OutboxEntry[],
  remove: readonly string[] = [],
): Promise<void> {
  const removed = new Set(remove);
  const puts = entries.filter((entry) => !removed.has(entry.id));
  if (puts.length) await db.outbox.bulkPut(puts);
  if (removed.size) await db.outbox.bulkDelete([...removed]);
}

export function saveIdMap(db: PurchasingDb, map: IdMap): Promise<void> {
  return writeIdMapPairs(db, [...map.entries()]);
}

/** Entries of the company, the ones a pull of that company rebases. */
export const ofCompany = (entries: readonly OutboxEntry[], companyId: number) =>
  entries.filter((entry) => entry.companyId === companyId);
