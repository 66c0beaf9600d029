// List pages and details answer the rows the feed stored with each change (sync_changes.row_text,
// written by ChangeSet.flush in the change's transaction): the same JSON a client holds, read by
// primary key in the page's own statement instead of projecting every row again (7–9 queries and
// a serialization per page). A row the feed holds no text for is projected live, so an answer
// never depends on every writer having published.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FeedRowOf, SyncTable } from '../../src/contract/feedRows';
import type { Reader } from '../db/database';
import { orders, sheets, syncChanges } from '../db/schema/index';
import { type JsonText, jsonText } from '../http/jsonText';
import { feedHeadSql } from './listTotals';

/** Projects rows live (the loaders of server/sync/projections), for ids stored without text. */
export type Projector<T extends SyncTable> = (
  db: Reader,
  ids: number[],
) => Promise<Map<number, FeedRowOf[T]>>;

type PageRow = { id: number | string; row_text: string | null; head: number | string };

/** A page's rows, and the company's feed head version they were read at (null: no rows). */
export type StoredPage = { items: JsonText[]; head: number | null };

/**
 * The rows of `page` (a select of `id` and `ord`, the row's place in the answer), in that order,
 * as the company's stored feed text. One statement: the page and its texts share one snapshot.
 * A detail is a page of one row (`1 as ord`) scoped to the company. The feed's head version
 * comes along for the list's total (listTotals.ts).
 */
export async function storedPage<T extends SyncTable>(
  db: Reader,
  table: T,
  companyId: number,
  page: SQL,
  project: Projector<T>,
): Promise<StoredPage> {
  // A correlated lookup by primary key per row, not a join: PGlite keeps no statistics after a
  // bulk load, and there the join was planned as a scan of the whole feed (4 pages/s at 20k).
  const result = (await db.execute(sql`
    select p.id, (
      select coalesce(c.row_text, c.row::text) from ${syncChanges} c
      where c.company_id = ${companyId} and c.table_name = ${table}
        and c.row_id = p.id::text and c.op = 'upsert'
    ) as row_text, ${feedHeadSql(companyId)} as head
    from (${page}) p
    order by p.ord`)) as unknown as { rows: PageRow[] };
  const rows = result.rows.map((r) => ({ id: Number(r.id), text: r.row_text }));
  const missing = rows.filter((r) => r.text === null).map((r) => r.id);
  const projected = missing.length > 0 ? await project(db, missing) : new Map();
  const items = rows.flatMap(({ id, text }) => {
    if (text !== null) return [text as JsonText];
    const row = projected.get(id);
    return row === undefined ? [] : [jsonText(row)];
  });
  const [first] = result.rows;
  return { items, head: first === undefined ? null : Number(first.head) };
}

/** A detail: the company's row `id` of `table` as its stored feed text, or null when it has none. */
export async function storedRow<T extends 'sheets' | 'orders'>(
  db: Reader,
  table: T,
  companyId: number,
  id: number,
  project: Projector<T>,
): Promise<JsonText | null> {
  const from = table === 'sheets' ? sheets : orders;
  const {
    items: [row],
  } = await storedPage(
    db,
    table,
    companyId,
    sql`select ${from.id}, 1 as ord from ${from}
      where ${from.id} = ${id} and ${from.companyId} = ${companyId}`,
    project,
  );
  return row ?? null;
}

/**
 * The feed's stored text of the company's row `id` of `table` (null: none), as a scalar subquery:
 * a statement that writes the row can return it too (an UPDATE's RETURNING), one round trip less.
 */
export const storedTextSql = (
  table: SyncTable,
  companyId: SQLWrapper | number,
  id: SQLWrapper | number,
) => sql`(
  select coalesce(c.row_text, c.row::text) from ${syncChanges} c
  where c.company_id = ${companyId} and c.table_name = ${table} and c.row_id = (${id})::text
    and c.op = 'upsert')`;

/** A stored feed text as its row (null stays null). */
export const storedRowOf = <T extends SyncTable>(text: string | null | undefined) =>
  text ? (JSON.parse(text) as FeedRowOf[T]) : null;
