// One page of `GET /sync-api/v1/changes` (docs/api.md §3) and the decoder the worker runs on
// every page before writing any of it: a page that drifted from the contract stops the pull with
// a message naming the change and field, the cursor staying before it. Rows get their key fields
// checked (full zod costs ~8 µs a row, too much for a 120k-row first sync); the contract test
// checks whole rows (`'full'`).
import { z } from 'zod/mini';
import { isRecord } from '../domain/guards';
import { type FeedChange, SYNC_TABLES, type SyncTable } from './feedRows';
import { ROW_SCHEMAS } from './feedSchemas';

/** The `data` of a feed answer. */
export interface FeedPage {
  /** Where the next page starts (`1234`, or `1234:980` once tombstones were purged). */
  cursor: string;
  has_more: boolean;
  /**
   * Changes after this page (0 on the last one, at least 1 before it). Counted on a pull's first
   * page; a request that sends the previous page's `remaining` back gets it carried down (that
   * count less this page's changes) instead of a new count, so a first sync counts once. Rows
   * written during the pull are not in it: the total is an estimate for the progress display.
   */
  remaining: number;
  changes: FeedChange[];
}

const pageSchema = z.object({
  cursor: z.string(),
  has_more: z.boolean(),
  remaining: z.number().check(z.int(), z.gte(0)),
  changes: z.array(z.unknown()),
});

/** A feed row id: the row's positive integer id as text. */
const ROW_ID = /^[1-9]\d{0,15}$/;

export type Decoded<T> = { ok: true; value: T } | { ok: false; error: string };

const isSyncTable = (value: unknown): value is SyncTable =>
  typeof value === 'string' && (SYNC_TABLES as readonly string[]).includes(value);

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
}

/**
 * How much of each row to check: `keys` (the worker) the id, which must be the change's, and the
 * version the pull compares; `full` the whole row against its table's schema (feedSchemas.ts).
 */
export type RowCheck = 'keys' | 'full';

const isVersion = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

function rowFault(table: SyncTable, row: unknown, check: RowCheck): string | null {
  if (check === 'full') {
    const parsed = ROW_SCHEMAS[table].safeParse(row);
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    return issue ? `row${fieldPath(issue.path)}: ${issue.message}` : 'row: malformed';
  }
  if (!isRecord(row)) return 'row: not an object';
  if (!Number.isSafeInteger(row.id)) return 'row.id: not an integer';
  return isVersion(row.version) ? null : 'row.version: not a version';
}

/** One change: its header strictly, its row as `check` says. */
export function decodeFeedChange(value: unknown, check: RowCheck = 'keys'): Decoded<FeedChange> {
  if (!isRecord(value)) return { ok: false, error: 'not an object' };
  const { table, op, id, row } = value;
  if (!isSyncTable(table)) return { ok: false, error: `unknown table ${JSON.stringify(table)}` };
  if (typeof id !== 'string' || !ROW_ID.test(id)) {
    return { ok: false, error: `${table}: bad id ${JSON.stringify(id)}` };
  }
  if (op === 'delete') {
    if (row !== null) return { ok: false, error: `${table} ${id}: a delete carries a row` };
    return { ok: true, value: { table, op, id, row: null } as FeedChange };
  }
  if (op !== 'upsert') return { ok: false, error: `${table} ${id}: unknown op ${String(op)}` };
  const fault = rowFault(table, row, check);
  if (fault) return { ok: false, error: `${table} ${id}: ${fault}` };
  if (!isRecord(row) || String(row.id) !== id) {
    return { ok: false, error: `${table} ${id}: the row's id differs` };
  }
  // The row as received (not a parser's copy): fields a newer server added are kept.
  return { ok: true, value: { table, op, id, row } as FeedChange };
}

/** The `data` of a feed answer, or what is wrong with it (the first fault found). */
export function decodeFeedPage(data: unknown, check: RowCheck = 'keys'): Decoded<FeedPage> {
  const page = pageSchema.safeParse(data);
  if (!page.success) {
    const issue = page.error.issues[0];
    return { ok: false, error: `feed page${issue ? fieldPath(issue.path) : ''}: malformed` };
  }
  const changes: FeedChange[] = [];
  for (const [index, raw] of page.data.changes.entries()) {
    const change = decodeFeedChange(raw, check);
    if (!change.ok) return { ok: false, error: `feed change ${index}: ${change.error}` };
    changes.push(change.value);
  }
  const { cursor, has_more, remaining } = page.data;
  return { ok: true, value: { cursor, has_more, remaining, changes } };
}
