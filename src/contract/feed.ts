// One page of `GET /sync-api/v1/changes` (docs/api.md §3) and the client's decoder for it. The
// server builds the page from its typed projections (server/sync/projections/); the worker
// decodes every page before writing anything, so a row that drifted from the contract stops the
// pull with a message naming the table, the row and the field, and the cursor stays where it was.
import { z } from 'zod/mini';
import { isRecord } from '../domain/guards';
import { type FeedChange, SYNC_TABLES, type SyncTable } from './feedRows';
import { ROW_SCHEMAS } from './feedSchemas';

/** The `data` of a feed answer. */
export interface FeedPage {
  /** Where the next page starts (`1234`, or `1234:980` once tombstones were purged). */
  cursor: string;
  has_more: boolean;
  /** Changes after this page (0 on the last one). */
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

/** One change: its header strictly, its row against its table's schema. */
export function decodeFeedChange(value: unknown): Decoded<FeedChange> {
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
  const parsed = ROW_SCHEMAS[table].safeParse(row);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${fieldPath(issue.path)}: ${issue.message}` : '';
    return { ok: false, error: `${table} ${id}${where ? ` row${where}` : ''}` };
  }
  if (!isRecord(row) || String(row.id) !== id) {
    return { ok: false, error: `${table} ${id}: the row's id differs` };
  }
  // The row as received (not zod's copy): fields a newer server added are kept.
  return { ok: true, value: { table, op, id, row } as FeedChange };
}

/** The `data` of a feed answer, or what is wrong with it (the first fault found). */
export function decodeFeedPage(data: unknown): Decoded<FeedPage> {
  const page = pageSchema.safeParse(data);
  if (!page.success) {
    const issue = page.error.issues[0];
    return { ok: false, error: `feed page${issue ? fieldPath(issue.path) : ''}: malformed` };
  }
  const changes: FeedChange[] = [];
  for (const [index, raw] of page.data.changes.entries()) {
    const change = decodeFeedChange(raw);
    if (!change.ok) return { ok: false, error: `feed change ${index}: ${change.error}` };
    changes.push(change.value);
  }
  const { cursor, has_more, remaining } = page.data;
  return { ok: true, value: { cursor, has_more, remaining, changes } };
}
