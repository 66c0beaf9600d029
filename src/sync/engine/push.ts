// Sending outbox entries and recording their answers. Each answer is written in ONE transaction
// with everything it implies: applied → the answered row (with later pending effects on it), the
// temporary ids it created mapped in rows, entries and the stored id map; retry → backoff;
// refused → failed with the server's message and the effect rolled back (onto the server's row
// for a 409); 401 → the entry waits unchanged and the engine pauses pushing.
import type { PurchasingDb } from '../../data/db';
import { applyOutcome, isExpired, isStaleAnswer, markSending, onApplied } from '../core/lifecycle';
import { type OutboxEntry, requestTarget, toRequest, touchedKey } from '../core/mutations';
import { classifyAnswer, classifyError, type Outcome } from '../core/outcomes';
import { rollback } from '../core/rebase';
import { asRow, type IdMap, PENDING_FIELD, parseRowKey, type UploadedFiles } from '../core/types';
import { loadEntry, loadIdMap, loadOutbox } from '../outbox';
import { call, type FetchLike, type UploadLike } from './http';
import { engineTables, remapTemporaryRows, writeRows } from './localRows';
import { saveEntries, saveIdMap } from './outboxStore';

export interface PushDeps {
  db: PurchasingDb;
  fetch: FetchLike;
  /** Uploads with progress (the worker's XMLHttpRequest); absent: `fetch`, no progress. */
  upload?: UploadLike;
  baseUrl: string;
  now(): number;
  random(): number;
}

/** Sends one entry and classifies what came back (or did not). */
export async function send(
  deps: PushDeps,
  entry: OutboxEntry,
  token: string,
  idMap: IdMap,
  uploaded: UploadedFiles,
): Promise<Outcome> {
  const request = toRequest(entry, idMap, uploaded);
  const result = await call(deps.fetch, deps.baseUrl, {
    method: request.method,
    target: requestTarget(request),
    token,
    headers: request.headers,
    body: request.body,
  });
  return result.kind === 'network'
    ? classifyError(result.error)
    : classifyAnswer(result.answer, deps.now());
}

/**
 * Marks the batch in flight before sending, so a crash leaves them for `recoverInFlight`; resolves
 * to the entries to send. Given `now`, an entry whose key has passed the send window since the
 * round read it (src/domain/sync/retention.ts) is left out: the next round refuses it.
 */
export function markInFlight(
  db: PurchasingDb,
  batch: readonly OutboxEntry[],
  now?: number,
): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const sendable: OutboxEntry[] = [];
    for (const entry of batch) {
      const current = await loadEntry(db, entry.id);
      if (current && now !== undefined && isExpired(current, now)) continue;
      if (current?.status === 'pending') await db.outbox.put(markSending(current));
      sendable.push(entry);
    }
    return sendable;
  });
}

/** Records one answer with all its consequences, in one transaction. */
export function recordOutcome(deps: PushDeps, entryId: string, outcome: Outcome): Promise<void> {
  const { db } = deps;
  return db.transaction('rw', engineTables(db), async () => {
    const entry = await loadEntry(db, entryId);
    // Discarded while in flight: the answer changes nothing local (the server has it or not).
    if (!entry) return;
    // Already refused (an answer another leader recorded first): nothing changes but an apply.
    if (isStaleAnswer(entry, outcome)) return;
    const now = deps.now();
    if (outcome.kind === 'applied') {
      const { entries } = await loadOutbox(db);
      // The server row under the answered id, if a pull brought it before this answer.
      const { table } = parseRowKey(touchedKey(entry));
      const stored = outcome.row
        ? asRow(await db.table(table).get([entry.companyId, outcome.row.id]))
        : null;
      const held = stored && stored[PENDING_FIELD] !== true ? stored : null;
      const result = onApplied(entries, entryId, outcome, await loadIdMap(db), now, held);
      const mappings = new Map(result.mappings);
      await remapTemporaryRows(db, entry.companyId, mappings);
      await writeRows(db, entry.companyId, result.rows);
      await saveEntries(db, result.entries, result.settled);
      if (mappings.size) await saveIdMap(db, result.idMap);
      return;
    }
    const next = applyOutcome(entry, outcome, now, deps.random);
    if (next.status !== 'failed') {
      await db.outbox.put(next);
      return;
    }
    // Refused: its effect goes, the server's row (409) or the row before it comes back, with the
    // effects of the later entries replayed on top.
    const { entries } = await loadOutbox(db);
    const undone = rollback(next, entries);
    await writeRows(db, entry.companyId, undone.rows);
    await saveEntries(db, [...undone.entries.filter((e) => e.id !== entryId), next]);
  });
}
