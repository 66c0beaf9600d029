// One feed page, from the stored rows to the answer's bytes. A page is one range read of the feed
// index; each change's row goes out as the JSON text ChangeSet stored, never parsed. On PostgreSQL
// the rows come through COPY BINARY as bytes (db/copyBinary.ts), so a 6 MB page is copied once
// into the answer instead of being decoded into strings and encoded back; on PGlite they come as
// text. Either way the answer is written into one buffer, its head put in front at the end.
import { sql } from 'drizzle-orm';
import type { FeedPage } from '../../src/contract/feed';
import type { SyncTable } from '../../src/contract/feedRows';
import type { BinaryRow } from '../db/copyBinary';
import type { Database, Db } from '../db/database';
import { type SyncOp, syncChanges } from '../db/schema/index';

export type StoredChange = {
  version: string | number | bigint;
  table_name: SyncTable;
  op: SyncOp;
  row_id: string;
  row_text: string | null;
};

const PAGE_SQL = (companyId: number, after: number, take: number) => sql`
    select version, table_name, op, row_id, coalesce(row_text, row::text) as row_text
    from ${syncChanges}
    where company_id = ${companyId} and version > ${after}
    order by version limit ${take}`;

/**
 * The page's stored changes: one range read of the feed index, the row text as stored (jsonb's
 * text for a row some writer stored without its text: an equal value).
 */
export async function readFeedPage(db: Db, companyId: number, after: number, take: number) {
  const result = (await db.execute(PAGE_SQL(companyId, after, take))) as unknown as {
    rows: StoredChange[];
  };
  return result.rows;
}

/**
 * The same read as COPY BINARY (PAGE_SQL's columns and order). COPY takes no parameters: the
 * three numbers are checked integers, written as literals.
 */
export function pageCopy(companyId: number, after: number, take: number): string {
  for (const n of [companyId, after, take]) {
    if (!Number.isSafeInteger(n)) throw new Error(`feed page: not an integer: ${n}`);
  }
  return `copy (select version, table_name, op, row_id, coalesce(row_text, row::text)
    from sync_changes where company_id = ${companyId} and version > ${after}
    order by version limit ${take}) to stdout with (format binary)`;
}

/** A page read: how many changes it serves, whether more follow, its last version. */
export type PageBody = {
  served: number;
  hasMore: boolean;
  /** The last served change's version (null: an empty page). */
  last: number | null;
  /**
   * The `ok(data)` envelope (server/http/replies.ts) of the FeedPage, as one buffer: written in
   * the page's own buffer, so once per page (a second call rewrites what the first returned).
   */
  answer(head: Omit<FeedPage, 'changes'>): Buffer;
};

/** Room left in front of the changes for the page's head (`{"data":{"cursor":…,"changes":[`). */
const HEAD_ROOM = 256;
const CLOSE_CHANGE = 0x7d; // }
const CLOSE_PAGE = Buffer.from(']}}');
const NULL_ROW = Buffer.from('null');
/** Bytes per change of the last page built: the next page's buffer is sized from it. */
let bytesPerChange = 1024;

const header = (first: boolean, table: string, op: string, id: string) =>
  `${first ? '' : ','}{"table":${JSON.stringify(table)},"op":${JSON.stringify(op)},"id":${JSON.stringify(id)},"row":`;

/** Writes a page's changes into one growing buffer, then its head in front of them. */
class PageWriter {
  private buf: Buffer;
  private end = HEAD_ROOM;
  private changes = 0;

  constructor(take: number) {
    this.buf = Buffer.allocUnsafe(HEAD_ROOM + Math.ceil(bytesPerChange * 1.1 * take) + 16);
  }

  change(table: string, op: string, id: string, row: Buffer | string | null): void {
    const head = header(this.changes === 0, table, op, id);
    // UTF-8 takes at most 3 bytes per UTF-16 unit; a text row is measured only when that bound
    // does not fit (near the end of the buffer).
    let rowBytes = row === null ? NULL_ROW.length : row.length;
    if (typeof row === 'string') {
      rowBytes = row.length * 3;
      if (this.end + head.length * 3 + rowBytes + 1 > this.buf.length) {
        rowBytes = Buffer.byteLength(row);
      }
    }
    this.room(head.length * 3 + rowBytes + 1);
    this.end += this.buf.write(head, this.end);
    if (row === null) this.end += NULL_ROW.copy(this.buf, this.end);
    else if (typeof row === 'string') this.end += this.buf.write(row, this.end);
    else this.end += row.copy(this.buf, this.end);
    this.buf[this.end++] = CLOSE_CHANGE;
    this.changes++;
  }

  finish(page: Omit<FeedPage, 'changes'>): Buffer {
    const head = Buffer.from(
      `{"data":{"cursor":${JSON.stringify(page.cursor)},"has_more":${page.has_more},"remaining":${page.remaining},"changes":[`,
    );
    if (head.length > HEAD_ROOM) throw new Error('feed page: head too long');
    this.room(CLOSE_PAGE.length);
    const end = this.end + CLOSE_PAGE.copy(this.buf, this.end);
    const start = HEAD_ROOM - head.length;
    head.copy(this.buf, start);
    if (this.changes > 0) bytesPerChange = (this.end - HEAD_ROOM) / this.changes;
    const bytes = this.buf.subarray(start, end);
    // A buffer much larger than its page (a short last page) is not kept alive by the answer:
    // the read-ahead counts an answer's length against its budget.
    return this.buf.length > bytes.length * 1.5 + 4096 ? Buffer.from(bytes) : bytes;
  }

  private room(bytes: number): void {
    if (this.end + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.end + bytes));
    this.buf.copy(grown, 0, 0, this.end);
    this.buf = grown;
  }
}

/**
 * Reads the changes after `after` (at most `limit`, plus one to know whether more follow) and
 * writes them into the answer's buffer as they come.
 */
export async function readPageBody(
  database: Pick<Database, 'db' | 'copyBinary'>,
  companyId: number,
  after: number,
  limit: number,
): Promise<PageBody> {
  const writer = new PageWriter(limit);
  let served = 0;
  let hasMore = false;
  let last: number | null = null;
  const add = (
    version: number,
    table: string,
    op: string,
    id: string,
    row: Buffer | string | null,
  ) => {
    if (served === limit) {
      hasMore = true;
      return;
    }
    writer.change(table, op, id, op === 'delete' ? null : row);
    served++;
    last = version;
  };
  if (database.copyBinary) {
    await database.copyBinary(pageCopy(companyId, after, limit + 1), (row: BinaryRow) => {
      const [version, table, op, id, text] = row;
      if (!version || !table || !op || !id) throw new Error('feed page: a change without its key');
      add(
        Number(version.readBigInt64BE()),
        table.toString(),
        op.toString(),
        id.toString(),
        text ?? null,
      );
    });
  } else {
    for (const c of await readFeedPage(database.db, companyId, after, limit + 1)) {
      add(Number(c.version), c.table_name, c.op, c.row_id, c.row_text);
    }
  }
  return { served, hasMore, last, answer: (head) => writer.finish(head) };
}
