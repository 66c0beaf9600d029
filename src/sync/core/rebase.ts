// Local rows = server rows + the effects of the outbox entries not yet shown by the server.
// After a pull page is written, the effects of pending entries are applied again on top of the
// pulled rows, so an optimistic change never flickers away; an applied entry whose effect the
// pulled row shows is settled (removed); a refused entry's effect is rolled back by recomputing
// its row from the row as it was before it, plus the effects of the entries after it.
//
// "Shows its effect" (per type, mutations/*.ts `showsEffect`): for every type today, the pulled
// row's version is ≥ the version the server answered for that entry; a row deleted on the server
// shows every applied effect (there is nothing left to show it on).
import { effectOn, type OutboxEntry, showsEffect, touchedKey } from './mutations';
import type { Row, RowKey, RowMap } from './types';

export interface RebaseResult {
  /** The rows to write: a Row is put, null is deleted. Only keys of the base appear. */
  rows: Map<RowKey, Row | null>;
  /** Entries whose rollback row (`before`) changed: persist them with the rows. */
  entries: OutboxEntry[];
  /** Applied entries the rows show: remove them from the outbox. */
  settled: string[];
}

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

const same = (a: Row | null | undefined, b: Row | null): boolean =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * Re-applies the effects of unsettled entries on top of `base`, the server's rows (a pulled page:
 * upserts as rows, tombstones as null). Rows outside the base are left alone: the local table
 * still holds them with their effects. Pass server rows only: `before` is taken from them.
 */
export function rebase(base: RowMap, entries: readonly OutboxEntry[]): RebaseResult {
  const rows = new Map(base);
  const updated: OutboxEntry[] = [];
  const settled: string[] = [];
  for (const entry of [...entries].sort(bySeq)) {
    const key = touchedKey(entry);
    if (!base.has(key)) continue;
    const server = base.get(key) ?? null;
    if (entry.status === 'failed') {
      // No effect, but what a discard or a retry will start from follows the pulled row: the
      // row before it, and the server's row a 409 showed, never go back to an older version.
      const failure = entry.failure;
      const shown = failure?.serverRow;
      const newer = shown && server && server.version > shown.version;
      const current = rows.get(key) ?? null;
      if (newer || !same(entry.before[key], current)) {
        updated.push({
          ...entry,
          before: { ...entry.before, [key]: current },
          ...(newer && failure ? { failure: { ...failure, serverRow: server } } : {}),
        });
      }
      continue;
    }
    if (entry.applied !== null && (server === null || showsEffect(server, entry))) {
      settled.push(entry.id);
      continue;
    }
    const current = rows.get(key) ?? null;
    rows.set(key, effectOn(current, entry));
    if (!same(entry.before[key], current)) {
      updated.push({ ...entry, before: { ...entry.before, [key]: current } });
    }
  }
  return { rows, entries: updated, settled };
}

/**
 * Writing a new entry: its effect on the row it touches, and that row as it was (kept for a
 * rollback). `rows` holds the local row of the entry's key, or lacks it when there is none.
 */
export function enqueueEffect(
  rows: RowMap,
  entry: OutboxEntry,
): { rows: Map<RowKey, Row | null>; entry: OutboxEntry } {
  const key = touchedKey(entry);
  const current = rows.get(key) ?? null;
  const next = new Map<RowKey, Row | null>([[key, effectOn(current, entry)]]);
  return { rows: next, entry: { ...entry, before: { ...entry.before, [key]: current } } };
}

/**
 * The row a rollback starts from: a refusal's server row (409), unless the row the entry kept is
 * newer. A slow answer was read before a change a pull has brought since; rolling back onto it
 * would put an older version over a newer one, and no later pull (its cursor past) repairs that.
 */
export function newestServerRow(
  answered: Row | null,
  kept: Row | null | undefined,
): Row | null | undefined {
  if (answered === null) return kept;
  return kept && kept.version > answered.version ? kept : answered;
}

function replay(
  target: OutboxEntry,
  entries: readonly OutboxEntry[],
  serverRow: Row | null,
  withTarget: boolean,
): RebaseResult {
  const key = touchedKey(target);
  const before = newestServerRow(serverRow, target.before[key]);
  if (before === undefined) return { rows: new Map(), entries: [], settled: [] };
  const from = entries.filter((entry) => entry.seq > target.seq && entry.id !== target.id);
  return rebase(new Map([[key, before]]), withTarget ? [target, ...from] : from);
}

/**
 * Takes a refused (or discarded) entry's effect back: its row recomputed from the server's row
 * of a 409, else from the row as it was before the entry, plus the effects of the entries after
 * it. Entries before it need no replay: that base already holds their effects. An entry that
 * never recorded its row changes nothing (better a stale effect than a row wrongly deleted).
 */
export function rollback(
  target: OutboxEntry,
  entries: readonly OutboxEntry[],
  serverRow: Row | null = target.failure?.serverRow ?? null,
): RebaseResult {
  return replay(target, entries, serverRow, false);
}

/**
 * Puts a retried entry's effect back in its place: the same base as `rollback`, then the entry,
 * then the entries after it (so a later change of the same field still shows last).
 */
export function reapply(
  target: OutboxEntry,
  entries: readonly OutboxEntry[],
  serverRow: Row | null,
): RebaseResult {
  return replay(target, entries, serverRow, true);
}
