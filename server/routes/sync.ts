// GET /sync-api/v1/changes: the company's changes after `cursor`, in version order (DESIGN §3).
// A cursor older than the purged tombstones answers 410 and the client resyncs that company.
// A page is one index range read of the stored JSON text (ChangeSet.flush wrote it with the
// change) joined into the answer as it is: no row is parsed or serialized again here.
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FeedPage } from '../../src/contract/feed';
import type { SyncTable } from '../../src/contract/feedRows';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { type SyncOp, syncChanges } from '../db/schema/index';
import { HttpError } from '../http/httpError';
import { purgedThrough } from '../sync/retention';

const querySchema = {
  type: 'object',
  required: ['currentCompanyId'],
  properties: {
    currentCompanyId: { type: 'string', pattern: '^\\d{1,15}$' },
    cursor: { type: 'string', pattern: '^(\\d{1,19}(:\\d{1,19})?)?$' },
    limit: { type: 'integer', minimum: 1, maximum: 5000, default: 1000 },
    /** The previous page's `remaining`: carried down instead of counted again (feed.ts). */
    remaining: { type: 'integer', minimum: 0, maximum: 1_000_000_000_000 },
  },
} as const;

type Query = { currentCompanyId: string; cursor?: string; limit: number; remaining?: number };

/**
 * A cursor is the last version the client holds, plus the purge horizon it was issued under
 * (`1234:980`) once tombstones have been purged; plain `1234` means "issued before any purge".
 */
export function parseCursor(raw: string | undefined): { version: number; horizon: number } {
  const [version = '0', horizon = '0'] = (raw || '0').split(':');
  return { version: Number(version), horizon: Number(horizon) };
}

export function formatCursor(version: number, horizon: number): string {
  return horizon > 0 ? `${version}:${horizon}` : String(version);
}

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

/** A change of the page: its header, and its row's JSON text (null: a tombstone). */
type PageChange = { version: number; head: string; row: string | null };

const header = (table: string, op: string, id: string) =>
  `{"table":${JSON.stringify(table)},"op":${JSON.stringify(op)},"id":${JSON.stringify(id)},"row":`;

/** The page's changes, each with its header and its row's stored text (null: a tombstone). */
async function readPageChanges(
  db: Db,
  companyId: number,
  after: number,
  take: number,
): Promise<PageChange[]> {
  return (await readFeedPage(db, companyId, after, take)).map((c) => ({
    version: Number(c.version),
    head: header(c.table_name, c.op, c.row_id),
    row: c.op === 'delete' ? null : c.row_text,
  }));
}

/**
 * The `ok(data)` envelope (server/http/replies.ts) of a FeedPage around the changes' stored
 * text, as one buffer: each piece encoded on its own and the buffers concatenated, which costs
 * less than joining the page into one string first (V8 flattens a 6 MB two-byte string).
 */
export function feedAnswerBytes(
  head: Omit<FeedPage, 'changes'>,
  changes: readonly PageChange[],
): Buffer {
  const parts: Buffer[] = [
    Buffer.from(
      `{"data":{"cursor":${JSON.stringify(head.cursor)},"has_more":${head.has_more},"remaining":${head.remaining},"changes":[`,
    ),
  ];
  changes.forEach((change, index) => {
    parts.push(Buffer.from(index === 0 ? change.head : `,${change.head}`));
    const row = change.row ?? 'null';
    parts.push(Buffer.from(row), CLOSE_CHANGE);
  });
  parts.push(CLOSE_PAGE);
  return Buffer.concat(parts);
}

const CLOSE_CHANGE = Buffer.from('}');
const CLOSE_PAGE = Buffer.from(']}}');

export function registerSync(app: FastifyInstance, { database }: AppContext): void {
  const { db } = database;
  app.get<{ Querystring: Query }>(
    '/sync-api/v1/changes',
    { schema: { querystring: querySchema } },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      const companyId = membership.companyId;
      const { version: cursor, horizon: issuedUnder } = parseCursor(request.query.cursor);
      const limit = request.query.limit;
      const horizon = await purgedThrough(db);
      // Only a cursor issued before the latest purge can have missed a purged tombstone; one
      // issued since (a resync from 0 paging past old versions) has seen everything that is left.
      if (cursor > 0 && cursor < horizon && issuedUnder < horizon) {
        throw new HttpError(410, 'CURSOR_EXPIRED', '本地数据已过期，正在重新同步');
      }
      const rows = await readPageChanges(db, companyId, cursor, limit + 1);
      const hasMore = rows.length > limit;
      const page = hasMore ? rows.slice(0, limit) : rows;
      const next = page.at(-1)?.version ?? cursor;
      const remaining = hasMore
        ? await remainingAfter(db, companyId, next, page.length, request.query.remaining)
        : 0;
      const body = feedAnswerBytes(
        { cursor: formatCursor(next, horizon), has_more: hasMore, remaining },
        page,
      );
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}

/**
 * Changes after this page. Counted (every remaining index entry of the company) only on a
 * pull's first page; later pages carry the count down from the previous page's `remaining`,
 * which the client sends back, so a first sync counts once instead of once per page. At least 1
 * while there is more (rows written during the pull are counted by the next pull).
 */
async function remainingAfter(
  db: Db,
  companyId: number,
  next: number,
  served: number,
  previous: number | undefined,
): Promise<number> {
  if (previous !== undefined) return Math.max(1, previous - served);
  const [counted] = await db
    .select({ n: count() })
    .from(syncChanges)
    .where(and(eq(syncChanges.companyId, companyId), gt(syncChanges.version, next)));
  return counted?.n ?? 0;
}
