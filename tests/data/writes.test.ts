import './rows';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedChange } from '../../src/contract/feedRows';
import type { PurchasingDb } from '../../src/data/db';
import { readCompanySync, writeCompanySync } from '../../src/data/meta';
import { readTotal } from '../../src/data/totals';
import { applyChanges, applyRows, clearCompany, deleteRows } from '../../src/data/writes';
import { at, freshDb, order, sheet, staff, todo } from './rows';

let db: PurchasingDb;
afterEach(async () => {
  await db.delete({ disableAutoOpen: true });
});

async function totals(): Promise<Record<string, number>> {
  const rows = await db.listTotals.toArray();
  return Object.fromEntries(rows.map((row) => [row.key, row.count]));
}

describe('applyChanges: rows with their derived fields', () => {
  it('stores a sheet with its primary list type and counts it in that tab and ALL', async () => {
    db = freshDb('w-sheet');
    await applyChanges(db, 1, [
      { table: 'sheets', op: 'upsert', id: '1', row: sheet(1, { state: 'INQUIRY_SENT' }) },
      { table: 'sheets', op: 'upsert', id: '2', row: sheet(2, { state: 'CANCELLED' }) },
    ]);
    expect((await db.sheets.get([1, 1]))?.list_type).toBe('INQUIRY');
    // A cancelled sheet shows only under ALL: no list_type, so it is in no tab index.
    const cancelled = await db.sheets.get([1, 2]);
    expect(cancelled && 'list_type' in cancelled).toBe(false);
    expect(await totals()).toEqual({ 'sheets:1:ALL': 2, 'sheets:1:INQUIRY': 1 });
  });

  it('gives an order one tab key per tab it is in, overlapping tabs included', async () => {
    db = freshDb('w-order');
    await applyRows(db, 1, 'orders', [
      order(1, {
        state: 50,
        supplier_node: { ...order(1).supplier_node, invoice_state: 'NO_INVOICE' },
      }),
      order(2, {
        state: 50,
        supplier_node: { ...order(2).supplier_node, invoice_state: 'INVOICE' },
      }),
      order(3, { state: -20, order_base_state: 'CANCELLED' }),
    ]);
    expect((await db.orders.get([1, 1]))?.tab_keys).toEqual([
      [1, 'CARGO_RECEIVING', at(1)],
      [1, 'INVOICE_RECEIVING', at(1)],
      [1, 'ALL', at(1)],
    ]);
    expect(await totals()).toEqual({
      'orders:1:ALL': 3,
      'orders:1:CARGO_RECEIVING': 2,
      'orders:1:INVOICE_RECEIVING': 1,
      'orders:1:CANCELLED': 1,
      // The dashboard's spend of the month, in cents: the cancelled order spends nothing.
      'orders:1:spend:2025-01': 2000,
    });
  });

  it('keeps one copy of a to-do per company feed, with thread, party and favourite fields', async () => {
    db = freshDb('w-todo');
    const row = todo(5, { state: 'DELAYED', delay_time: at(100), module: 'ORDER', module_id: 42 });
    await applyRows(db, 1, 'todos', [row]); // the recipient's feed
    await applyRows(db, 2, 'todos', [row]); // the sender's feed
    const received = await db.todos.get([1, 5]);
    const sent = await db.todos.get([2, 5]);
    expect(received).toMatchObject({
      company_id: 1,
      thread: 'ORDER:42',
      party_keys: [[1, 10, at(5)]],
      favourite_time: at(100),
    });
    expect(sent).toMatchObject({ company_id: 2, party_keys: [[2, 20, at(5)]] });
    expect(sent && 'favourite_time' in sent).toBe(false);
    expect(await totals()).toEqual({
      'todos:1:ALL': 1,
      'todos:1:received:DELAYED': 1,
      'todos:1:party:10': 1,
      'todos:2:ALL': 1,
      'todos:2:party:20': 1,
    });
    // A tombstone in the sender's feed leaves the recipient's copy.
    await applyChanges(db, 2, [{ table: 'todos', op: 'delete', id: '5', row: null }]);
    expect(await db.todos.get([2, 5])).toBeUndefined();
    expect(await db.todos.get([1, 5])).toBeDefined();
    expect(await readTotal(db, 'todos:2:ALL')).toBe(0);
    expect(await readTotal(db, 'todos:1:ALL')).toBe(1);
  });

  it('leaves an unbound mail out of every thread', async () => {
    db = freshDb('w-mail');
    await applyRows(db, 1, 'todos', [todo(1, { type: 'MAIL', module: null, module_id: null })]);
    const mail = await db.todos.get([1, 1]);
    expect(mail && 'thread' in mail).toBe(false);
  });

  it('stamps the feed company on staff, companies and brands', async () => {
    db = freshDb('w-misc');
    await applyChanges(db, 3, [
      { table: 'staff', op: 'upsert', id: '4', row: staff(4, { company_id: 3 }) },
      {
        table: 'brands',
        op: 'upsert',
        id: '8',
        row: {
          id: 8,
          name: 'ABB',
          url_path: 'abb',
          is_published: true,
          logo_file: null,
          state: null,
          comment: null,
          correct_brand: null,
          country: null,
          grade: null,
          agency_type: null,
          version: 1,
        },
      },
    ]);
    expect((await db.brands.get([3, 8]))?.company_id).toBe(3);
    expect((await db.staff.get([3, 4]))?.name).toBe('员工 4');
    expect(await totals()).toEqual({});
  });
});

