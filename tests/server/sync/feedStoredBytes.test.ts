// The feed serves the JSON text stored with each change instead of serializing rows again: these
// tests prove that text is the projection. Rows written by the write path (ChangeSet, and the
// seed's FeedBuffer) are served as JSON.stringify(projection) byte for byte; rows filled by
// migration 0007 (jsonb's text) parse to an equal value; `remaining` carries down when sent back.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database';
import { seedDemoData } from '../../../server/demo/seed/demo';
import { loadBrandRows } from '../../../server/sync/projections/brands';
import { loadCompanyRows, partyView } from '../../../server/sync/projections/companies';
import { loadOrderRows } from '../../../server/sync/projections/orders';
import { loadSheetRows } from '../../../server/sync/projections/sheets';
import { loadStaffRows } from '../../../server/sync/projections/staff';
import { loadTodoRows } from '../../../server/sync/projections/todos';
import { nextVersion, write } from '../../../server/sync/write';
import { decodeFeedPage, type FeedPage } from '../../../src/contract/feed';
import { SYNC_TABLES, type SyncTable } from '../../../src/contract/feedRows';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';

const NOW = new Date('2026-11-20T09:30:00+08:00');

type Served = { companyId: number; body: string; page: FeedPage };

/** The current projection of each id of a table, as a company sees it. */
async function projections(
  db: Db,
  table: SyncTable,
  ids: number[],
  companyId: number,
): Promise<Map<number, unknown>> {
  switch (table) {
    case 'sheets':
      return loadSheetRows(db, ids);
    case 'orders':
      return loadOrderRows(db, ids);
    case 'todos':
      return loadTodoRows(db, ids);
    case 'staff':
      return loadStaffRows(db, ids);
    case 'brands':
      return loadBrandRows(db, ids);
    case 'companies': {
      const rows = await loadCompanyRows(db, ids);
      // A company sees its own row whole and other companies' rows as a party (companies.ts).
      return new Map([...rows].map(([id, row]) => [id, id === companyId ? row : partyView(row)]));
    }
  }
}

