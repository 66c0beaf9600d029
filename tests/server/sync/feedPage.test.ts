// On PostgreSQL a feed page's rows come through COPY BINARY as bytes, on PGlite as text: both
// ways must write the same answer, byte for byte, for every page of a company (tombstones, a row
// stored without its text, multi-byte text, the page's head and its has_more/last), so the route
// may take either. The route's own guarantees are in feedStoredBytes and syncFeed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/demo/seed/demo';
import { readPageBody } from '../../../server/routes/feedPage';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';

describe.each(drivers.filter((d) => d === 'postgres'))(
  'a feed page read as COPY BINARY on %s',
  (driver) => {
    let test: TestDatabase;
    let companyId = 0;

    beforeAll(async () => {
      test = await openTestDatabase(driver);
      await seedDemoData(test.database, { seed: 20261128 });
      const { db } = test.database;
      const [company] = (
        (await db.execute(
          sql`select company_id as id from sync_changes group by company_id order by count(*) desc limit 1`,
        )) as unknown as { rows: Array<{ id: string }> }
      ).rows;
      companyId = Number(company?.id);
      // A tombstone, a row stored before row_text (jsonb's text served), quotes and Chinese.
      await db.execute(sql`insert into sync_changes (company_id, table_name, row_id, version, op, row, row_text)
        values (${companyId}, 'todos', '900001', nextval('sync_version'), 'delete', null, null),
               (${companyId}, 'todos', '900002', nextval('sync_version'), 'upsert', '{"id": 900002, "t": "旧"}'::jsonb, null),
               (${companyId}, 'todos', '900003', nextval('sync_version'), 'upsert', '{"id":900003,"t":"\\"引号\\" 和 \\\\"}'::jsonb, '{"id":900003,"t":"\\"引号\\" 和 \\\\"}')`);
    }, 120_000);
    afterAll(async () => {
      await test?.drop();
    });

    it('writes every page as the text read does', async () => {
      const { database } = test;
      const textOnly = { db: database.db };
      expect(database.copyBinary).toBeTypeOf('function');
      let cursor = 0;
      let pages = 0;
      let changes = 0;
      const served: unknown[] = [];
      for (;;) {
        const [copied, text] = await Promise.all([
          readPageBody(database, companyId, cursor, 7),
          readPageBody(textOnly, companyId, cursor, 7),
        ]);
        const head = { cursor: `c${pages}`, has_more: copied.hasMore, remaining: 3 };
        expect({ ...copied, answer: undefined }).toEqual({ ...text, answer: undefined });
        const answer = copied.answer(head).toString();
        expect(answer).toBe(text.answer(head).toString());
        const page = JSON.parse(answer) as {
          data: { changes: Array<{ op: string; row: unknown }> };
        };
        expect(page.data.changes).toHaveLength(copied.served);
        served.push(...page.data.changes);
        changes += copied.served;
        pages++;
        if (!copied.hasMore) break;
        cursor = copied.last ?? cursor;
      }
      const [all] = (
        (await database.db.execute(
          sql`select count(*)::int as n from sync_changes where company_id = ${companyId}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      expect(changes).toBe(all?.n);
      expect(pages).toBeGreaterThan(2);
      // The last changes are the three rows written above, served as stored (or as jsonb's text).
      expect(served.slice(-3)).toEqual([
        { table: 'todos', op: 'delete', id: '900001', row: null },
        { table: 'todos', op: 'upsert', id: '900002', row: { id: 900002, t: '旧' } },
        { table: 'todos', op: 'upsert', id: '900003', row: { id: 900003, t: '"引号" 和 \\' } },
      ]);
    });

    it('answers an empty page after the last change', async () => {
      const { database } = test;
      const [head] = (
        (await database.db.execute(
          sql`select max(version)::text as v from sync_changes where company_id = ${companyId}`,
        )) as unknown as { rows: Array<{ v: string }> }
      ).rows;
      const empty = await readPageBody(database, companyId, Number(head?.v), 5);
      expect({ served: empty.served, hasMore: empty.hasMore, last: empty.last }).toEqual({
        served: 0,
        hasMore: false,
        last: null,
      });
      expect(empty.answer({ cursor: '9', has_more: false, remaining: 0 }).toString()).toBe(
        '{"data":{"cursor":"9","has_more":false,"remaining":0,"changes":[]}}',
      );
    });
  },
);
