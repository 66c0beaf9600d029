// Reading and writing the outbox table and the id map for the engine. Entries are read back
// through `readEntry` (validated, payload upgraded); one this app cannot read is never sent nor
// dropped: its entity stays blocked from its sequence on (ordering.ts `unreadable`).
import type { PurchasingDb } from '../../data/db';
import { readIdMapPairs, writeIdMapPairs } from '../../data/meta';
import { entityOf, type OutboxEntry } from '../core/mutations';
import { readEntry } from '../core/storedEntry';
import { entityKey, type IdMap } from '../core/types';

export interface Unreadable {
  id: string | null;
  entity: string | null;
  seq: number | null;
  reason: string;
}

export interface OutboxSnapshot {
  /** Readable entries, in enqueue order. */
  entries: OutboxEntry[];
  unreadable: Unreadable[];
  /** Entity key → seq of its first unreadable entry (for ordering's `unreadable`). */
  blocked: Map<string, number>;
}

export async function loadOutbox(db: PurchasingDb): Promise<OutboxSnapshot> {
  const raw = await db.outbox.toArray();
  const entries: OutboxEntry[] = [];
  const unreadable: Unreadable[] = [];
  const blocked = new Map<string, number>();
  for (const stored of raw) {
    const read = readEntry(stored);
    if (read.ok) {
      entries.push(read.entry);
      continue;
    }
    const seq = typeof stored.seq === 'number' ? stored.seq : null;
    unreadable.push({ id: read.id, entity: read.entity, seq, reason: read.reason });
    if (read.entity !== null) {
      const from = seq ?? Number.NEGATIVE_INFINITY;
      blocked.set(read.entity, Math.min(blocked.get(read.entity) ?? from, from));
    }
  }
  entries.sort((a, b) => a.seq - b.seq);
  return { entries, unreadable, blocked };
}

/** One entry by id, or undefined (gone, or unreadable). */
export async function loadEntry(db: PurchasingDb, id: string): Promise<OutboxEntry | undefined> {
  const stored = await db.outbox.get(id);
  if (!stored) return undefined;
  const read = readEntry(stored);
  return read.ok ? read.entry : undefined;
}

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

export async function loadIdMap(db: PurchasingDb): Promise<IdMap> {
  return new Map(await readIdMapPairs(db));
}

export function saveIdMap(db: PurchasingDb, map: IdMap): Promise<void> {
  return writeIdMapPairs(db, [...map.entries()]);
}

/** Entries of the company, the ones a pull of that company rebases. */
export const ofCompany = (entries: readonly OutboxEntry[], companyId: number) =>
  entries.filter((entry) => entry.companyId === companyId);

/** The ordering key of an entry as text (follows id mappings). */
export const entityOfEntry = (entry: OutboxEntry): string => entityKey(entityOf(entry));

/** Entries the server may not have: waiting, in flight, refused, or unreadable by this app. */
export async function unsentEntries(db: PurchasingDb): Promise<number> {
  const { entries, unreadable } = await loadOutbox(db);
  return entries.filter((entry) => entry.status !== 'applied').length + unreadable.length;
}
