// How an outbox entry moves: pending → sending → applied | pending again (retry, 401) | failed
// (refused), and back to pending when the user retries a refusal. Applying an answer also maps
// the temporary ids it created in every other entry and chains If-Match, so a second offline
// edit of the same row is not refused by the version the first edit produced. An entry whose key
// is older than the server keeps answers (src/domain/sync/retention.ts) is not sent: it waits
// for the user, as a refusal does.
import { SYNC_LABELS } from '../../domain/messages/sync';
import { OUTBOX_SEND_WINDOW_MS } from '../../domain/sync/retention';
import { mapEntries, mergeIdMap } from './idMap';
import {
  createdIds,
  entityOf,
  ifMatchOf,
  type OutboxEntry,
  touchedKey,
  withIfMatch,
} from './mutations';
import { type Outcome, retryAt } from './outcomes';
import { newestServerRow, rebase } from './rebase';
import { type EntryMeta, entityKey, type IdMap, type Row, type RowKey } from './types';

export const markSending = (entry: OutboxEntry): OutboxEntry => ({ ...entry, status: 'sending' });

/**
 * An answer that comes too late to count: the entry is already refused (another leader's answer
 * under the same key, or the user's decision) and only an applied change may still be recorded.
 * A frozen tab that lost leadership and then hears "connection lost" for its old attempt must
 * not turn a recorded refusal back into a pending entry nobody sends.
 */
export const isStaleAnswer = (entry: OutboxEntry, outcome: Outcome): boolean =>
  entry.status === 'failed' && outcome.kind !== 'applied';

/** The failure code of an entry held back because its key may be forgotten by the server. */
export const EXPIRED_CODE = 'ENTRY_EXPIRED';

/**
 * The failure code of an entry naming a temporary id nothing will ever map: the create was
 * discarded (ordering.ts `orphanedRefs`). Refused here; the server never saw it.
 */
export const CREATE_DISCARDED_CODE = 'CREATE_DISCARDED';

/** Recorded for an entry whose create was discarded: failed, its effect rolled back, shown. */
export const createDiscardedOutcome = (): Extract<Outcome, { kind: 'rejected' }> => ({
  kind: 'rejected',
  status: 0,
  code: CREATE_DISCARDED_CODE,
  message: SYNC_LABELS.CREATE_DISCARDED,
  serverRow: null,
});

/** The server's error_code for a company the account does not (or no longer) work for. */
export const NOT_A_MEMBER = 'NOT_A_MEMBER';

/** The entry can no longer be sent: its company is gone. Nothing to roll back or retry. */
export const isLeftBehind = (entry: OutboxEntry): boolean =>
  entry.status === 'failed' && entry.failure?.code === NOT_A_MEMBER;

/**
 * The key was first used longer ago than the send window: the server may have purged its answer
 * and would apply the change a second time, so the user decides (resubmit or discard).
 */
export const isExpired = (entry: EntryMeta, now: number): boolean =>
  now - (entry.keySince ?? entry.createdAt) >= OUTBOX_SEND_WINDOW_MS;

/** Recorded instead of sending an expired entry: failed, its effect rolled back, shown. */
export const expiredOutcome = (): Extract<Outcome, { kind: 'rejected' }> => ({
  kind: 'rejected',
  status: 0,
  code: EXPIRED_CODE,
  message: SYNC_LABELS.EXPIRED,
  serverRow: null,
});

/**
 * After a crash or a reload, entries left in flight are sent again: the same Idempotency-Key
 * gets the first answer back if the server had applied them.
 */
export const recoverInFlight = (entries: readonly OutboxEntry[]): OutboxEntry[] =>
  entries.map((entry) => (entry.status === 'sending' ? { ...entry, status: 'pending' } : entry));

type Applied = Extract<Outcome, { kind: 'applied' }>;

/** Applied: kept until a pull shows the answered version (see rebase.ts). */
export const markApplied = (entry: OutboxEntry, outcome: Applied, now: number): OutboxEntry => ({
  ...entry,
  status: 'applied',
  lastError: null,
  failure: null,
  applied: { version: outcome.row?.version ?? null, id: outcome.row?.id ?? null, at: now },
});

/** The entry after one answer (or network failure). `random` feeds the backoff's jitter. */
export function applyOutcome(
  entry: OutboxEntry,
  outcome: Outcome,
  now: number,
  random: () => number,
): OutboxEntry {
  switch (outcome.kind) {
    case 'applied':
      return markApplied(entry, outcome, now);
    case 'retry': {
      const attempts = entry.attempts + 1;
      return {
        ...entry,
        status: 'pending',
        attempts,
        nextAttemptAt: retryAt(attempts, now, random, outcome.retryAfterMs),
        lastError: outcome.message,
      };
    }
    case 'auth':
      // Not the entry's fault: it waits, unchanged, for the renewed session (pushing is paused).
      return { ...entry, status: 'pending', lastError: outcome.message };
    case 'rejected':
    case 'forbidden':
      return {
        ...entry,
        status: 'failed',
        failure: {
          status: outcome.status,
          code: outcome.code,
          message: outcome.message,
          // A retry that overwrites sends If-Match of the newest row the device has seen.
          serverRow:
            outcome.kind === 'rejected' && outcome.serverRow
              ? (newestServerRow(outcome.serverRow, entry.before[touchedKey(entry)]) ?? null)
              : null,
        },
      };
  }
}

export interface AppliedResult {
  /** Every entry: the applied one marked, the others with new ids mapped and If-Match chained. */
  entries: OutboxEntry[];
  idMap: IdMap;
  /** The [temporary, server] pairs this answer added: map rows and the URL with them too. */
  mappings: Array<readonly [number, number]>;
  /**
   * Rows to write after re-keying the local rows with `mappings`: the answered row with the
   * effects of the entries still pending on it (none when the device already holds newer).
   */
  rows: Map<RowKey, Row | null>;
  /** Entries the answered row already shows (remove them); see `withAnswer`. */
  settled: string[];
}

