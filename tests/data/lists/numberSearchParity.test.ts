// The number search on the device gives what the server's list gives (purchasing-core §2.2, §2.5:
// the server reads "contains"): the demo and bulk seed on PGlite, the company's feed pulled into
// the device's database as the sync engine writes it, then the same searches asked of both. Same
// rows, same order, same total, for fragments from the start, the middle and the end of numbers,
// in either case, one character, `%` and `_`, and texts that match nothing. The device answers
// from its number column (src/data/lists/numberColumn.ts), as the sync engine's writes keep it.
import '../rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulk } from '../../../server/demo/seed/bulk';
import { seedDemoData } from '../../../server/demo/seed/demo';
import type { OrderRow, SheetRow } from '../../../src/contract/feedRows';
import type { PurchasingDb } from '../../../src/data/db';
import { orderListWindow } from '../../../src/data/lists/orderListQuery';
import { sheetListWindow } from '../../../src/data/lists/sheetListQuery';
import { applyRows } from '../../../src/data/writes';
import type { ListQuery } from '../../../src/domain/list/listQuery';
import { rows } from '../../server/demo/seedHarness';
import { startTestServer, type TestServer } from '../../support/app';
import { accessTokenFor } from '../../support/tokens';
import { freshDb } from '../rows';

const TZ = 'Asia/Shanghai';

let server: TestServer;
let db: PurchasingDb;
let token: string;
let companyId: number;
let sheets: SheetRow[] = [];
let orders: OrderRow[] = [];

async function get(url: string, query: Record<string, string>) {
  const answer = await server.app.inject({
    method: 'GET',
    url,
    query: { ...query, currentCompanyId: String(companyId) },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

/** The company's feed, as the sync engine pulls it: the latest row of every sheet and order. */
async function pullFeed(): Promise<void> {
  const latest = new Map<string, { table: string; row: unknown }>();
  let cursor = '0';
  for (;;) {
    const page = await get('/sync-api/v1/changes', { cursor, limit: '500' });
    for (const change of page.changes as Array<{ table: string; id: string; row: unknown }>) {
      if (change.table === 'sheets' || change.table === 'orders') {
        latest.set(`${change.table}/${change.id}`, change);
      }
    }
    cursor = page.cursor;
    if (!page.has_more) break;
  }
  const all = [...latest.values()].filter((c) => c.row !== null);
  sheets = all.filter((c) => c.table === 'sheets').map((c) => c.row as SheetRow);
  orders = all.filter((c) => c.table === 'orders').map((c) => c.row as OrderRow);
  await applyRows(db, companyId, 'sheets', sheets);
  await applyRows(db, companyId, 'orders', orders);
}

beforeAll(async () => {
  server = await startTestServer('pglite');
  await seedDemoData(server.db.database, { seed: 2026 });
  const [buyer] = await rows(
    server.db.database.db,
    "select a.id as account, c.company_id as company from accounts a join contacts c on c.account_id = a.id where a.username = 'buyer' order by c.company_id limit 1",
  );
  companyId = Number(buyer?.company);
  await seedBulk(server.db.database, { sheets: 160, orders: 100, todos: 0, seed: 11, companyId });
  token = await accessTokenFor(server.db.database, server.issuer, Number(buyer?.account));
  db = freshDb('number-parity');
  await db.open();
  await pullFeed();
}, 120_000);

afterAll(async () => {
  await db?.delete({ disableAutoOpen: true });
  await server?.close();
});

const filters = (name: string) => JSON.stringify({ name });
const query = (name: string, sort: { key: string; asc: boolean } | null): ListQuery => ({
  filters: { name },
  pageNum: 1,
  pageSize: 500,
  ...(sort ? { filterKey: sort.key, filterSort: sort.asc ? 'ASC' : 'DESC' } : {}),
});
const serverSort = (sort: { key: string; asc: boolean } | null): Record<string, string> =>
  sort
    ? { 'orderItems[0].orderBy': sort.key, 'orderItems[0].order': sort.asc ? 'asc' : 'desc' }
    : {};

/** Fragments of the stored numbers: a head, a middle piece, a tail, in the other case. */
function fragmentsOf(numbers: string[]): string[] {
  const picked = [numbers[3], numbers[Math.floor(numbers.length / 2)], numbers.at(-2)];
  return picked.flatMap((number) =>
    number
      ? [
          number.slice(0, 5),
          number.slice(6, 12),
          number.slice(9, 11),
          number.slice(-4),
          number.slice(2, 9).toLowerCase(),
        ]
      : [],
  );
}

const SORTS = [null, { key: 'name', asc: true }];

describe('the number search on the device and on the server', () => {
  it('seeded enough rows to compare', () => {
    expect(sheets.length).toBeGreaterThan(160);
    expect(orders.length).toBeGreaterThan(100);
  });

  it('finds the same sheets in the same order with the same total, on every list type', async () => {
    const texts = [
      ...fragmentsOf(sheets.map((s) => s.name)),
      'XJ',
      '99999999',
      '%',
      '_0',
      '5',
      'j',
    ];
    let compared = 0;
    for (const sheetType of ['ALL', 'SIGNED'] as const) {
      for (const text of texts) {
        for (const sort of SORTS) {
          const remote = await get('/inquiry-api/v7/inquiry_quotation', {
            sheetType,
            filters: filters(text),
            pageSize: '500',
            ...serverSort(sort),
          });
          const local = await sheetListWindow(db, {
            companyId,
            listType: sheetType,
            query: { ...query(text, sort), sheetType },
            timeZone: TZ,
            offset: 0,
            limit: 500,
          });
          const label = `${sheetType} "${text}" ${JSON.stringify(sort)}`;
          expect(local.total, label).toBe(remote.total);
          expect(
            local.rows.map((row) => row.sheet.id),
            label,
          ).toEqual(remote.items.map((item: { id: number }) => item.id));
          if (remote.total > 0) compared += 1;
        }
      }
    }
    // Not a comparison of empty lists: most searches found rows.
    expect(compared).toBeGreaterThan(texts.length);
  });

  it('finds the same orders (order or purchase number) in the same order with the same total', async () => {
    const numbers = [
      ...orders.map((o) => o.name),
      ...orders.flatMap((o) => (o.inquiry_no ? [o.inquiry_no] : [])),
    ];
    const texts = [...fragmentsOf(numbers), 'po', 'Xj2', '99999999', '0', '7', '%'];
    let compared = 0;
    for (const orderType of ['ALL', 'CANCELLED'] as const) {
      for (const text of texts) {
        for (const sort of SORTS) {
          const remote = await get('/orders-api/v7/orders', {
            orderType,
            filters: filters(text),
            pageSize: '500',
            ...serverSort(sort),
          });
          const local = await orderListWindow(db, {
            companyId,
            tab: orderType,
            query: { ...query(text, sort), orderType },
            timeZone: TZ,
            offset: 0,
            limit: 500,
          });
          const label = `${orderType} "${text}" ${JSON.stringify(sort)}`;
          expect(local.total, label).toBe(remote.total);
          expect(
            local.rows.map((row) => row.id),
            label,
          ).toEqual(remote.items.map((item: { id: number }) => item.id));
          if (remote.total > 0) compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(texts.length);
  });
});
