// GET /sync-api/v1/changes: the company's changes after `cursor`, in version order (DESIGN §3).
// A cursor older than the purged tombstones answers 410 and the client resyncs that company.
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FeedPage } from '../../src/contract/feed';
import type { FeedChange } from '../../src/contract/feedRows';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { syncChanges } from '../db/schema/index';
import { HttpError } from '../http/httpError';
import { ok } from '../http/replies';
import { purgedThrough } from '../sync/retention';

const querySchema = {
  type: 'object',
  required: ['currentCompanyId'],
  properties: {
    currentCompanyId: { type: 'string', pattern: '^\\d{1,15}$' },
    cursor: { type: 'string', pattern: '^(\\d{1,19}(:\\d{1,19})?)?$' },
    limit: { type: 'integer', minimum: 1, maximum: 5000, default: 1000 },
  },
} as const;

type Query = { currentCompanyId: string; cursor?: string; limit: number };

/**
 * The page as sent (src/contract/feed.ts FeedPage): the stored rows are the projections'
 * (server/sync/projections/), written by ChangeSet; the client decodes each one.
 */
type FeedAnswer = Omit<FeedPage, 'changes'> & {
  changes: Array<Pick<FeedChange, 'table' | 'op' | 'id'> & { row: unknown }>;
};

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

export function registerSync(app: FastifyInstance, { database }: AppContext): void {
  const { db } = database;
  app.get<{ Querystring: Query }>(
    '/sync-api/v1/changes',
    { schema: { querystring: querySchema } },
    async (request) => {
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
      const rows = await db
        .select()
        .from(syncChanges)
        .where(and(eq(syncChanges.companyId, companyId), gt(syncChanges.version, cursor)))
        .orderBy(asc(syncChanges.version))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      const next = page.at(-1)?.version ?? cursor;
      let remaining = 0;
      if (hasMore) {
        const [counted] = await db
          .select({ n: count() })
          .from(syncChanges)
          .where(and(eq(syncChanges.companyId, companyId), gt(syncChanges.version, next)));
        remaining = counted?.n ?? 0;
      }
      const data: FeedAnswer = {
        cursor: formatCursor(next, horizon),
        has_more: hasMore,
        remaining,
        changes: page.map((row) => ({
          table: row.tableName,
          op: row.op,
          id: row.rowId,
          row: row.row,
        })),
      };
      return ok(data);
    },
  );
}
