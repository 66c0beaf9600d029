// Which outbox entries may be sent now. Entries of one entity go strictly one after another in
// enqueue order: the next waits while an earlier one is pending, in flight or failed. A failed
// entry blocks only its own entity, never others. An entry also waits for the temporary ids it
// names to be mapped, for its files to be uploaded and for its retry time. An entry whose key is
// older than the send window is never sent ('expired'): the engine records it as refused, as it
// does an entry naming a temporary id that nothing will ever map (its create was discarded).
import { isExpired } from './lifecycle';
import { createdTempIds, entityOf, filesOf, type OutboxEntry, unmappedRefs } from './mutations';
import { type FileRef, fileWaiting } from './mutations/spec';
import { entityKey, type IdMap, type UploadedFiles } from './types';

export interface SendState {
  /** The signed-in subject: entries written by anyone else are never sent. */
  userSub: string;
  idMap: IdMap;
  uploaded: UploadedFiles;
  /** A 401 was seen: nothing goes out until the session is renewed. */
  paused: boolean;
  /** Entity key → seq of its first stored entry this app cannot read: later ones stay blocked. */
  unreadable?: ReadonlyMap<string, number>;
}

export type Wait =
  | 'ready'
  | 'applied'
  | 'in-flight'
  | 'failed'
  | 'behind'
  | 'unreadable'
  | 'other-user'
  | 'expired'
  | 'paused'
  | 'waiting-id'
  | 'waiting-files'
  | 'backoff';

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

/** Every entry's wait, in one pass: the head of each entity decides for the rest. */
export function explain(
  entries: readonly OutboxEntry[],
  state: SendState,
  now: number,
): Map<string, Wait> {
  const waits = new Map<string, Wait>();
  const headSeen = new Set<string>();
  for (const entry of [...entries].sort(bySeq)) {
    if (entry.status === 'applied') {
      waits.set(entry.id, 'applied');
      continue;
    }
    // Computed from the payload, so it always follows the id mappings.
    const entity = entityKey(entityOf(entry));
    const blockedFrom = state.unreadable?.get(entity);
    if (headSeen.has(entity)) waits.set(entry.id, 'behind');
    else if (blockedFrom !== undefined && blockedFrom < entry.seq)
      waits.set(entry.id, 'unreadable');
    else waits.set(entry.id, headWait(entry, state, now));
    headSeen.add(entity);
  }
  return waits;
}

function headWait(entry: OutboxEntry, state: SendState, now: number): Wait {
  if (entry.status === 'sending') return 'in-flight';
  if (entry.status === 'failed') return 'failed';
  if (entry.userSub !== state.userSub) return 'other-user';
  if (isExpired(entry, now)) return 'expired';
  if (state.paused) return 'paused';
  if (unmappedRefs(entry, state.idMap).length > 0) return 'waiting-id';
  if (filesOf(entry).some((ref) => fileWaiting(ref, state.uploaded))) return 'waiting-files';
  if (entry.nextAttemptAt > now) return 'backoff';
  return 'ready';
}

/** The entries to send now, oldest first: at most one per entity, its head. */
export function nextBatch(
  entries: readonly OutboxEntry[],
  state: SendState,
  now: number,
  limit = Number.POSITIVE_INFINITY,
): OutboxEntry[] {
  const waits = explain(entries, state, now);
  return [...entries]
    .sort(bySeq)
    .filter((entry) => waits.get(entry.id) === 'ready')
    .slice(0, limit);
}

/** Heads too old to send under their key: the engine marks them failed for the user. */
export function expiredHeads(
  entries: readonly OutboxEntry[],
  state: SendState,
  now: number,
): OutboxEntry[] {
  const waits = explain(entries, state, now);
  return [...entries].sort(bySeq).filter((entry) => waits.get(entry.id) === 'expired');
}

/**
 * When the retry timer must fire next: the earliest `nextAttemptAt` of a head held back only by
 * time. The engine keeps a timer armed for it, so the queue never waits for the next local write.
 */
export function nextWakeAt(
  entries: readonly OutboxEntry[],
  state: SendState,
  now: number,
): number | null {
  const waits = explain(entries, state, now);
  let earliest: number | null = null;
  for (const entry of entries) {
    if (waits.get(entry.id) !== 'backoff') continue;
    if (earliest === null || entry.nextAttemptAt < earliest) earliest = entry.nextAttemptAt;
  }
  return earliest;
}

/** Waits no later attempt ends: the user decides (refused, expired), or another app or user wrote it. */
const STUCK: ReadonlySet<Wait> = new Set(['failed', 'expired', 'unreadable', 'other-user']);

/**
 * How many of this user's entries a later attempt may still send: neither applied nor refused,
 * and not queued behind an entry that waits for the user (a refusal of its entity). What the
 * service worker's delivery reports as left, so it asks the browser to try again only for these.
 */