describe('applyChanges: totals follow every change', () => {
  it('moves a sheet between tabs when its state changes', async () => {
    db = freshDb('w-move');
    await applyRows(db, 1, 'sheets', [sheet(1, { state: 'DRAFT' }), sheet(2, { state: 'DRAFT' })]);
    await applyRows(db, 1, 'sheets', [sheet(1, { state: 'INQUIRY_REPLIED' })]);
    expect(await totals()).toEqual({
      'sheets:1:ALL': 2,
      'sheets:1:INQUIRY': 1,
      'sheets:1:REPLIED': 1,
    });
  });

  it('counts a row touched twice in one page once, as its last write', async () => {
    db = freshDb('w-twice');
    const page: FeedChange[] = [
      { table: 'orders', op: 'upsert', id: '1', row: order(1, { state: 10 }) },
      { table: 'orders', op: 'upsert', id: '1', row: order(1, { state: 90 }) },
      { table: 'orders', op: 'upsert', id: '2', row: order(2) },
      { table: 'orders', op: 'delete', id: '2', row: null },
    ];
    await applyChanges(db, 1, page);
    expect(await db.orders.count()).toBe(1);
    expect(await totals()).toEqual({
      'orders:1:ALL': 1,
      'orders:1:CUSTOMER_SIGNED': 1,
      'orders:1:INVOICE_RECEIVING': 1, // signed, not fully invoiced yet
      'orders:1:spend:2025-01': 1000,
    });
  });

  it('ignores a tombstone for a row it never had', async () => {
    db = freshDb('w-tomb');
    await applyRows(db, 1, 'sheets', [sheet(1)]);
    await deleteRows(db, 1, 'sheets', [99]);
    expect(await totals()).toEqual({ 'sheets:1:ALL': 1, 'sheets:1:INQUIRY': 1 });
  });

  it('writes nothing when a page holds a malformed id', async () => {
    db = freshDb('w-bad');
    await expect(
      applyChanges(db, 1, [
        { table: 'sheets', op: 'upsert', id: '1', row: sheet(1) },
        { table: 'sheets', op: 'delete', id: 'x1', row: null },
      ]),
    ).rejects.toThrow(/malformed row id/);
    expect(await db.sheets.count()).toBe(0);
    expect(await totals()).toEqual({});
  });

  it('joins a caller transaction: when the caller fails, rows and totals roll back together', async () => {
    db = freshDb('w-outer');
    await expect(
      db.transaction('rw', [db.sheets, db.listTotals, db.numberColumns, db.meta], async () => {
        await applyRows(db, 1, 'sheets', [sheet(1)]);
        await writeCompanySync(db, 1, { cursor: '7' });
        throw new Error('the pull failed after writing');
      }),
    ).rejects.toThrow('the pull failed');
    expect(await db.sheets.count()).toBe(0);
    expect(await totals()).toEqual({});
    expect((await readCompanySync(db, 1)).cursor).toBe('');
  });
});

describe('clearCompany', () => {
  it("forgets one company's rows, totals and cursor and keeps the rest and the outbox", async () => {
    db = freshDb('w-clear');
    await applyRows(db, 1, 'sheets', [sheet(1), sheet(2)]);
    await applyRows(db, 2, 'sheets', [sheet(3, { company_id: 2 })]);
    await applyRows(db, 1, 'todos', [todo(1)]);
    await writeCompanySync(db, 1, { cursor: '40', lastSyncedAt: 1000 });
    await writeCompanySync(db, 2, { cursor: '41' });
    // The entry's shape is the engine's; the data layer keys it by id and keeps it whole.
    await db.outbox.put({ id: 'c:1', seq: 1 });
    await clearCompany(db, 1);
    expect(await db.sheets.toCollection().primaryKeys()).toEqual([[2, 3]]);
    expect(await db.todos.count()).toBe(0);
    expect(await totals()).toEqual({ 'sheets:2:ALL': 1, 'sheets:2:INQUIRY': 1 });
    // The number column goes with the rows: the other company's stays.
    expect((await db.numberColumns.toArray()).map((column) => column.company_id)).toEqual([2]);
    expect(await readCompanySync(db, 1)).toMatchObject({ cursor: '', lastSyncedAt: null });
    expect((await readCompanySync(db, 2)).cursor).toBe('41');
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('company sync meta', () => {
  it('starts from the beginning and keeps the last synced time when only the cursor moves', async () => {
    db = freshDb('w-meta');
    expect(await readCompanySync(db, 5)).toEqual({
      key: 'company:5',
      companyId: 5,
      cursor: '',
      lastSyncedAt: null,
    });
    await writeCompanySync(db, 5, { cursor: '10', lastSyncedAt: 1234 });
    await writeCompanySync(db, 5, { cursor: '12' });
    expect(await readCompanySync(db, 5)).toMatchObject({ cursor: '12', lastSyncedAt: 1234 });
  });
});
