// The outbox as the engine (before each round) and the tab's screens (pending changes, refused
// chat messages) read it from the shared database; the engine's writes stay in engine/. Entries
// are validated on read (`readEntry`): one this app cannot read is kept and blocks its entity.
// Not in src/data because reading an entry needs the engine's rules (src/sync/core).
import type { PurchasingDb } from '../data/db';
import { uploadAnswers } from '../data/files';
import { readIdMapPairs } from '../data/meta';
import { MUTATION_LABELS } from '../domain/messages/sync';
import type { OutboxEntry } from './core/mutations';
import { explain, type Wait } from './core/ordering';
import { readEntry } from './core/storedEntry';
import type { IdMap, UploadedFile, UploadedFiles } from './core/types';

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

export async function loadIdMap(db: PurchasingDb): Promise<IdMap> {
  return new Map(await readIdMapPairs(db));
}

/** Client file id → upload, as the mutations send it (`objectNameOf`). */
export async function loadUploaded(db: PurchasingDb): Promise<UploadedFiles> {
  const uploaded = new Map<string, UploadedFile>();
  for (const [id, answer] of await uploadAnswers(db)) {
    uploaded.set(id, {
      object_name: answer.objectName,
      url: answer.url,
      name: answer.name,
      content_type: answer.contentType,
      size: answer.size,
    });
  }
  return uploaded;
}

/** Entries the server may not have: waiting, in flight, refused, or unreadable by this app. */
export async function unsentEntries(db: PurchasingDb): Promise<number> {
  const { entries, unreadable } = await loadOutbox(db);
  return entries.filter((entry) => entry.status !== 'applied').length + unreadable.length;
}

/**
 * The outbox with what each entry waits for, as the engine's ordering sees it for the user's
 * entries (never paused: the screen explains the queue, not the session).
 */
export async function explainOutbox(
  db: PurchasingDb,
  userSub: string,
  now: number,
): Promise<{ outbox: OutboxSnapshot; waits: Map<string, Wait> }> {
  const [outbox, idMap, uploaded] = await Promise.all([
    loadOutbox(db),
    loadIdMap(db),
    loadUploaded(db),
  ]);
  const state = { userSub, idMap, uploaded, paused: false, unreadable: outbox.blocked };
  return { outbox, waits: explain(outbox.entries, state, now) };
}

/** One entry that was never sent, as the user reads and copies it before it goes. */
export interface UnsentEntry {
  id: string;
  companyId: number;
  title: string;
  createdAt: number;
  /** The change as written (its payload), for copying. */
  text: string;
}

/** Entries the server never applied: what is lost when the database goes. */
export async function unsentEntryViews(db: PurchasingDb): Promise<UnsentEntry[]> {
  const { entries } = await loadOutbox(db);
  return entries
    .filter((entry) => entry.status !== 'applied')
    .map((entry) => ({
      id: entry.id,
      companyId: entry.companyId,
      title: MUTATION_LABELS[entry.type],
      createdAt: entry.createdAt,
      text: JSON.stringify(entry.payload, null, 2),
    }));
}
