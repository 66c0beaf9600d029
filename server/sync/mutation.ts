// Mutations run through `mutate`: the change, its feed entries and its idempotency record commit
// in one transaction, so a replayed request (same user, same Idempotency-Key) gets the first
// answer back and is never applied twice, even if the server died right after applying it. The
// key is bound to its request (a hash of method, path with query, and body): the same key with
// another request is refused, never answered with the first one's result. It is the HTTP face
// of the sync write primitive (write.ts), so it sits in the sync layer, above http.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_RETENTION_MS } from '../../src/domain/sync/retention';
import type { Db, Tx } from '../db/database';
import { idempotencyKeys } from '../db/schema/index';
import { databaseErrorOf } from '../db/timeouts';
import { badRequest, HttpError } from '../http/httpError';
import type { PushOutcome } from '../http/metrics';
import { failure } from '../http/replies';
import type { ChangeSet } from './changeSet';
import { write } from './write';

const KEY_REUSED = '请求重复：该请求标识已用于其他操作';
const KEY_REUSED_OTHER_CONTENT = '请求重复：该请求标识已用于内容不同的请求，请勿重复使用';

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

/**
 * SHA-256 of what the key stands for: method, the path with its query as sent, and the parsed
 * JSON body (a multipart upload's body is read by its route and is not part of it).
 */
export function requestHash(method: string, url: string, body: unknown): string {
  const hash = createHash('sha256').update(`${method}\n${url}\n`);
  if (body instanceof Uint8Array) hash.update(body);
  else if (body !== undefined) hash.update(JSON.stringify(body) ?? '');
  return hash.digest('hex');
}

type Stored = {
  status: number;
  body: unknown;
  method: string;
  path: string;
  requestHash: string | null;
};

type Identity = {
  key: string | null;
  subject: string;
  method: string;
  path: string;
  hash: string;
};

function identityOf(request: FastifyRequest): Identity {
  return {
    key: idempotencyKey(request),
    subject: request.user?.subject ?? 'anonymous',
    method: request.method,
    // The concrete path (ids included): one key names one change of one record.
    path: request.url.split('?', 1)[0] ?? request.url,
    hash: requestHash(request.method, request.url, request.body),
  };
}

function replay(identity: Identity, stored: Stored, reply: FastifyReply) {
  if (stored.method !== identity.method || stored.path !== identity.path) {
    throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  }
  // Answers stored before the hash existed (null) are replayed as before.
  if (stored.requestHash !== null && stored.requestHash !== identity.hash) {
    throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED_OTHER_CONTENT);
  }
  return reply.status(stored.status).header('idempotent-replayed', 'true').send(stored.body);
}

async function storedFor(db: Pick<Db, 'select'>, { subject, key }: Identity) {
  if (!key) return undefined;
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.subject, subject), eq(idempotencyKeys.key, key)));
  return stored;
}

/**
 * The stored answer for the request's Idempotency-Key, sent again; undefined when there is none.
 * For a route that may refuse before `mutate` (an upload's quota or concurrency check): a retry
 * whose first attempt was applied but whose answer was lost gets that answer, not a refusal.
 */
export async function replayStoredAnswer(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const identity = identityOf(request);
  const stored = await storedFor(db, identity);
  return stored ? replay(identity, stored, reply) : undefined;
}

/** The app's push counter (/metrics), when the app keeps metrics (route tests may not). */
function countPush(request: FastifyRequest, outcome: PushOutcome) {
  if (request.server.hasDecorator('metrics')) request.server.metrics.push(outcome);
}

type MutateOptions = {
  /**
   * The change locks the rows it checks (write.ts `rowLocked`) and runs beside other such
   * changes. Its stored answer is read in the lock's statement (a round trip fewer), from a
   * snapshot that may miss a request under the same key committed meanwhile: that request's
   * twin then runs, and is answered with the stored answer when its own change is refused (the
   * first one changed the row: a 409, say) or when recording its key finds the first's.
   */
  rowLocked?: boolean;
};

const KEY_TAKEN = 'idempotency_keys_subject_key_pk';

/** The stored answer as one JSON value, read in the write lock's statement. */
const storedSql = ({ subject, key }: Identity) =>
  sql`select json_build_object('status', ${idempotencyKeys.status}, 'body', ${idempotencyKeys.body},
    'method', ${idempotencyKeys.method}, 'path', ${idempotencyKeys.path},
    'requestHash', ${idempotencyKeys.requestHash})
  from ${idempotencyKeys}
  where ${idempotencyKeys.subject} = ${subject} and ${idempotencyKeys.key} = ${key}`;

export async function mutate(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  change: (tx: Tx, changes: ChangeSet) => Promise<unknown>,
  options: MutateOptions = {},
): Promise<unknown> {
  const identity = identityOf(request);
  const { key, subject, method, path, hash } = identity;
  const rowLocked = options.rowLocked === true;
  const readWithLock = rowLocked && key !== null;
  try {
    const outcome = await write<{ stored: Stored } | { body: unknown }>(
      db,
      async (tx, changes, readAtLock) => {
        const stored = readWithLock
          ? ((readAtLock as Stored | null) ?? undefined)
          : await storedFor(tx, identity);
        if (stored) return { stored };
        const body = await change(tx, changes);
        // The key is recorded with the change's NOTIFY, in one statement.
        if (key) {
          changes.writeAlongside(
            tx
              .insert(idempotencyKeys)
              .values({ subject, key, method, path, status: 200, body, requestHash: hash })
              .getSQL(),
          );
        }
        return { body };
      },
      { rowLocked, readWithLock: readWithLock ? storedSql(identity) : undefined },
    );
    countPush(request, 'stored' in outcome ? 'replayed' : 'applied');
    return 'stored' in outcome ? replay(identity, outcome.stored, reply) : outcome.body;
  } catch (error) {
    // A twin under the same key committed while this one ran on an older snapshot (rowLocked):
    // its answer is this request's answer.
    if (readWithLock && (error instanceof HttpError || keyTaken(error))) {
      const stored = await storedFor(db, identity);
      if (stored) {
        countPush(request, 'replayed');
        return replay(identity, stored, reply);
      }
    }
    if (error instanceof HttpError && error.statusCode < 500) countPush(request, 'refused');
    if (
      key &&
      error instanceof HttpError &&
      error.statusCode < 500 &&
      !NOT_REPLAYED.has(error.statusCode)
    ) {
      const body = failure(error.code, error.message);
      await db
        .insert(idempotencyKeys)
        .values({ subject, key, method, path, status: error.statusCode, body, requestHash: hash })
        .onConflictDoNothing();
    }
    throw error;
  }
}

function keyTaken(error: unknown): boolean {
  const found = databaseErrorOf(error);
  return found?.code === '23505' && found.constraint === KEY_TAKEN;
}

/**
 * Drops answers older than the retention (run by the maintenance timer): 30 days, longer than
 * the client sends an entry under one key (src/domain/sync/retention.ts, read by both ends).
 */
export async function purgeIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  const before = new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString();
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}
