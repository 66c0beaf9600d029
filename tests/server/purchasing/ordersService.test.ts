// The supplier side of orders (used by the simulator and the seed): progress 10 → 90, payment and
// invoice states, cancel confirmation, and the purchase sheet following its order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sheets } from '../../../server/db/schema/index';
import {
  advanceOrder,
  confirmCancel,
  ORDER_PROGRESSION,
  setInboundState,
  setInvoiceState,
} from '../../../server/purchasing/orderService';
import { write } from '../../../server/sync/write';
import type { OrderStateCode } from '../../../src/domain/orders/orderStates';
import { drivers } from '../../support/databases';
import { type Harness, insertSheet, startHarness } from './ordersHarness';

describe.each(drivers)('order service (supplier side) on %s', (driver) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => h.close());

  const db = () => h.db.database.db;
  const orderRow = async (id: number) => {
    const [row] = await db().select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error('no order');
    return row;
  };
  const advance = (id: number, state: OrderStateCode, nowMs?: number) =>
    write(db(), (tx, changes) => advanceOrder(tx, changes, id, state, nowMs));
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error as { statusCode: number; message: string };
    }
    throw new Error('expected a refusal');
  };

  it('walks an order through every state to 90, logging each step and mirroring the sheet', async () => {
    const sheetId = await insertSheet(h, { name: 'XJ-SIM-1', state: 'CONTRACT_SIGNED' });
    const id = await h.insertOrder({ state: 10, sheetId });
    const versions: number[] = [(await orderRow(id)).version];
    const now = Date.UTC(2026, 4, 1, 2);
    for (const state of ORDER_PROGRESSION.slice(1)) {
      const row = await advance(id, state, now);
      expect(row.state).toBe(state);
      versions.push(row.version);
    }
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    const order = await orderRow(id);
    expect(order.stateLog.map((e) => e.state)).toEqual(ORDER_PROGRESSION.slice(1));
    expect(order.stateLog.every((e) => e.by === 'supplier')).toBe(true);
    expect(order.signTime).not.toBeNull();
    expect(order.forecastReceiveDate).toBe('2026-05-22');
    const [sheet] = await db().select().from(sheets).where(eq(sheets.id, sheetId));
    expect(sheet?.state).toBe('SIGNED');
    expect(sheet?.stateLog.map((e) => e.state)).toContain('ORDER_CONFIRMED');
    const feed = await h.feed(h.world.companies.a);
    expect(feed.filter((c) => c.rowId === String(id) && c.tableName === 'orders')).toHaveLength(1);
    // The feed carries the order as it was last written (its own version inside the row).
    const entry = feed.find((c) => c.tableName === 'orders' && c.rowId === String(id));
    expect((entry?.row as { version: number } | null)?.version).toBe(order.version);
  });

  it('keeps an expected arrival date the buyer already set', async () => {
    const id = await h.insertOrder({ state: 30, forecastReceiveDate: '2099-12-31' });
    await advance(id, 40);
    expect((await orderRow(id)).forecastReceiveDate).toBe('2099-12-31');
  });

  it('allows skipping steps but never going back or standing still', async () => {
    const id = await h.insertOrder({ state: 40 });
    await advance(id, 55);
    for (const state of [50, 55, 10] as const) {
      const error = await refusal(advance(id, state));
      expect(error.statusCode).toBe(422);
      expect(error.message).toMatch(/^订单状态不能从「海外仓已收货」变为「.+」$/);
    }
    expect((await orderRow(id)).state).toBe(55);
  });

  it('refuses to move a cancelled order or one waiting for cancel confirmation', async () => {
    for (const values of [{ state: -10 }, { state: 20, baseState: 'CANCELLED' }]) {
      const id = await h.insertOrder(values);
      const error = await refusal(advance(id, 30));
      expect(error.message).toBe('订单已取消，不能继续推进');
    }
  });

  it('confirms a cancel request: −20 with base state CANCELLED, sheet CANCEL_CONFIRMED', async () => {
    const sheetId = await insertSheet(h, { name: 'XJ-SIM-2', state: 'CANCEL_REQUESTED' });
    const id = await h.insertOrder({ state: -10, sheetId });
    const row = await write(db(), (tx, changes) => confirmCancel(tx, changes, id));
    expect(row).toMatchObject({ state: -20, order_base_state: 'CANCELLED' });
    const [sheet] = await db().select().from(sheets).where(eq(sheets.id, sheetId));
    expect(sheet?.state).toBe('CANCEL_CONFIRMED');
    const again = await refusal(write(db(), (tx, changes) => confirmCancel(tx, changes, id)));
    expect(again.message).toBe('订单没有待确认的取消申请');
  });

  it('records payment progress and keeps the unpaid amount in step', async () => {
    const id = await h.insertOrder({ state: 30, taxedAmount: '1234.50', unpaidAmount: '1234.50' });
    const pay = (state: string, unpaid?: number) =>
      write(db(), (tx, changes) => setInboundState(tx, changes, id, state, unpaid));
    expect((await pay('PARTIAL_RECEIPT')).unpaid_amount).toBe(617.25);
    expect((await pay('PARTIAL_RECEIPT', 200)).unpaid_amount).toBe(200);
    const paid = await pay('RECEIPTED');
    expect(paid).toMatchObject({ unpaid_amount: 0, supplier_node: { inbound_state: 'RECEIPTED' } });
    const error = await refusal(pay('SOMETHING'));
    expect(error.message).toBe('付款状态有误');
    expect((await orderRow(id)).inboundState).toBe('RECEIPTED');
  });

  it('records invoice progress and refuses unknown invoice states', async () => {
    const id = await h.insertOrder({ state: 75 });
    const row = await write(db(), (tx, changes) => setInvoiceState(tx, changes, id, 'INVOICE'));
    expect(row.supplier_node).toMatchObject({ invoice_state: 'INVOICE' });
    const error = await refusal(
      write(db(), (tx, changes) => setInvoiceState(tx, changes, id, 'INVOICED')),
    );
    expect(error.message).toBe('开票状态有误');
  });

  it('answers 404 for an order that does not exist', async () => {
    const error = await refusal(advance(987_654_321, 20));
    expect(error.statusCode).toBe(404);
  });
});
