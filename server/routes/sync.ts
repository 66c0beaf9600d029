// GET /sync-api/v1/changes: the company's changes after `cursor`, in version order (DESIGN §3).
// A cursor older than the purged tombstones answers 410 and the client resyncs that company.
// A page is one index range read of the stored JSON text (ChangeSet.flush wrote it with the
// change) joined into the answer as it is: no row is parsed or serialized again here. Pages are
// compressed here, off the event loop, and the next page of a client paging on is prepared
// while it stores this one (sync/feedReadAhead.ts).
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { syncChanges } from '../db/schema/index';
import {
  type AnswerEncoding,
  answerEncoding,
  COMPRESS_THRESHOLD,
  encodeAnswer,
} from '../http/answerEncoding';
import { HttpError } from '../http/httpError';
import { FeedReadAhead, readAheadKey } from '../sync/feedReadAhead';
import { purgedThrough } from '../sync/retention';
import { readPageBody } from './feedPage';

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

/** What a feed request asks for, once its cursor is read and the 410 check passed. */
type FeedAsk = {
  companyId: number;
  /** As the client sent it: part of the key under which a prepared answer waits. */
  cursorText: string;
  cursor: number;
  horizon: number;
  limit: number;
  remaining: number | undefined;
  encoding: AnswerEncoding | null;
};

/**
 * An answer as it goes on the wire, the last version it holds, and the request a client paging
 * on sends next (null: the last page).
 */
type FeedAnswer = {
  bytes: Buffer;
  encoding: AnswerEncoding | null;
  /** Changes the page holds (/metrics counts them when it is sent). */
  rows: number;
  last: number;
  next: FeedAsk | null;
};

/** How long a page prepared ahead waits for its request (a phone stores a page in seconds). */
const READ_AHEAD_TTL_MS = 30_000;

const askKey = (ask: FeedAsk) => readAheadKey({ ...ask, cursor: ask.cursorText });

/** Each app's read-ahead, for its tests (how much it holds) and, later, its metrics. */
const readAheads = new WeakMap<FastifyInstance, FeedReadAhead<FeedAnswer>>();
export const feedReadAheadOf = (app: FastifyInstance) => readAheads.get(app);

export function registerSync(app: FastifyInstance, { database, config }: AppContext): void {
  const { db } = database;
  const readAhead = new FeedReadAhead<FeedAnswer>({
    maxBytes: config.feedReadAheadBytes,
    ttlMs: READ_AHEAD_TTL_MS,
  });
  readAheads.set(app, readAhead);

  /** Reads the page, writes its envelope around the stored rows and compresses it if asked. */
  async function buildAnswer(ask: FeedAsk): Promise<FeedAnswer> {
    const { companyId, cursor, horizon, limit } = ask;
    const body = await readPageBody(database, companyId, cursor, limit);
    const { hasMore } = body;
    const last = body.last ?? cursor;
    const remaining = hasMore
      ? await remainingAfter(db, companyId, last, body.served, ask.remaining)
      : 0;
    const nextCursor = formatCursor(last, horizon);
    const plain = body.answer({ cursor: nextCursor, has_more: hasMore, remaining });
    const encoding = plain.length >= COMPRESS_THRESHOLD ? ask.encoding : null;
    const bytes = encoding ? await encodeAnswer(plain, encoding) : plain;
    const next = hasMore ? { ...ask, cursorText: nextCursor, cursor: last, remaining } : null;
    return { bytes, encoding, rows: body.served, last, next };
  }

  /**
   * A prepared answer still tells the truth when it is asked for: a page with more after it
   * does (a row changed since comes again later in the same pull, under a newer version); the
   * last page must not end a pull that started after a newer change, so it is checked.
   */
  async function prepared(ask: FeedAsk): Promise<FeedAnswer | null> {
    const answer = await readAhead.take(askKey(ask));
    if (!answer || answer.next) return answer ?? null;
    return (await changedAfter(db, ask.companyId, answer.last)) ? null : answer;
  }

  app.get<{ Querystring: Query }>(
    '/sync-api/v1/changes',
    { schema: { querystring: querySchema } },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      const { version: cursor, horizon: issuedUnder } = parseCursor(request.query.cursor);
      const horizon = await purgedThrough(db);
      // Only a cursor issued before the latest purge can have missed a purged tombstone; one
      // issued since (a resync from 0 paging past old versions) has seen everything that is left.
      if (cursor > 0 && cursor < horizon && issuedUnder < horizon) {
        throw new HttpError(410, 'CURSOR_EXPIRED', '本地数据已过期，正在重新同步');
      }
      const ask: FeedAsk = {
        companyId: membership.companyId,
        cursorText: request.query.cursor ?? '',
        cursor,
        horizon,
        limit: request.query.limit,
        remaining: request.query.remaining,
        encoding: answerEncoding(request.headers['accept-encoding']),
      };
      const answer = (await prepared(ask)) ?? (await buildAnswer(ask));
      // The client pages on from here: its next page is built while it stores this one.
      const { next } = answer;
      if (next) readAhead.prepare(askKey(next), () => buildAnswer(next));
      if (app.hasDecorator('metrics')) app.metrics.feedRows(answer.rows);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (answer.encoding) reply.header('content-encoding', answer.encoding);
      return reply.send(answer.bytes);
    },
  );
}

/** Whether the company has a change after `version` (one probe of the feed index). */
async function changedAfter(db: Db, companyId: number, version: number): Promise<boolean> {
  const [found] = await db
    .select({ version: syncChanges.version })
    .from(syncChanges)
    .where(and(eq(syncChanges.companyId, companyId), gt(syncChanges.version, version)))
    .limit(1);
  return found !== undefined;
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
