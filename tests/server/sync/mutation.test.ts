// The write path every mutation shares: one transaction, feed entries, replay by Idempotency-Key.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../server/db/database';
import { appMeta, idempotencyKeys, syncChanges } from '../../../server/db/schema/index';
import { HttpError, unauthorized } from '../../../server/http/httpError';
import { ok } from '../../../server/http/replies';
import type { ChangeSet } from '../../../server/sync/changeSet';
import { mutate, purgeIdempotencyKeys } from '../../../server/sync/mutation';
import { nextVersion } from '../../../server/sync/write';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { companyRowStub } from '../../support/rowStubs';

/** A counter row stands in for a synced row: each applied call bumps it once. */
async function bump(tx: Tx, changes: ChangeSet, companyId: number) {
  const version = await nextVersion(tx);
  await tx
    .insert(appMeta)
    .values({ key: 'counter', value: '1' })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`(${appMeta.value}::int + 1)::text` },
    });
  changes.upsert('companies', companyRowStub(1, version), [companyId]);
  return { version };
}

describe.each(drivers)('mutate on %s', (driver) => {
  let server: TestServer;
  let attempts = 0;
  let besideStarted = 0;

  beforeAll(async () => {
    server = await startTestServer(driver, {
      extend(app: FastifyInstance) {
        const db = () => server.db.database.db;
        app.post<{ Params: { n: string } }>(
          '/api/v7/probe/:n',
          { config: { auth: 'public' } },
          async (request, reply) =>
            mutate(db(), request, reply, async (tx, changes) => {
              attempts += 1;
              return ok(await bump(tx, changes, Number(request.params.n)));
            }),
        );
        // A change that runs beside others (rowLocked): the stored answer is read with the lock,
        // so twins under one key that start together both miss it; each waits for the other to
        // start (at most 3 s) before changing anything.
        app.post<{ Params: { n: string } }>(
          '/api/v7/beside/:n',
          { config: { auth: 'public' } },
          async (request, reply) =>
            mutate(
              db(),
              request,
              reply,
              async (tx, changes) => {
                attempts += 1;
                besideStarted += 1;
                const deadline = Date.now() + 3000;
                while (besideStarted < 2 && Date.now() < deadline) {
                  await new Promise((resolve) => setTimeout(resolve, 10));
                }
                return ok(await bump(tx, changes, Number(request.params.n)));
              },
              { rowLocked: true },
            ),
        );
        app.post('/api/v7/refuse', { config: { auth: 'public' } }, async (request, reply) =>
          mutate(db(), request, reply, async () => {
            attempts += 1;
            throw new HttpError(422, 'RULE_VIOLATION', '不允许');
          }),
        );
        app.post('/api/v7/expired', { config: { auth: 'public' } }, async (request, reply) =>
          mutate(db(), request, reply, async () => {
            attempts += 1;
            throw unauthorized();
          }),
        );
      },
    });
  });
  afterAll(async () => server.close());

  const counter = async () => {
    const [row] = await server.db.database.db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, 'counter'));
    return Number(row?.value ?? 0);
  };
  const post = (url: string, key?: string, payload?: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: key ? { 'idempotency-key': key } : {},
      ...(payload ? { payload } : {}),
    });
  const DAY_MS = 24 * 3600 * 1000;
  /** Moves a stored answer back in time, as if it had been stored `days` ago. */
  const age = async (key: string, days: number) => {
    await server.db.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - days * DAY_MS).toISOString() })
      .where(eq(idempotencyKeys.key, key));
  };
  const storedKeys = async (...keys: string[]) => {
    const rows = await server.db.database.db.select().from(idempotencyKeys);
    return rows.map((row) => row.key).filter((key) => keys.includes(key));
  };

  it('applies a replayed request once and answers the first answer again', async () => {
    const before = await counter();
    const first = await post('/api/v7/probe/7', 'k-replay');
    const second = await post('/api/v7/probe/7', 'k-replay');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await counter()).toBe(before + 1);
  });

  it('applies requests without a key every time', async () => {
    const before = await counter();
    await post('/api/v7/probe/7');
    await post('/api/v7/probe/7');
    expect(await counter()).toBe(before + 2);
  });

  it('records the change in the feed of the company, the row as answered', async () => {
    const res = await post('/api/v7/probe/42', 'k-feed');
    const { version } = res.json().data as { version: number };
    const rows = await server.db.database.db
      .select()
      .from(syncChanges)
      .where(eq(syncChanges.companyId, 42));
    expect(rows).toEqual([
      expect.objectContaining({
        tableName: 'companies',
        rowId: '1',
        op: 'upsert',
        row: expect.objectContaining({ version }),
      }),
    ]);
    // The feed entry sorts after the row's own version: handed out when the change is recorded.
    expect(rows[0]?.version).toBeGreaterThan(version);
  });

  it('refuses a key reused for another operation', async () => {
    await post('/api/v7/probe/7', 'k-reuse');
    const res = await post('/api/v7/refuse', 'k-reuse');
    expect(res.statusCode).toBe(422);
    expect(res.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a key reused for the same operation on another record', async () => {
    await post('/api/v7/probe/7', 'k-other-record');
    const res = await post('/api/v7/probe/8', 'k-other-record');
    expect(res.statusCode).toBe(422);
    expect(res.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('replays a business refusal without running the change again', async () => {
    const before = attempts;
    const first = await post('/api/v7/refuse', 'k-refused');
    const second = await post('/api/v7/refuse', 'k-refused');
    expect(first.statusCode).toBe(422);
    expect(second.json()).toEqual({ error_code: 'RULE_VIOLATION', error_message: '不允许' });
    expect(attempts).toBe(before + 1);
  });

  it('does not keep a 401: the same key works again after the user signs in anew', async () => {
    const before = attempts;
    await post('/api/v7/expired', 'k-401');
    await post('/api/v7/expired', 'k-401');
    expect(attempts).toBe(before + 2);
    const stored = await server.db.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'k-401'));
    expect(stored).toEqual([]);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const res = await post('/api/v7/probe/7', 'bad key with spaces');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toBe('请求参数有误：Idempotency-Key');
  });

  // PGlite has one connection: its transactions never overlap, the twins could not meet.
  if (driver === 'postgres') {
    it('applies twins under one key that ran side by side once: the later replays the first', async () => {
      const before = await counter();
      const attemptsBefore = attempts;
      besideStarted = 0;
      const [a, b] = await Promise.all([
        post('/api/v7/beside/7', 'k-twins'),
        post('/api/v7/beside/7', 'k-twins'),
      ]);
      // Both ran their change; the one that recorded the key second was rolled back.
      expect(attempts - attemptsBefore).toBe(2);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.json()).toEqual(a.json());
      expect([a, b].filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
      expect(await counter()).toBe(before + 1);
    });
  }

  it('hands out versions in commit order under concurrent writes', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post('/api/v7/probe/9', `k-par-${i}`)),
    );
    const versions = results.map((r) => (r.json().data as { version: number }).version);
    expect(new Set(versions).size).toBe(8);
  });

  it('still answers a replay 8 days later with the stored answer, without applying it again', async () => {
    const before = await counter();
    const first = await post('/api/v7/probe/7', 'k-late', { note: 'a' });
    await age('k-late', 8);
    await purgeIdempotencyKeys(server.db.database.db);
    const late = await post('/api/v7/probe/7', 'k-late', { note: 'a' });
    expect(late.statusCode).toBe(200);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.json()).toEqual(first.json());
    expect(await counter()).toBe(before + 1);
  });

  it('keeps answers 30 days and purges older ones', async () => {
    await post('/api/v7/probe/7', 'k-29-days');
    await post('/api/v7/probe/7', 'k-31-days');
    await age('k-29-days', 29);
    await age('k-31-days', 31);
    await purgeIdempotencyKeys(server.db.database.db);
    expect(await storedKeys('k-29-days', 'k-31-days')).toEqual(['k-29-days']);
  });

  it('refuses the same key with another body (422), applying nothing', async () => {
    const before = await counter();
    await post('/api/v7/probe/7', 'k-body', { note: 'first' });
    const res = await post('/api/v7/probe/7', 'k-body', { note: 'second' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error_code: 'IDEMPOTENCY_KEY_REUSED',
      error_message: '请求重复：该请求标识已用于内容不同的请求，请勿重复使用',
    });
    expect(await counter()).toBe(before + 1);
  });

  it('refuses the same key with another query (422)', async () => {
    await post('/api/v7/probe/7?currentCompanyId=1', 'k-query');
    const res = await post('/api/v7/probe/7?currentCompanyId=2', 'k-query');
    expect(res.statusCode).toBe(422);
    expect(res.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('binds a stored refusal to its request too', async () => {
    await post('/api/v7/refuse', 'k-refused-body', { note: 'first' });
    const again = await post('/api/v7/refuse', 'k-refused-body', { note: 'first' });
    const other = await post('/api/v7/refuse', 'k-refused-body', { note: 'second' });
    expect(again.json().error_code).toBe('RULE_VIOLATION');
    expect(other.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
