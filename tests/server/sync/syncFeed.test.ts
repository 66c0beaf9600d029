// GET /sync-api/v1/changes: paging in version order, company scoping, tombstones and 410.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, contacts } from '../../../server/db/schema/index';
import { feedHead } from '../../../server/sync/listTotals';
import { purgeTombstones } from '../../../server/sync/retention';
import { nextVersion, write } from '../../../server/sync/write';
import type { FeedPage } from '../../../src/contract/feed';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { todoRowStub } from '../../support/rowStubs';
import { accessTokenFor, createAccount } from '../../support/tokens';

type Page = FeedPage;

describe.each(drivers)('sync feed on %s', (driver) => {
  let server: TestServer;
  let token: string;
  let companyA: number;
  let companyB: number;

  beforeAll(async () => {
    server = await startTestServer(driver);
    const db = server.db.database.db;
    const rows = await db
      .insert(companies)
      .values([{ name: '甲公司' }, { name: '乙公司' }])
      .returning({ id: companies.id });
    companyA = rows[0]?.id ?? 0;
    companyB = rows[1]?.id ?? 0;
    const accountId = await createAccount(db, {
      username: 'feed',
      password: 'Demo@2026',
      name: '同步',
    });
    await db.insert(contacts).values({ companyId: companyA, accountId, name: '同步' });
    token = await accessTokenFor(db, server.issuer, accountId);
    // 25 rows for A, 5 for B, then one of A's deleted.
    await write(db, async (tx, changes) => {
      for (let i = 1; i <= 25; i++) {
        changes.upsert('todos', todoRowStub(i, await nextVersion(tx)), [companyA]);
      }
      for (let i = 101; i <= 105; i++) {
        changes.upsert('todos', todoRowStub(i, await nextVersion(tx)), [companyB]);
      }
    });
    await write(db, async (_tx, changes) => {
      changes.remove('todos', 3, [companyA]);
    });
  });
  afterAll(async () => server.close());

  const page = async (cursor: string, limit: number, companyId = companyA) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/sync-api/v1/changes?currentCompanyId=${companyId}&cursor=${cursor}&limit=${limit}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json() as { data: Page; error_code?: string } };
  };

  it('pages through the company changes in version order, each row once', async () => {
    const seen: string[] = [];
    const versions: number[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const { status, body } = await page(cursor, 10);
      expect(status).toBe(200);
      pages += 1;
      for (const change of body.data.changes) {
        seen.push(`${change.op}:${change.id}`);
        if (change.row) versions.push(change.row.version);
      }
      if (!body.data.has_more) {
        expect(body.data.remaining).toBe(0);
        break;
      }
      expect(body.data.remaining).toBeGreaterThan(0);
      cursor = body.data.cursor;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((s) => s.split(':')[1])).size).toBe(25);
    expect(seen).toContain('delete:3');
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('tells how many changes remain after the first page', async () => {
    const { body } = await page('', 10);
    expect(body.data.remaining).toBe(15);
  });

  it('never shows another company its rows, and refuses a company the user is not in', async () => {
    const { body } = await page('', 100);
    expect(body.data.changes.map((c) => Number(c.id)).filter((id) => id > 100)).toEqual([]);
    const foreign = await page('', 100, companyB);
    expect(foreign.status).toBe(403);
  });

  it('answers a cursor from the end with an empty page and the same cursor', async () => {
    const first = await page('', 100);
    const again = await page(first.body.data.cursor, 100);
    expect(again.body.data).toEqual({
      cursor: first.body.data.cursor,
      has_more: false,
      remaining: 0,
      changes: [],
    });
  });

  it.each([['abc'], ['-1'], ['1.5']])('refuses the cursor %s with a 400', async (cursor) => {
    const { status, body } = await page(cursor, 10);
    expect(status).toBe(400);
    expect(body.error_code).toBe('INVALID_INPUT');
  });

  it('answers 410 to a cursor older than purged tombstones, and serves a fresh sync', async () => {
    const before = await page('', 1);
    const oldCursor = before.body.data.cursor;
    await purgeTombstones(server.db.database.db, new Date(Date.now() + 60_000));
    const stale = await page(oldCursor, 10);
    expect(stale.status).toBe(410);
    expect(stale.body.error_code).toBe('CURSOR_EXPIRED');
    const fresh = await page('', 100);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.changes.map((c) => c.op)).not.toContain('delete');
  });
});

describe('the 410 horizon', () => {
  it('spares a client that has already seen the newest purged tombstone', async () => {
    const server = await startTestServer('pglite');
    try {
      const db = server.db.database.db;
      const [company] = await db.insert(companies).values({ name: '丙公司' }).returning();
      const accountId = await createAccount(db, {
        username: 'h',
        password: 'Demo@2026',
        name: '丙',
      });
      await db.insert(contacts).values({ companyId: company?.id ?? 0, accountId, name: '丙' });
      const bearer = await accessTokenFor(db, server.issuer, accountId);
      await write(db, async (_tx, changes) => {
        changes.remove('todos', 1, [company?.id ?? 0]);
      });
      // The tombstone's feed version: the company's newest.
      const deleted = await feedHead(db, company?.id ?? 0);
      await purgeTombstones(db, new Date(Date.now() + 60_000));
      const at = (cursor: number) =>
        server.app.inject({
          method: 'GET',
          url: `/sync-api/v1/changes?currentCompanyId=${company?.id}&cursor=${cursor}`,
          headers: { authorization: `Bearer ${bearer}` },
        });
      expect((await at(deleted)).statusCode).toBe(200);
      expect((await at(deleted - 1)).statusCode).toBe(410);
    } finally {
      await server.close();
    }
  });
});

describe('a resync after a purge', () => {
  it('pages from 0 to the end in small pages, while a cursor from before the purge gets 410', async () => {
    const server = await startTestServer('pglite');
    try {
      const db = server.db.database.db;
      const [company] = await db.insert(companies).values({ name: '丁公司' }).returning();
      const companyId = company?.id ?? 0;
      const accountId = await createAccount(db, {
        username: 'r',
        password: 'Demo@2026',
        name: '丁',
      });
      await db.insert(contacts).values({ companyId, accountId, name: '丁' });
      const bearer = await accessTokenFor(db, server.issuer, accountId);
      const at = async (cursor: string) => {
        const res = await server.app.inject({
          method: 'GET',
          url: `/sync-api/v1/changes?currentCompanyId=${companyId}&cursor=${cursor}&limit=3`,
          headers: { authorization: `Bearer ${bearer}` },
        });
        return { status: res.statusCode, page: res.json().data as Page };
      };
      await write(db, async (tx, changes) => {
        for (let i = 1; i <= 10; i++) {
          changes.upsert('todos', todoRowStub(i, await nextVersion(tx)), [companyId]);
        }
      });
      const before = (await at('')).page.cursor;
      await write(db, async (_tx, changes) => {
        changes.remove('todos', 10, [companyId]);
      });
      await purgeTombstones(db, new Date(Date.now() + 60_000));

      expect((await at(before)).status).toBe(410);
      const ids: string[] = [];
      let cursor = '';
      for (let pages = 0; pages < 10; pages++) {
        const { status, page } = await at(cursor);
        expect(status).toBe(200);
        ids.push(...page.changes.map((c) => c.id));
        if (!page.has_more) break;
        cursor = page.cursor;
      }
      expect(ids).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    } finally {
      await server.close();
    }
  });
});
