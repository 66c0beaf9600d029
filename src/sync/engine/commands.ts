// The outbox commands of the app, each ONE transaction over the outbox, the rows it changes and
// their totals: enqueue (entry + optimistic effect, strict durability by the connection's
// default; an entry on a row whose create was discarded is refused), retry of a refused entry
// (effect put back), discard (effect taken back, with the entries that can never go without it),
// recovery of entries left in flight by a crash, and the end of backoff when the network is back.
import type { PurchasingDb } from '../../data/db';
import { nextSequence, readClientId } from '../../data/meta';
import { SYNC_LABELS } from '../../domain/messages/sync';
import { mapEntry } from '../core/idMap';
import { chainToApplied, isLeftBehind, recoverInFlight, retryFailed } from '../core/lifecycle';
import { type MutationInput, type OutboxEntry, touchedKey, unmappedRefs } from '../core/mutations';
import { dependentsOf, orphanedRefs } from '../core/ordering';
import { enqueueEffect, reapply, rollback } from '../core/rebase';
import { createEntry, readEntry } from '../core/storedEntry';
import type { IdMap } from '../core/types';
import { loadEntry, loadIdMap, loadOutbox } from '../outbox';
import { engineTables, readRows, writeRows } from './localRows';
import { saveEntries } from './outboxStore';

export interface EnqueueArgs {
  clientId: string;
  userSub: string;
  companyId: number;
  now: number;
  mutation: MutationInput;
  /** The id the calling tab drew before its command left (`newEntryId`); else one is drawn here. */
  entryId?: string;
}

/**
 * Writes the entry and its optimistic effect together; resolves to the entry id. An `entryId`
 * already in the outbox is a no-op: a follower's command re-sent after a leader change, which
 * the old leader had written. (Had that entry also been answered and removed meanwhile, it is
 * written again under the same Idempotency-Key, and the server answers its first result
 * without applying it twice.) An entry on a row created offline whose create was discarded (a
 * chat panel of that sheet still open, another tab) is refused with `SYNC_LABELS.CREATE_DISCARDED`
 * and nothing is written: it could never be sent.
 */
export function enqueueEntry(db: PurchasingDb, args: EnqueueArgs): Promise<string> {
  return db.transaction('rw', engineTables(db), async () => {
    if (args.entryId !== undefined && (await db.outbox.get(args.entryId))) return args.entryId;
    // The sequence orders the outbox in the order entries are written (each rollback row holds
    // the effects of the entries before it), so it is drawn here even when the id came with
    // the command.
    const { entry: seq } = await nextSequence(db, { entry: true });
    const fresh = createEntry({ ...args, seq });
    const named =
      args.entryId === undefined ? fresh : { ...fresh, id: args.entryId, key: args.entryId };
    // Ids a create already got from the server are used at once (the screen may still hold the
    // temporary id of a sheet created offline and answered since).
    const idMap = await loadIdMap(db);
    // Written against a version one of our answered entries started from: the answer's instead.
    const created = chainToApplied((await loadOutbox(db)).entries, mapEntry(named, idMap));
    // Checked as it will be read back: an entry the engine could not read later would block its
    // entity for good, so a malformed payload is refused here, before anything is written.
    const checked = readEntry(created);
    if (!checked.ok) throw new Error(`invalid ${args.mutation.type}: ${checked.reason}`);
    if (await namesDiscardedCreate(db, created, idMap))
      throw new Error(SYNC_LABELS.CREATE_DISCARDED);
    const rows = await readRows(db, args.companyId, [touchedKey(created)]);
    const effect = enqueueEffect(rows, created);
    await writeRows(db, args.companyId, effect.rows);
    await db.outbox.put(effect.entry);
    return effect.entry.id;
  });
}

/**
 * Whether the entry names a temporary id nothing will map: in the same transaction as the write,
 * so a discard cannot slip in between (leader or follower, the check and the write are one).
 */
async function namesDiscardedCreate(
  db: PurchasingDb,
  entry: OutboxEntry,
  idMap: IdMap,
): Promise<boolean> {
  if (unmappedRefs(entry, idMap).length === 0) return false;
  const { entries, unreadable } = await loadOutbox(db);
  // An entry this app cannot read may be the create: the entry waits, as it did before.
  return unreadable.length === 0 && orphanedRefs(entry, entries, idMap).length > 0;
}