/**
 * A 2xx answer for `entryId`: mark it applied, map the ids it created, chain If-Match, and put
 * the answered row in place of the optimistic one (a draft created offline gets its number and
 * version at once, so the next edit sends the right If-Match).
 */
export function onApplied(
  entries: readonly OutboxEntry[],
  entryId: string,
  outcome: Applied,
  idMap: IdMap,
  now: number,
  held: Row | null = null,
): AppliedResult {
  const target = entries.find((entry) => entry.id === entryId);
  if (!target) return { entries: [...entries], idMap, mappings: [], rows: new Map(), settled: [] };
  const applied = markApplied(target, outcome, now);
  const mappings = outcome.row ? createdIds(applied, outcome.row) : [];
  const mapped = mapEntries(
    entries.map((entry) => (entry.id === entryId ? applied : entry)),
    new Map(mappings),
  );
  const self = mapped.find((entry) => entry.id === entryId) ?? applied;
  const answer = outcome.row;
  const chained = answer ? chainIfMatch(mapped, self, answer.version) : mapped;
  const merged = { idMap: mergeIdMap(idMap, mappings), mappings };
  if (!answer) return { ...merged, entries: chained, rows: new Map(), settled: [] };
  return { ...merged, ...withAnswer(chained, self, answer, held) };
}

/**
 * The answered row as the new base of the entry's row. The entry itself stays until a pull shows
 * that version (a pull page fetched before the commit may still arrive, and the entry's effect
 * must survive it), unless the device already holds that version or a newer one: then the
 * server changed nothing (a to-do already in that state answers its row unchanged, and no pull
 * would ever bring it again) or a replay answered an older first result, and the entry settles.
 */
function withAnswer(entries: OutboxEntry[], self: OutboxEntry, answer: Row, held: Row | null) {
  const key = touchedKey(self);
  // The device may hold that version already: under the entry's effect (`before`), or as the
  // row this entry created, delivered by the feed before a replayed answer (`held`). Then that
  // row is the base (no pull would bring it again) and the entry settles now.
  const known = [self.before[key], held].find(
    (row): row is Row => row !== null && row !== undefined && row.version >= answer.version,
  );
  const rebased = rebase(
    new Map([[key, known ?? answer]]),
    entries.filter((entry) => entry.id !== self.id),
  );
  const refreshed = new Map(rebased.entries.map((entry) => [entry.id, entry]));
  return {
    entries: entries.map((entry) => refreshed.get(entry.id) ?? entry),
    rows: rebased.rows,
    settled: known ? [...rebased.settled, self.id] : rebased.settled,
  };
}

/**
 * Later entries on the same row that were written against the version this entry started from
 * (its If-Match; 0 for a row created offline) now expect the version the server answered.
 */
export function chainIfMatch(
  entries: readonly OutboxEntry[],
  applied: OutboxEntry,
  version: number,
): OutboxEntry[] {
  const base = ifMatchOf(applied) ?? 0;
  const entity = entityKey(entityOf(applied));
  return entries.map((entry) =>
    entry.seq > applied.seq &&
    entry.status !== 'applied' &&
    entityKey(entityOf(entry)) === entity &&
    ifMatchOf(entry) === base
      ? withIfMatch(entry, version)
      : entry,
  );
}

/**
 * A new entry written against a version one of our own entries started from, after that entry
 * was answered (the screen read the row, then the answer came before the enqueue): it expects
 * the version the server answered, as `chainIfMatch` would have set had the entry been there.
 * Followed through several answered entries; a version someone else produced is left alone.
 */
export function chainToApplied(entries: readonly OutboxEntry[], fresh: OutboxEntry): OutboxEntry {
  const entity = entityKey(entityOf(fresh));
  let result = fresh;
  // Each step moves to a newer version; the bound only guards against a malformed outbox.
  for (let step = 0; step < entries.length; step += 1) {
    const expected = ifMatchOf(result);
    if (expected === null) return result;
    const answered = entries.find(
      (entry) =>
        entry.applied?.version != null &&
        entry.applied.version !== expected &&
        entityKey(entityOf(entry)) === entity &&
        (ifMatchOf(entry) ?? 0) === expected,
    );
    const version = answered?.applied?.version;
    if (version === undefined || version === null) return result;
    result = withIfMatch(result, version);
  }
  return result;
}

/**
 * The user retries a refused entry: a new Idempotency-Key (the server stored the refusal under
 * the old one and would answer it again), sent at once. `overwrite` after a 409 keeps the local
 * change over the server's row: If-Match becomes that row's version. Then `reapply` puts the
 * effect back, with the refusal's server row as base when overwriting. The new key's send window
 * starts now (an expired entry the user resubmits goes once more).
 */
export function retryFailed(
  entry: OutboxEntry,
  now: number,
  { overwrite = false }: { overwrite?: boolean } = {},
): OutboxEntry {
  const retries = entry.retries + 1;
  const serverRow = entry.failure?.serverRow ?? null;
  const base = overwrite && serverRow ? withIfMatch(entry, serverRow.version) : entry;
  return {
    ...base,
    status: 'pending',
    key: `${entry.id}.r${retries}`,
    keySince: now,
    retries,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    failure: null,
  };
}

/**
 * The message to show for an enqueue refused for good (an entry on a row whose create was
 * discarded), else null. The error crossed a worker or a tab as its message, so that is read.
 */
export const enqueueRefusal = (error: unknown): string | null =>
  error instanceof Error && error.message === SYNC_LABELS.CREATE_DISCARDED ? error.message : null;
