// List pages and details are built from the rows the feed stored with each change (issue 19 item
// 1, server/sync/storedRows.ts): these tests prove the answers are byte for byte the envelope
// `ok({ items, total })` would give around the live projections, that the stored text is what is
// read (not a fresh projection), that a row stored without text is projected in its place, and
// that a list's total is counted again when the company's feed moves (listTotals.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database';
import { seedDemoData } from '../../../server/demo/seed/demo';
import { loadOrderRows } from '../../../server/sync/projections/orders';
import { loadSheetRows } from '../../../server/sync/projections/sheets';
import { write } from '../../../server/sync/write';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';

const NOW = new Date('2026-11-20T09:30:00+08:00');
const SHEETS = '/inquiry-api/v7/inquiry_quotation';
const ORDERS = '/orders-api/v7/orders';

type Listed = { data: { items: Array<{ id: number }>; total: number } };

describe.each(drivers)('list pages and details from stored rows on %s', (driver) => {
  let server: TestServer;
  let db: Db;
  let companyId = 0;
  let token = '';

  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  const get = async (path: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams({ currentCompanyId: String(companyId), ...query });
    const res = await server.app.inject({
      method: 'GET',
      url: `${path}?${search}`,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.body;
  };

  /** The answer the routes gave before: `ok({ items, total })` of the live projections. */
  async function projectedList(kind: 'sheets' | 'orders', body: string) {
    const { data } = JSON.parse(body) as Listed;
    const ids = data.items.map((item) => item.id);
    const rows = await (kind === 'sheets' ? loadSheetRows(db, ids) : loadOrderRows(db, ids));
    return JSON.stringify({ data: { items: ids.map((id) => rows.get(id)), total: data.total } });
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    db = server.db.database.db;
    await seedDemoData(server.db.database, { seed: 2026, now: NOW });
    // The member company with the most sheets: its lists page.
    const [member] = await rowsOf<{ company_id: string | number; account_id: string | number }>(sql`
      select c.company_id, min(c.account_id) as account_id from contacts c
      join sheets s on s.company_id = c.company_id
      where c.account_id is not null and c.status = 'IN_SERVICE'
      group by c.company_id order by count(*) desc limit 1`);
    if (!member) throw new Error('no member company with sheets in the demo');
    companyId = Number(member.company_id);
    token = await accessTokenFor(db, server.issuer, Number(member.account_id));
  }, 120_000);
  afterAll(async () => server.close());

  it('answers list pages byte for byte as the envelope around the projections', async () => {
    const queries: Array<[path: string, kind: 'sheets' | 'orders', query: Record<string, string>]> =
      [
        [SHEETS, 'sheets', { sheetType: 'ALL', pageSize: '50' }],
        [SHEETS, 'sheets', { pageSize: '7', pageNumber: '2', 'orderItems[0].orderBy': 'owner' }],
        [
          SHEETS,
          'sheets',
          { 'orderItems[0].orderBy': 'invoice_state', 'orderItems[0].order': 'asc' },
        ],
        [
          SHEETS,
          'sheets',
          { filters: JSON.stringify({ state_group: ['REPLIED', 'INQUIRED', 'DRAFT'] }) },
        ],
        [ORDERS, 'orders', { orderType: 'ALL', pageSize: '50' }],
        [ORDERS, 'orders', { pageSize: '5', 'orderItems[0].orderBy': 'supplier_taxed_amount' }],
      ];
    for (const [path, kind, query] of queries) {
      const body = await get(path, query);
      const { data } = JSON.parse(body) as Listed;
      expect(data.items.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(body, JSON.stringify(query)).toBe(await projectedList(kind, body));
    }
    const [counts] = await rowsOf<{ sheets: number; orders: number }>(sql`
      select (select count(*)::int from sheets where company_id = ${companyId}) as sheets,
             (select count(*)::int from orders where company_id = ${companyId}) as orders`);
    expect((JSON.parse(await get(SHEETS)) as Listed).data.total).toBe(counts?.sheets);
    expect((JSON.parse(await get(ORDERS)) as Listed).data.total).toBe(counts?.orders);
  });

  it('answers a sheet’s and an order’s detail as its projection, byte for byte', async () => {
    const [sheet] = await rowsOf<{ id: string }>(
      sql`select id from sheets where company_id = ${companyId} order by id limit 1`,
    );
    const [order] = await rowsOf<{ id: string }>(
      sql`select id from orders where company_id = ${companyId} order by id limit 1`,
    );
    const sheetId = Number(sheet?.id);
    const orderId = Number(order?.id);
    const sheetRow = (await loadSheetRows(db, [sheetId])).get(sheetId);
    const orderRow = (await loadOrderRows(db, [orderId])).get(orderId);
    expect(await get(`${SHEETS}/${sheetId}`)).toBe(JSON.stringify({ data: sheetRow }));
    expect(await get(`${ORDERS}/${orderId}`)).toBe(JSON.stringify({ data: orderRow }));
    // An order's id (none of the company's sheets) on the sheet detail points to the order.
    const [other] = await rowsOf<{ id: string }>(sql`
      select id from orders where company_id = ${companyId}
      and id not in (select id from sheets where company_id = ${companyId}) order by id limit 1`);
    expect(JSON.parse(await get(`${SHEETS}/${other?.id}`))).toEqual({
      data: { redirect: { module: 'ORDER', id: Number(other?.id) } },
    });
  });

  it('reads the stored text, and projects in place a row stored without it', async () => {
    const body = await get(SHEETS, { pageSize: '3' });
    const ids = (JSON.parse(body) as Listed).data.items.map((item) => item.id);
    const [first, second] = ids;
    // The stored text is what is served: a mark put only there shows in the list and the detail.
    await db.execute(sql`
      update sync_changes set row_text = jsonb_set(row, '{name}', '"存储的行"')::text
      where company_id = ${companyId} and table_name = 'sheets' and row_id = ${String(first)}`);
    const marked = (JSON.parse(await get(SHEETS, { pageSize: '3' })) as Listed).data.items;
    expect(marked.map((item) => item.id)).toEqual(ids);
    expect(marked[0]).toMatchObject({ id: first, name: '存储的行' });
    expect(JSON.parse(await get(`${SHEETS}/${first}`))).toMatchObject({
      data: { id: first, name: '存储的行' },
    });
    // No stored row (a tombstone, or none at all): the live projection, in the row's place.
    await db.execute(sql`
      update sync_changes set row_text = null, row = null, op = 'delete'
      where company_id = ${companyId} and table_name = 'sheets' and row_id = ${String(first)}`);
    await db.execute(sql`
      delete from sync_changes
      where company_id = ${companyId} and table_name = 'sheets' and row_id = ${String(second)}`);
    expect(await get(SHEETS, { pageSize: '3' })).toBe(body);
  });

  it('counts a list again when the company’s feed moves, not before', async () => {
    const signed = async () =>
      (JSON.parse(await get(SHEETS, { sheetType: 'SIGNED' })) as Listed).data.total;
    const before = await signed();
    const [sheet] = await rowsOf<{ id: string }>(sql`
      select id from sheets where company_id = ${companyId} and state <> 'SIGN' order by id limit 1`);
    // A change the feed does not record (no writer does this) leaves the kept total as it was…
    await db.execute(sql`update sheets set state = 'SIGN' where id = ${Number(sheet?.id)}`);
    expect(await signed()).toBe(before);
    // …and the company's next recorded change, whatever it is, has it counted again.
    await write(db, async (_tx, changes) => {
      changes.remove('todos', 900_000_002, [companyId]);
    });
    expect(await signed()).toBe(before + 1);
  });
});