describe.each(drivers)('the feed from stored bytes on %s', (driver) => {
  let server: TestServer;
  let db: Db;
  const tokens = new Map<number, string>();

  const get = async (companyId: number, query: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/sync-api/v1/changes?currentCompanyId=${companyId}&${query}`,
      headers: { authorization: `Bearer ${tokens.get(companyId)}`, 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.body;
  };

  /** Every page of every company with a member, as the bytes served and decoded. */
  async function readAll(): Promise<Served[]> {
    const served: Served[] = [];
    for (const companyId of tokens.keys()) {
      let cursor = '';
      for (;;) {
        const body = await get(companyId, `cursor=${cursor}&limit=500`);
        const decoded = decodeFeedPage((JSON.parse(body) as { data: unknown }).data, 'full');
        if (!decoded.ok) throw new Error(decoded.error);
        served.push({ companyId, body, page: decoded.value });
        if (!decoded.value.has_more) break;
        cursor = decoded.value.cursor;
      }
    }
    return served;
  }

  /** Each served upsert against the table's projection now; `bytes`: also byte for byte. */
  async function compare(served: Served[], bytes: boolean) {
    const checked = new Map<SyncTable, number>();
    for (const { companyId, body, page } of served) {
      for (const table of SYNC_TABLES) {
        const changes = page.changes.filter((c) => c.table === table && c.op === 'upsert');
        if (changes.length === 0) continue;
        const now = await projections(
          db,
          table,
          changes.map((c) => Number(c.id)),
          companyId,
        );
        for (const change of changes) {
          const projection = now.get(Number(change.id));
          expect(projection, `${table} ${change.id}`).toBeDefined();
          const text = JSON.stringify(projection);
          expect(change.row, `${table} ${change.id} for ${companyId}`).toEqual(JSON.parse(text));
          if (bytes) expect(body).toContain(`"id":"${change.id}","row":${text}}`);
          checked.set(table, (checked.get(table) ?? 0) + 1);
        }
      }
    }
    expect([...checked.keys()].sort()).toEqual([...SYNC_TABLES].sort());
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    db = server.db.database.db;
    await seedDemoData(server.db.database, { seed: 2026, now: NOW });
    const members = (await db.execute(sql`
      select distinct on (company_id) company_id, account_id from contacts
      where account_id is not null and status = 'IN_SERVICE' order by company_id, account_id`)) as unknown as {
      rows: Array<{ company_id: string | number; account_id: string | number }>;
    };
    for (const member of members.rows) {
      const companyId = Number(member.company_id);
      tokens.set(companyId, await accessTokenFor(db, server.issuer, Number(member.account_id)));
    }
  }, 120_000);
  afterAll(async () => server.close());

  it('serves each row written by the write path as JSON.stringify of its projection', async () => {
    const served = await readAll();
    // Every stored change of each company once, page after page (the cursors follow the rows).
    for (const companyId of tokens.keys()) {
      const keys = served
        .filter((s) => s.companyId === companyId)
        .flatMap((s) => s.page.changes.map((c) => `${c.table}/${c.id}`));
      const stored = (await db.execute(
        sql`select table_name || '/' || row_id as key from sync_changes where company_id = ${companyId}`,
      )) as unknown as { rows: Array<{ key: string }> };
      expect(keys.length).toBe(new Set(keys).size);
      expect(keys.sort()).toEqual(stored.rows.map((r) => r.key).sort());
    }
    await compare(served, true);
  }, 120_000);

  it('serves the rows migration 0007 filled (jsonb text) as the same values', async () => {
    await db.execute(sql`update sync_changes set row_text = null`);
    const migration = readFileSync(
      new URL('../../../server/db/migrations/0007_feed_row_text.sql', import.meta.url),
      'utf8',
    );
    // The statement after the column's ALTER (which has run already).
    const fill = migration.split('--> statement-breakpoint')[1] ?? '';
    expect(fill).toMatch(/update "sync_changes"/i);
    await db.execute(sql.raw(fill));
    const missing = (await db.execute(
      sql`select count(*)::int as n from sync_changes where op = 'upsert' and row_text is null`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(missing.rows[0]?.n).toBe(0);
    await compare(await readAll(), false);
  }, 120_000);

  it('serves a tombstone as a null row and a new write as its stringified row again', async () => {
    const [companyId = 0] = tokens.keys();
    const [sheet] = await loadSheetRows(db, [
      Number(
        (
          (await db.execute(
            sql`select id from sheets where company_id = ${companyId} order by id limit 1`,
          )) as unknown as { rows: Array<{ id: string | number }> }
        ).rows[0]?.id,
      ),
    ]).then((rows) => [...rows.values()]);
    if (!sheet) throw new Error('no sheet in the demo company');
    const start = (JSON.parse(await get(companyId, 'limit=1')) as { data: FeedPage }).data;
    let version = 0;
    await write(db, async (tx, changes) => {
      version = await nextVersion(tx);
      changes.upsert('sheets', { ...sheet, version, name: '换个名字 "引号" \\ 和 \u2028' }, [
        companyId,
      ]);
      changes.remove('todos', 900_000_001, [companyId]);
    });
    let cursor = start.cursor;
    let body = '';
    for (;;) {
      body = await get(companyId, `cursor=${cursor}&limit=5000`);
      const page = (JSON.parse(body) as { data: FeedPage }).data;
      if (!page.has_more) break;
      cursor = page.cursor;
    }
    const stored = JSON.stringify({ ...sheet, version, name: '换个名字 "引号" \\ 和 \u2028' });
    expect(body).toContain(`{"table":"sheets","op":"upsert","id":"${sheet.id}","row":${stored}}`);
    expect(body).toContain('{"table":"todos","op":"delete","id":"900000001","row":null}');
  });

  it('counts the remaining changes on a first page and carries them down when sent back', async () => {
    const [companyId = 0] = tokens.keys();
    const pageOf = async (query: string) =>
      (JSON.parse(await get(companyId, query)) as { data: FeedPage }).data;
    const first = await pageOf('limit=3');
    expect(first.has_more).toBe(true);
    const counted = await pageOf(`cursor=${first.cursor}&limit=3`);
    expect(counted.remaining).toBe(first.remaining - 3);
    // Sent back: the previous figure less this page, not a new count.
    const carried = await pageOf(`cursor=${first.cursor}&limit=3&remaining=1000000`);
    expect(carried.remaining).toBe(1_000_000 - 3);
    // Never 0 while there is more, and 0 on the last page whatever was sent.
    expect((await pageOf(`cursor=${first.cursor}&limit=3&remaining=2`)).remaining).toBe(1);
    const last = await pageOf(`cursor=${first.cursor}&limit=5000&remaining=7`);
    expect(last).toMatchObject({ has_more: false, remaining: 0 });
  });
});
