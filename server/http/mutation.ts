// Mutations run through `mutate`: the change, its feed entries and its idempotency record commit
// in one transaction, so a replayed request (same user, same Idempotency-Key) gets the first
// answer back and is never applied twice, even if the server died right after applying it.
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema/index';
import { type Tx, write } from '../db/write';
import type { ChangeSet } from '../sync/changeSet';
import { badRequest, HttpError } from './httpError';
import { failure } from './replies';

/** Answers kept for replays at least this long (DESIGN: 7 days). */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 3600 * 1000;

// Refusals a replay must not repeat: the caller fixes them (new token, permission, version) and
// sends the same key again.
const NOT_REPLAYED = new Set([401, 403, 409, 429]);

function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^[\w.:-]{1,200}$/.test(raw)) {
    throw badRequest('请求参数有误：Idempotency-Key');
  }
  return raw;
}

type Stored = { status: number; body: unknown; method: string; path: string };

export async function mutate(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  change: (tx: Tx, changes: ChangeSet) => Promise<unknown>,
): Promise<unknown> {
  const key = idempotencyKey(request);
  const subject = request.user?.subject ?? 'anonymous';
  const method = request.method;
  // The concrete path (ids included): one key names one change of one record.
  const path = request.url.split('?', 1)[0] ?? request.url;
  const replay = (stored: Stored) => {
    if (stored.method !== method || stored.path !== path) {
      throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', '请求重复：该请求标识已用于其他操作');
    }
    return reply.status(stored.status).header('idempotent-replayed', 'true').send(stored.body);
  };
  try {
    const outcome = await write<{ stored: Stored } | { body: unknown }>(db, async (tx, changes) => {
      if (key) {
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.subject, subject), eq(idempotencyKeys.key, key)));
        if (stored) return { stored };
      }
      const body = await change(tx, changes);
      if (key) {
        await tx.insert(idempotencyKeys).values({ subject, key, method, path, status: 200, body });
      }
      return { body };
    });
    return 'stored' in outcome ? replay(outcome.stored) : outcome.body;
  } catch (error) {
    if (
      key &&
      error instanceof HttpError &&
      error.statusCode < 500 &&
      !NOT_REPLAYED.has(error.statusCode)
    ) {
      const body = failure(error.code, error.message);
      await db
        .insert(idempotencyKeys)
        .values({ subject, key, method, path, status: error.statusCode, body })
        .onConflictDoNothing();
    }
    throw error;
  }
}

/** Drops answers older than the retention (run by the maintenance timer). */
export async function purgeIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  const before = new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString();
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
