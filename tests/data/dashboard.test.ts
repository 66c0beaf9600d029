// The 工作台's reads over a real (fake-indexeddb) database: every figure from the kept totals as
// the writers keep them, moving with each write; the overdue orders read off the rows.
import './rows';
import { afterEach, describe, expect, it } from 'vitest';
import { overdueOrders, readDashboard } from '../../src/data/dashboard';
import type { PurchasingDb } from '../../src/data/db';
import { applyRows, deleteRows } from '../../src/data/writes';
import { at, freshDb, order, sheet, todo } from './rows';

let db: PurchasingDb;
afterEach(async () => {
  await db.delete({ disableAutoOpen: true });
});

const owned = (id: number, owner: number, over: Parameters<typeof order>[1] = {}) =>
  order(id, {
    ...over,
    current_order_node: {
      ...order(id).current_order_node,
      contacts_user: { id: owner, name: `员工${owner}` },
    },
  });

const amount = (id: number, value: number, currency = 'CNY') => ({
  ...order(id).supplier_node,
  taxed_amount: value,
  currency,
});

const request = { companyId: 1, contactId: 10, firstMonth: '2024-04', todos: 5 };

describe('readDashboard', () => {
  it('reads every figure of the company from the totals, and follows each write', async () => {
    db = freshDb('dash-read');
    await applyRows(db, 1, 'sheets', [sheet(1), sheet(2, { state: 'SIGNED' })]);
    await applyRows(db, 1, 'orders', [
      owned(1, 10, { state: 10, supplier_node: amount(1, 100) }),
      owned(2, 10, { state: 40, forecast_receive_date: '2025-01-20' }),
      owned(3, 11, { state: 40, forecast_receive_date: '2025-02-01' }),
      order(4, {
        state: 90,
        brand_name: 'ABB',
        create_time: '2025-03-01T00:00:00.000Z',
        supplier_node: amount(4, 50.5, 'EUR'),
      }),
      order(5, { state: 10, create_time: '2024-03-31T15:00:00.000Z' }), // March in Beijing
    ]);
    // A company of the same user's other membership counts apart.
    await applyRows(db, 2, 'orders', [owned(9, 10, { company_id: 2, state: 10 })]);
    await applyRows(db, 1, 'todos', [
      todo(1),
      todo(2, { state: 'READ' }),
      todo(3, { state: 'DELAYED' }),
      todo(4, { state: 'PROCESSED' }),
    ]);

    const figures = await readDashboard(db, request);
    expect(figures.sheetTabs).toMatchObject({ ALL: 2, INQUIRY: 1, SIGNED: 1 });
    expect(figures.orderTabs).toMatchObject({ ALL: 5, CONTRACT_SIGNED: 2, CARGO_RECEIVING: 2 });
    expect(figures.mine).toEqual({ CONTRACT_SIGNED: 1, CONTRACT_ENFORCED: 0, CARGO_RECEIVING: 1 });
    expect(figures.dueDays).toEqual([
      { day: '2025-01-20', count: 1 },
      { day: '2025-02-01', count: 1 },
    ]);
    expect(figures.spend).toEqual([
      { month: '2025-01', currency: 'CNY', cents: 1000 * 2 + 10_000 },
      { month: '2025-03', currency: 'EUR', cents: 5050 },
    ]);
    expect(figures.brandSpend).toEqual([
      { month: '2025-01', currency: 'CNY', brand: '西门子', cents: 12_000 },
      { month: '2025-03', currency: 'EUR', brand: 'ABB', cents: 5050 },
    ]);
    expect(figures.openTodos).toBe(2);
    expect(figures.favouriteTodos).toBe(1);
    expect(figures.newestTodos.map((t) => t.id)).toEqual([2, 1]);

    // The owner hands order 1 on and order 4 is deleted: the figures follow.
    await applyRows(db, 1, 'orders', [owned(1, 11, { state: 10, supplier_node: amount(1, 100) })]);
    await deleteRows(db, 1, 'orders', [4]);
    const after = await readDashboard(db, request);
    expect(after.mine.CONTRACT_SIGNED).toBe(0);
    expect(after.spend).toEqual([{ month: '2025-01', currency: 'CNY', cents: 12_000 }]);
    expect(after.brandSpend.map((row) => row.brand)).toEqual(['西门子']);
  });

  it('reads the spend from the first month on, and nothing for an empty company', async () => {
    db = freshDb('dash-months');
    const empty = await readDashboard(db, request);
    expect(empty.spend).toEqual([]);
    expect(empty.orderTabs.ALL).toBe(0);
    await applyRows(db, 1, 'orders', [order(1, { create_time: '2024-03-01T00:00:00.000Z' })]);
    expect((await readDashboard(db, request)).spend).toEqual([]);
    expect((await readDashboard(db, { ...request, firstMonth: '2024-03' })).spend).toHaveLength(1);
  });
});

describe('overdueOrders', () => {
  it('lists the awaited orders expected before today, most overdue first', async () => {
    db = freshDb('dash-overdue');
    await applyRows(db, 1, 'orders', [
      order(1, { state: 40, forecast_receive_date: '2025-05-01', create_time: at(1) }),
      order(2, { state: 50, forecast_receive_date: '2025-04-20', create_time: at(2) }),
      order(3, { state: 40, forecast_receive_date: '2025-05-02', create_time: at(3) }), // today
      order(4, { state: 90, forecast_receive_date: '2025-04-01', create_time: at(4) }), // arrived
      order(5, { state: 40, forecast_receive_date: null, create_time: at(5) }),
    ]);
    const found = await overdueOrders(db, 1, '2025-05-02');
    expect(found.total).toBe(2);
    expect(found.orders.map((o) => o.id)).toEqual([2, 1]);
  });

  it('keeps only the most overdue when there are more than it shows, and counts them all', async () => {
    db = freshDb('dash-overdue-many');
    const days = [
      '2025-03-09',
      '2025-01-05',
      '2025-04-30',
      '2025-01-05',
      '2025-02-11',
      '2025-03-01',
    ];
    await applyRows(
      db,
      1,
      'orders',
      days.map((day, i) =>
        order(i + 1, { state: 40, forecast_receive_date: day, create_time: at(i) }),
      ),
    );
    const found = await overdueOrders(db, 1, '2025-05-02', 3);
    expect(found.total).toBe(6);
    // Earliest day first; a tie by id.
    expect(found.orders.map((o) => o.id)).toEqual([2, 4, 5]);
  });
});