/**
 * An entry id drawn by a tab before it sends `enqueue` to the leader, so the command can be sent
 * again without being written twice: `<client id>:<n>`, n from the counter of entry sequences,
 * which never repeats, so no other entry has or will get this id.
 */
export function newEntryId(db: PurchasingDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const clientId = await readClientId(db);
    return `${clientId}:${(await nextSequence(db, { entry: true })).entry}`;
  });
}

/** A new temporary (negative) id for a row created offline; never repeats for this database. */
export function newTemporaryId(db: PurchasingDb): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    return (await nextSequence(db, { temporary: true })).temporary;
  });
}

/** At start: entries a crash left `sending` go again (same Idempotency-Key, so at most once). */
export function recoverEntries(db: PurchasingDb): Promise<void> {
  return db.transaction('rw', db.outbox, async () => {
    const { entries } = await loadOutbox(db);
    const recovered = recoverInFlight(entries);
    await saveEntries(
      db,
      recovered.filter((entry, i) => entry !== entries[i]),
    );
  });
}

/**
 * The network is back (the service worker's sync event says so): entries waiting for their retry
 * time may go now, or an entry that failed minutes earlier would still wait when the event fires
 * and nothing would go. Attempts are kept, so a further failure backs off as before (a server's
 * Retry-After is ignored this once). Resolves to the entries released.
 */
export function releaseBackoff(db: PurchasingDb, now: number): Promise<number> {
  return db.transaction('rw', db.outbox, async () => {
    const { entries } = await loadOutbox(db);
    const released = entries
      .filter((entry) => entry.status === 'pending' && entry.nextAttemptAt > now)
      .map((entry) => ({ ...entry, nextAttemptAt: now }));
    await saveEntries(db, released);
    return released.length;
  });
}

const merged = (first: readonly OutboxEntry[], then: readonly OutboxEntry[]) => {
  const byId = new Map(first.map((entry) => [entry.id, entry]));
  for (const entry of then) byId.set(entry.id, entry);
  return [...byId.values()];
};

/**
 * The user retries a refused entry: a new Idempotency-Key, its effect back on top of the server's
 * row (409) or the row before it. `overwrite` keeps the local change over the server's row.
 */
export function retryEntry(
  db: PurchasingDb,
  entryId: string,
  now: number,
  overwrite: boolean,
): Promise<boolean> {
  return db.transaction('rw', engineTables(db), async () => {
    const entry = await loadEntry(db, entryId);
    // A left company's entry would only be refused again (and must not put rows back).
    if (entry?.status !== 'failed' || isLeftBehind(entry)) return false;
    const serverRow = entry.failure?.serverRow ?? null;
    const retried = retryFailed(entry, now, { overwrite });
    const { entries } = await loadOutbox(db);
    const redone = reapply(retried, entries, serverRow);
    await writeRows(db, entry.companyId, redone.rows);
    await saveEntries(db, merged([retried], redone.entries));
    return true;
  });
}

/**
 * The user discards an entry (refused, or still waiting): its effect is taken back, and so are
 * the entries that name an id only it would create (they could never be sent). An entry in
 * flight or applied is not discarded: the server may have it.
 */
export function discardEntry(db: PurchasingDb, entryId: string): Promise<string[]> {
  return db.transaction('rw', engineTables(db), async () => {
    const entry = await loadEntry(db, entryId);
    if (!entry || entry.status === 'sending' || entry.status === 'applied') return [];
    const { entries } = await loadOutbox(db);
    const victims = [entry, ...dependentsOf(entries, entry, await loadIdMap(db))];
    // Latest first, each removed before the next rollback, so no replay brings one back.
    victims.sort((a, b) => b.seq - a.seq);
    let current = entries;
    for (const victim of victims) {
      const undone = rollback(victim, current, victim.failure?.serverRow ?? null);
      // A left company's rows are gone from this device: the rollback must not bring any back.
      if (!isLeftBehind(victim)) await writeRows(db, victim.companyId, undone.rows);
      current = merged(current, undone.entries).filter((e) => e.id !== victim.id);
    }
    const removed = victims.map((victim) => victim.id);
    await saveEntries(db, current, removed);
    return removed;
  });
}
