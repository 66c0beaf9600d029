// Upload limits (security review M10): a company's stored files are bounded by its quota
// (存储空间已满，请联系客服), an account may run only a few uploads at once and the process only a
// few in all (上传过多，请稍后再试), and a file is read as a stream whose type is judged from its
// first bytes, never held whole when it is refused or too large.
import http from 'node:http';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { files } from '../../../server/db/schema/index';
import { UPLOAD_LIMIT_MESSAGES } from '../../../server/messaging/messages';
import { HEAD_BYTES, receiveFile, UploadSlots } from '../../../server/messaging/uploadIntake';
import { testConfig } from '../../support/app';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { multipart } from '../../support/multipart';
import { accessTokenFor } from '../../support/tokens';

const QUOTA = 10_000;
const BOUNDARY = '----vitest-multipart-boundary';

describe.each(drivers)('upload limits on %s', (driver) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let ids: FixtureIds;
  let token: string;
  /** Held uploads that reached the route's handler (which takes its slot before any await). */
  let heldInHandler = 0;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    const config = testConfig({ uploadQuotaBytes: QUOTA });
    app = await buildApp({ config, database: db.database });
    app.addHook('preHandler', async (request) => {
      if (request.headers['x-test-held']) heldInHandler++;
    });
    await app.ready();
    ids = await seedFixtures(db.database);
    token = await accessTokenFor(db.database, `${config.publicUrl}/oidc`, ids.accounts.userB);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const url = () =>
    `/api/v7/files?documentType=TODO_ATTACHMENT&currentCompanyId=${ids.companies.buyerB}`;
  const upload = (size: number, idempotencyKey?: string) => {
    const body = multipart('notes.txt', Buffer.alloc(size, 'a'), 'text/plain');
    return app.inject({
      method: 'POST',
      url: url(),
      headers: {
        authorization: `Bearer ${token}`,
        ...body.headers,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      payload: body.payload,
    });
  };
  const remove = (objectName: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/v7/files?path=${encodeURIComponent(objectName)}&currentCompanyId=${ids.companies.buyerB}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses an upload past the company’s quota, and takes it once room is freed', async () => {
    // The fixtures gave company B one 4-byte file.
    const first = await upload(6000);
    expect(first.statusCode, first.body).toBe(200);
    const over = await upload(5000);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      error_code: 'STORAGE_QUOTA_EXCEEDED',
      error_message: UPLOAD_LIMIT_MESSAGES.QUOTA_FULL,
    });
    const fits = await upload(QUOTA - 6000 - 4);
    expect(fits.statusCode, fits.body).toBe(200);
    // Full to the byte: refused before the file is read.
    expect((await upload(1)).statusCode).toBe(422);
    expect((await remove(first.json().data.object_name)).statusCode).toBe(200);
    expect((await upload(5000)).statusCode).toBe(200);
  });

  it('answers 429 上传过多 to a third upload of one account while two are still arriving', async () => {
    const stored = await upload(1, 'upload-retried-while-busy');
    expect(stored.statusCode, stored.body).toBe(200);
    // A real socket: the two uploads send their first bytes and then wait, as a slow network.
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\nslow`;
    const held = [0, 1].map(() => {
      const request = http.request(`${address}${url()}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'x-test-held': '1',
        },
      });
      const answer = new Promise<number>((resolve, reject) => {
        request.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
      });
      request.write(head);
      return { request, answer };
    });
    try {
      // Wait (by polling, no fixed delay) until both are in the handler, then send a third.
      for (let i = 0; i < 3000 && heldInHandler < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setImmediate(resolve));
      const third = await upload(1);
      expect(third.statusCode).toBe(429);
      expect(third.json().error_message).toBe(UPLOAD_LIMIT_MESSAGES.TOO_MANY);
      expect(third.headers['retry-after']).toBe('2');
      // A retry of an upload already stored gets its answer, not the refusal.
      const retried = await upload(1, 'upload-retried-while-busy');
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().data.object_name).toBe(stored.json().data.object_name);
    } finally {
      for (const { request } of held) request.end(`\r\n--${BOUNDARY}--\r\n`);
    }
    expect(await Promise.all(held.map((h) => h.answer))).toEqual([200, 200]);
    expect((await upload(1)).statusCode).toBe(200);
  });

  it('answers a retried upload with its stored answer even when the company is full by now', async () => {
    // The first attempt is stored, its answer lost on the way; another upload then fills the
    // company before the outbox sends the same entry again under the same key.
    const first = await upload(10, 'upload-retried-when-full');
    expect(first.statusCode, first.body).toBe(200);
    const [usage] = await db.database.db
      .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(and(eq(files.companyId, ids.companies.buyerB), eq(files.deleted, false)));
    const room = QUOTA - Number(usage?.used);
    if (room > 0) expect((await upload(room)).statusCode).toBe(200);
    expect((await upload(1)).statusCode).toBe(422);
    const retried = await upload(10, 'upload-retried-when-full');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json().data.object_name).toBe(first.json().data.object_name);
  });
});

describe('UploadSlots', () => {
  it('bounds uploads per account and per process, and gives slots back', () => {
    const slots = new UploadSlots(2, 3);
    const a1 = slots.take(1);
    const a2 = slots.take(1);
    expect(slots.take(1)).toBe('account');
    const b1 = slots.take(2);
    expect(slots.take(3)).toBe('process');
    for (const release of [a1, a2, b1]) {
      if (typeof release === 'string') throw new Error('no slot');
      release();
      release();
    }
    expect(typeof slots.take(3)).toBe('function');
    expect(typeof slots.take(1)).toBe('function');
  });
});

describe('receiveFile', () => {
  const chunked = (size: number, chunk = 64 * 1024) =>
    Readable.from(
      (function* () {
        for (let at = 0; at < size; at += chunk) yield Buffer.alloc(Math.min(chunk, size - at), 7);
      })(),
    );
  const verdicts = (refuse: boolean) => {
    const heads: number[] = [];
    return {
      heads,
      judge: (head: Buffer) => {
        heads.push(head.length);
        return refuse ? 'no' : 'yes';
      },
      refuses: (v: string) => v === 'no',
    };
  };

  it('judges the first bytes once and keeps an accepted file whole', async () => {
    const v = verdicts(false);
    const intake = await receiveFile(chunked(3_000_000), 20_000_000, v.judge, v.refuses);
    expect(v.heads).toEqual([HEAD_BYTES]);
    expect(intake.kind).toBe('received');
    if (intake.kind === 'received') expect(intake.bytes.length).toBe(3_000_000);
  });

  it('judges a small file whole, and refuses without keeping the rest', async () => {
    const small = verdicts(false);
    await receiveFile(chunked(100), 20_000_000, small.judge, small.refuses);
    expect(small.heads).toEqual([100]);
    const refused = verdicts(true);
    const intake = await receiveFile(
      chunked(3_000_000),
      20_000_000,
      refused.judge,
      refused.refuses,
    );
    expect(intake).toEqual({ kind: 'refused', verdict: 'no' });
  });

  it('says too large at the limit, and when busboy truncated the file', async () => {
    const v = verdicts(false);
    expect((await receiveFile(chunked(1000), 1000, v.judge, v.refuses)).kind).toBe('too-large');
    const truncated = Object.assign(chunked(10), { truncated: true });
    expect((await receiveFile(truncated, 1000, v.judge, v.refuses)).kind).toBe('too-large');
  });
});