export function leftToSend(entries: readonly OutboxEntry[], state: SendState, now: number): number {
  const waits = explain(entries, state, now);
  const stuck = new Set<string>();
  let left = 0;
  for (const entry of [...entries].sort(bySeq)) {
    const wait = waits.get(entry.id) ?? 'applied';
    if (wait === 'applied') continue;
    const entity = entityKey(entityOf(entry));
    if (STUCK.has(wait) || stuck.has(entity)) stuck.add(entity);
    else if (entry.userSub === state.userSub) left += 1;
  }
  return left;
}

/** Blobs to upload before their entries can go, oldest entry first, each file once. */
export function filesToUpload(entries: readonly OutboxEntry[], state: SendState): FileRef[] {
  const seen = new Set<string>();
  const files: FileRef[] = [];
  for (const entry of [...entries].sort(bySeq)) {
    if (entry.status !== 'pending' || entry.userSub !== state.userSub) continue;
    for (const ref of filesOf(entry)) {
      if (ref.clientFileId === null || seen.has(ref.clientFileId)) continue;
      if (!fileWaiting(ref, state.uploaded)) continue;
      seen.add(ref.clientFileId);
      files.push(ref);
    }
  }
  return files;
}

/**
 * The file references of the heads held back only by their files (wait 'waiting-files'): what
 * must be uploaded before the next round can send them. A reference naming no blob at all is
 * included, so the engine can refuse its entry rather than let it wait for ever.
 */
export function filesWaitedFor(
  entries: readonly OutboxEntry[],
  state: SendState,
  now: number,
): Array<{ entry: OutboxEntry; ref: FileRef }> {
  const waits = explain(entries, state, now);
  return [...entries]
    .sort(bySeq)
    .filter((entry) => waits.get(entry.id) === 'waiting-files')
    .flatMap((entry) =>
      filesOf(entry)
        .filter((ref) => fileWaiting(ref, state.uploaded))
        .map((ref) => ({ entry, ref })),
    );
}

/**
 * Entries that can never be sent without this one: they name a temporary id it creates (a
 * message on a sheet created offline), directly or through another. Discarding a create offers
 * to discard these too.
 */
export function dependentsOf(
  entries: readonly OutboxEntry[],
  entry: OutboxEntry,
  idMap: IdMap,
): OutboxEntry[] {
  const created = new Set(createdTempIds(entry).filter((id) => !idMap.has(id)));
  const dependents: OutboxEntry[] = [];
  for (const other of [...entries].sort(bySeq)) {
    if (other.id === entry.id || other.seq < entry.seq) continue;
    if (!unmappedRefs(other, idMap).some((id) => created.has(id))) continue;
    dependents.push(other);
    for (const id of createdTempIds(other)) created.add(id);
  }
  return dependents;
}

/**
 * The temporary ids an entry names that nothing will ever map: the id map does not hold them and
 * no other entry in the outbox creates them (their create was discarded, or never written). Such
 * an entry could never be sent: it is refused at enqueue, and failed if it is already stored.
 * Holds only when every stored entry is readable (one this app cannot read may create any id).
 */
export function orphanedRefs(
  entry: OutboxEntry,
  entries: readonly OutboxEntry[],
  idMap: IdMap,
): number[] {
  return missingCreates(entry, createdByOthers(entries), idMap);
}

/** Each temporary id the outbox creates, with the entries that create it. */
function createdByOthers(entries: readonly OutboxEntry[]): Map<number, OutboxEntry['id'][]> {
  const creators = new Map<number, OutboxEntry['id'][]>();
  for (const other of entries) {
    for (const id of createdTempIds(other)) {
      const known = creators.get(id);
      if (known) known.push(other.id);
      else creators.set(id, [other.id]);
    }
  }
  return creators;
}

/** The entry's unmapped ids that no other entry creates. */
function missingCreates(
  entry: OutboxEntry,
  creators: ReadonlyMap<number, readonly OutboxEntry['id'][]>,
  idMap: IdMap,
): number[] {
  return unmappedRefs(entry, idMap).filter((id) =>
    (creators.get(id) ?? []).every((creator) => creator === entry.id),
  );
}

/** The user's waiting entries that name an id nothing will map: the engine fails them. */
export function orphanedEntries(entries: readonly OutboxEntry[], state: SendState): OutboxEntry[] {
  // The creators once for the whole outbox, not once per entry: this runs on every push round.
  const creators = createdByOthers(entries);
  return [...entries]
    .sort(bySeq)
    .filter(
      (entry) =>
        entry.status === 'pending' &&
        entry.userSub === state.userSub &&
        missingCreates(entry, creators, state.idMap).length > 0,
    );
}
