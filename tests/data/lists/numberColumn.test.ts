// The number column answers the lists' number search as the server's `ilike '%text%'` does: a
// fragment from the middle, any case, `%` and `_` as plain text, one character too. Its records
// must follow every write (insert, number change, state change, delete) and a 410 resync.
import '../rows';
import { afterEach, describe, expect, it } from 'vitest';
import type { PurchasingDb } from '../../../src/data/db';
import {
  BUCKET_ROWS,
  columnFromRows,
  idsContaining,
  type NumberColumn,
  numberMatchIds,
  sortByCreated,
} from '../../../src/data/lists/numberColumn';
import { orderListWindow } from '../../../src/data/lists/orderListQuery';
import { sheetListWindow } from '../../../src/data/lists/sheetListQuery';
import { applyChanges, applyRows, clearCompany, deleteRows } from '../../../src/data/writes';
import type { ListQuery } from '../../../src/domain/list/listQuery';
import { freshDb, order, sheet } from '../rows';

let db: PurchasingDb | undefined;
afterEach(async () => {
  await db?.delete({ disableAutoOpen: true });
  db = undefined;
});

const open = (label: string): PurchasingDb => {
  db = freshDb(label);
  return db;
};

const sheetIds = (d: PurchasingDb, text: string) => numberMatchIds(d, 1, 'sheets', text, null);
const orderIds = (d: PurchasingDb, text: string) => numberMatchIds(d, 1, 'orders', text, null);
const sorted = (ids: ReadonlyMap<number, string>) => [...ids.keys()].sort((a, b) => a - b);

/** The stored column as records per bucket, in any order (the writer appends, a rebuild sorts). */
async function storedRecords(d: PurchasingDb): Promise<Record<string, string[]>> {
  const columns = await d.numberColumns.toArray();
  return recordsOf(columns);
}

function recordsOf(columns: Iterable<NumberColumn>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const c of columns) {
    out[`${c.company_id}:${c.kind}:${c.bucket}`] = c.text.split('\n').filter(Boolean).sort();
  }
  return out;
}

describe('idsContaining', () => {
  const column = (text: string): NumberColumn[] => [
    { company_id: 1, kind: 'sheets', bucket: 0, text },
  ];
  const rows = column(
    '\nxj2025_0101\t1\tINQUIRY\t2025-01-01T00:00:00Z\nxj2025%77\t2\tSIGNED\t\nab12\t123\tINQUIRY\t2024',
  );

  it('finds a fragment from the middle, in any case, but not in a record’s id or slot', () => {
    expect(sorted(idsContaining(rows, '2025', null))).toEqual([1, 2]);
    expect(sorted(idsContaining(rows, 'J2025_', null))).toEqual([1]);
    // "123" is only an id, "sign" only a slot: neither is a number.
    expect(sorted(idsContaining(rows, '123', null))).toEqual([]);
    expect(sorted(idsContaining(rows, 'sign', null))).toEqual([]);
    expect(sorted(idsContaining(rows, 'b1', null))).toEqual([123]);
  });

  it('reads % and _ as plain characters, and a text with a separator as in no number', () => {
    expect(sorted(idsContaining(rows, '%', null))).toEqual([2]);
    expect(sorted(idsContaining(rows, '_', null))).toEqual([1]);
    expect(sorted(idsContaining(rows, '5_0', null))).toEqual([1]);
    expect(sorted(idsContaining(rows, '.*', null))).toEqual([]);
    expect(sorted(idsContaining(rows, '2\t1', null))).toEqual([]);
  });

  it('finds one character anywhere, as the server does, and keeps to the given slots', () => {
    expect(sorted(idsContaining(rows, '7', null))).toEqual([2]);
    expect(sorted(idsContaining(rows, '0', null))).toEqual([1, 2]);
    expect(sorted(idsContaining(rows, '0', new Set(['SIGNED'])))).toEqual([2]);
  });

  it('answers each match with its creation time, and none is not found in a time', () => {
    expect([...idsContaining(rows, 'x', null)]).toEqual([
      [1, '2025-01-01T00:00:00Z'],
      [2, ''],
    ]);
    expect(sorted(idsContaining(rows, '2024', null))).toEqual([]);
    expect(sorted(idsContaining(rows, 'T00', null))).toEqual([]);
  });
});

describe('sortByCreated', () => {
  const created = new Map([
    [1, '2025-01-02'],
    [2, ''],
    [3, '2025-01-01'],
    [4, '2025-01-02'],
    [5, ''],
  ]);

  it('orders by time then id in the direction, rows without a time last either way', () => {
    expect(sortByCreated([1, 2, 3, 4, 5], created, 'asc')).toEqual([3, 1, 4, 2, 5]);
    expect(sortByCreated([1, 2, 3, 4, 5], created, 'desc')).toEqual([4, 1, 3, 5, 2]);
  });
});

