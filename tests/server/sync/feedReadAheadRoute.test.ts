// The feed route with its read-ahead: while a client stores a page, the next one is read, built
// and compressed, and the next request is answered from it. The pages are the same bytes as
// without read-ahead in every encoding; a prepared page is really what is served (the database
// is not read again); and a pull never ends on a last page prepared before a newer change.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { seedDemoData } from '../../../server/demo/seed/demo';
import { feedReadAheadOf } from '../../../server/routes/sync';
import { write } from '../../../server/sync/write';
import { decodeFeedPage, type FeedPage } from '../../../src/contract/feed';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';

const NOW = new Date('2026-11-20T09:30:00+08:00');
const LIMIT = 40;

type Encoding = 'identity' | 'br' | 'gzip';

describe.each(drivers)('the feed read ahead on %s', (driver) => {
  let ahead: TestServer;
  /** The same database with read-ahead off. */
  let plain: { app: FastifyInstance };
  let companyId = 0;
  let token = '';

  /** One page as served: its decoded text, the encoding it came in, and the page. */
  async function get(
    server: { app: FastifyInstance },
    cursor: string,
    remaining: string,
    encoding: Encoding,
  ) {
    const res = await server.app.inject({
      method: 'GET',
      url: `/sync-api/v1/changes?currentCompanyId=${companyId}&cursor=${cursor}&limit=${LIMIT}${remaining}`,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const raw = res.rawPayload;
    const used = res.headers['content-encoding'] ?? 'identity';
    const text = (
      used === 'br' ? brotliDecompressSync(raw) : used === 'gzip' ? gunzipSync(raw) : raw
    ).toString();
    const decoded = decodeFeedPage((JSON.parse(text) as { data: unknown }).data, 'full');
    if (!decoded.ok) throw new Error(decoded.error);
    return { text, used, page: decoded.value };
  }

  /** Every page from the start, as a client pages on (the previous `remaining` sent back). */
  async function pull(server: { app: FastifyInstance }, encoding: Encoding) {
    const pages: Array<{ text: string; used: string; page: FeedPage }> = [];
    for (let cursor = '', remaining = ''; ; ) {
      const served = await get(server, cursor, remaining, encoding);
      pages.push(served);
      if (!served.page.has_more) return pages;
      cursor = served.page.cursor;
      remaining = `&remaining=${served.page.remaining}`;
    }
  }

  beforeAll(async () => {
    ahead = await startTestServer(driver);
    const config = { ...ahead.config, feedReadAheadBytes: 0 };
    plain = { app: await buildApp({ config, database: ahead.db.database }) };
    await plain.app.ready();
    await seedDemoData(ahead.db.database, { seed: 2026, now: NOW });
    const db = ahead.db.database.db;
    const [member] = (
      (await db.execute(sql`
        select c.company_id, c.account_id, count(s.version) as n from contacts c
        join sync_changes s on s.company_id = c.company_id
        where c.account_id is not null and c.status = 'IN_SERVICE'
        group by c.company_id, c.account_id order by n desc limit 1`)) as unknown as {
        rows: Array<{ company_id: string | number; account_id: string | number }>;
      }
    ).rows;
    if (!member) throw new Error('no member');
    companyId = Number(member.company_id);
    token = await accessTokenFor(db, ahead.issuer, Number(member.account_id));
  }, 120_000);
  afterAll(async () => {
    await plain.app.close();
    await ahead.close();
  });

  it.each(['identity', 'br', 'gzip'] as const)(
    'serves the same pages as without read-ahead (%s)',
    async (encoding) => {
      const served = await pull(ahead, encoding);
      const baseline = await pull(plain, encoding);
      expect(served.length).toBeGreaterThan(2);
      expect(served.map((p) => p.text)).toEqual(baseline.map((p) => p.text));
      // Compressed as asked, the short last page excepted (under the threshold it goes plain).
      for (const { used, text } of served.slice(0, -1))
        expect(used).toBe(text.length >= 1024 ? encoding : 'identity');
    },
  );

  it('answers the next request from the page it prepared, without reading it again', async () => {
    const readAhead = feedReadAheadOf(ahead.app);
    if (!readAhead) throw new Error('no read-ahead');
    const first = await get(ahead, '', '', 'identity');
    expect(first.page.has_more).toBe(true);
    await expect.poll(() => readAhead.bytesHeld).toBeGreaterThan(0);
    // The second page's changes leave the database: the answer prepared before still has them.
    const db = ahead.db.database.db;
    const second = await get(
      plain,
      first.page.cursor,
      `&remaining=${first.page.remaining}`,
      'identity',
    );
    const versions = second.page.changes.length;
    expect(versions).toBe(LIMIT);
    const after = Number(first.page.cursor);
    const upTo = Number(second.page.cursor);
    await db.execute(sql`create temporary table kept as select * from sync_changes
      where company_id = ${companyId} and version > ${after} and version <= ${upTo}`);
    try {
      await db.execute(sql`delete from sync_changes
        where company_id = ${companyId} and version > ${after} and version <= ${upTo}`);
      const served = await get(
        ahead,
        first.page.cursor,
        `&remaining=${first.page.remaining}`,
        'identity',
      );
      expect(served.text).toBe(second.text);
    } finally {
      await db.execute(sql`insert into sync_changes select * from kept`);
      await db.execute(sql`drop table kept`);
    }
  });

  it('never ends a pull on a last page prepared before a newer change', async () => {
    const readAhead = feedReadAheadOf(ahead.app);
    if (!readAhead) throw new Error('no read-ahead');
    // Page on to the one before the last: the last is now being prepared.
    const pages = await pull(plain, 'identity');
    const beforeLast = pages.at(-2);
    if (!beforeLast) throw new Error('one page only');
    const cursorBeforeLast = pages.at(-3)?.page.cursor ?? '';
    const remainingBeforeLast = pages.at(-3) ? `&remaining=${pages.at(-3)?.page.remaining}` : '';
    const served = await get(ahead, cursorBeforeLast, remainingBeforeLast, 'identity');
    expect(served.text).toBe(beforeLast.text);
    await expect.poll(() => readAhead.bytesHeld).toBeGreaterThan(0);
    // A change lands after the prepared last page was read.
    const db = ahead.db.database.db;
    const id = 900_000_000 + Math.floor(Math.random() * 1000);
    await write(db, async (_tx, changes) => {
      changes.remove('todos', id, [companyId]);
    });
    const last = await get(
      ahead,
      served.page.cursor,
      `&remaining=${served.page.remaining}`,
      'identity',
    );
    const rest = last.page.has_more
      ? await get(ahead, last.page.cursor, `&remaining=${last.page.remaining}`, 'identity')
      : last;
    const ids = [...last.page.changes, ...rest.page.changes].map((c) => `${c.table}/${c.id}`);
    expect(ids).toContain(`todos/${id}`);
  });
});