describe('the number column kept by the writer', () => {
  it('finds sheets and orders (both numbers) by a middle fragment after a page of writes', async () => {
    const d = open('nc-write');
    await applyRows(d, 1, 'sheets', [sheet(1), sheet(2), sheet(5000)]);
    await applyRows(d, 1, 'orders', [
      order(1, { inquiry_no: 'XJ20250101000777' }),
      order(2, { name: 'PO2025ABCDEF0002' }),
    ]);
    expect(sorted(await sheetIds(d, '0101000'))).toEqual([1, 2]);
    expect(sorted(await sheetIds(d, '005000'))).toEqual([5000]);
    expect(sorted(await orderIds(d, '000777'))).toEqual([1]);
    expect(sorted(await orderIds(d, 'abcdef'))).toEqual([2]);
    // Ids 1 and 2 are in bucket 0, 5000 in bucket 2.
    expect((await d.numberColumns.toArray()).map((c) => [c.kind, c.bucket])).toEqual([
      ['orders', 0],
      ['sheets', 0],
      ['sheets', Math.floor(5000 / BUCKET_ROWS)],
    ]);
  });

  it('follows updates (number and state) and deletes, page by page', async () => {
    const d = open('nc-update');
    await applyRows(d, 1, 'sheets', [sheet(1), sheet(2)]);
    await applyChanges(d, 1, [
      { table: 'sheets', op: 'upsert', id: '1', row: sheet(1, { name: 'XJ-RENAMED-1' }) },
      { table: 'sheets', op: 'delete', id: '2', row: null },
      { table: 'sheets', op: 'upsert', id: '3', row: sheet(3, { state: 'SIGNED' }) },
    ]);
    expect(sorted(await sheetIds(d, 'renamed'))).toEqual([1]);
    expect(sorted(await sheetIds(d, '000001'))).toEqual([]);
    expect(sorted(await sheetIds(d, '000002'))).toEqual([]);
    expect(sorted(await numberMatchIds(d, 1, 'sheets', '0003', ['SIGNED']))).toEqual([3]);
    await applyRows(d, 1, 'sheets', [sheet(3, { state: 'INQUIRY' })]);
    expect(sorted(await numberMatchIds(d, 1, 'sheets', '0003', ['SIGNED']))).toEqual([]);
    await deleteRows(d, 1, 'sheets', [1, 3]);
    expect(await d.numberColumns.count()).toBe(0);
  });

  it('equals the column rebuilt from the stored rows', async () => {
    const d = open('nc-rebuild');
    await applyRows(d, 1, 'sheets', [sheet(9), sheet(3), sheet(2049)]);
    await applyRows(d, 1, 'sheets', [sheet(3, { name: 'X3' }), sheet(4)]);
    await deleteRows(d, 1, 'sheets', [9]);
    expect(await storedRecords(d)).toEqual(
      recordsOf(columnFromRows('sheets', await d.sheets.toArray()).values()),
    );
  });

  it('is cleared with the company on a resync, and only that company', async () => {
    const d = open('nc-clear');
    await applyRows(d, 1, 'orders', [order(1)]);
    await applyRows(d, 2, 'orders', [order(1, { company_id: 2 })]);
    await clearCompany(d, 1);
    expect(sorted(await orderIds(d, '0001'))).toEqual([]);
    expect(sorted(await numberMatchIds(d, 2, 'orders', '0001', null))).toEqual([1]);
  });
});

describe('the lists search the column', () => {
  const query = (name: string): ListQuery => ({ filters: { name }, pageNum: 1, pageSize: 50 });
  const window = { companyId: 1, timeZone: 'Asia/Shanghai', offset: 0, limit: 50 };

  it('a middle fragment finds the sheet and the order, with many matches or few', async () => {
    const d = open('nc-lists');
    await applyRows(d, 1, 'sheets', [sheet(1, { name: 'XJ2025_07%001' }), sheet(2)]);
    await applyRows(d, 1, 'orders', [order(1), order(2, { inquiry_no: 'XJ2025_07%001' })]);
    for (const inMemoryMatches of [0, 1000]) {
      const sheets = await sheetListWindow(d, {
        ...window,
        listType: 'ALL',
        query: query('5_07%'),
        inMemoryMatches,
      });
      expect(sheets.rows.map((row) => row.sheet.id)).toEqual([1]);
      expect(sheets.total).toBe(1);
      const orders = await orderListWindow(d, {
        ...window,
        tab: 'ALL',
        query: query('5_07%'),
        inMemoryMatches,
      });
      expect(orders.rows.map((row) => row.id)).toEqual([2]);
    }
  });
});
