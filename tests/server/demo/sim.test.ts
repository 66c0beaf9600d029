// The supplier simulator's step (server/demo/sim/simulator.ts) on the fixtures: quotes through
// quoteSheet (prices, CCC and refused lines), contracts that become orders, orders walking 10 → 90
// with payment and invoice, cancel confirmation, the buyer's messages and feed entries,
// determinism, the minimum ages, the per-step limit and the supplier scope.
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  companies,
  contacts,
  orderLines,
  orders,
  sheetLines,
  sheets,
  syncChanges,
  todos,
} from '../../../server/db/schema/index';
import { mulberry32 } from '../../../server/demo/seed/random';
import { simulateOnce } from '../../../server/demo/sim/simulator';
import { simTiming } from '../../../server/demo/sim/timing';
import { ORDER_PROGRESSION } from '../../../server/purchasing/orderService';
import type { OrderRow, SyncTable } from '../../../src/contract/feedRows';
import {
  type DriverName,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';

/** The version of the row a feed entry carries (the entry's own feed version sorts after it). */
const rowVersionOf = (entry: { row: unknown } | undefined) =>
  (entry?.row as { version?: number } | null)?.version;

const timing = simTiming(1);

describe.each(drivers)('supplier simulator step on %s', (driver: DriverName) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.drop()));
  });

  async function fresh(): Promise<{ t: TestDatabase; fx: FixtureIds }> {
    const t = await openTestDatabase(driver);
    opened.push(t);
    return { t, fx: await seedFixtures(t.database) };
  }

  /** A CCC product line and a known-wrong product line on the fixtures' sent inquiry. */
  async function addSpecialLines(t: TestDatabase, fx: FixtureIds) {
    const rows = await t.database.db
      .insert(sheetLines)
      .values([
        {
          sheetId: fx.sheets.sentA.id,
          position: 1,
          productId: fx.products.ccc,
          productType: '3RT2015-1BB41',
          qty: 3,
        },
        {
          sheetId: fx.sheets.sentA.id,
          position: 2,
          productId: fx.products.wrong,
          productType: '6ES7-XXXX',
          qty: 1,
        },
      ])
      .returning({ id: sheetLines.id });
    return rows.map((r) => r.id);
  }

  const lineById = async (t: TestDatabase, id: number) => {
    const [line] = await t.database.db.select().from(sheetLines).where(eq(sheetLines.id, id));
    if (!line) throw new Error('no line');
    return line;
  };
  const sheetById = async (t: TestDatabase, id: number) => {
    const [sheet] = await t.database.db.select().from(sheets).where(eq(sheets.id, id));
    if (!sheet) throw new Error('no sheet');
    return sheet;
  };
  const orderById = async (t: TestDatabase, id: number) => {
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    if (!order) throw new Error('no order');
    return order;
  };
  const feedEntry = async (t: TestDatabase, companyId: number, table: SyncTable, id: number) => {
    const [entry] = await t.database.db
      .select()
      .from(syncChanges)
      .where(
        and(
          eq(syncChanges.companyId, companyId),
          eq(syncChanges.tableName, table),
          eq(syncChanges.rowId, String(id)),
        ),
      );
    return entry;
  };
  const messagesOn = (t: TestDatabase, module: string, id: number) =>
    t.database.db
      .select()
      .from(todos)
      .where(and(eq(todos.module, module), eq(todos.moduleId, id)));

  it('quotes a sent inquiry through quoteSheet: prices, a CCC line, an invalid line, the feed and a message', async () => {
    const { t, fx } = await fresh();
    const [cccLine, wrongLine] = await addSpecialLines(t, fx);
    const [normalLine] = fx.sheets.sentA.lines;
    if (cccLine === undefined || wrongLine === undefined || normalLine === undefined)
      throw new Error('lines');
    const now = new Date();
    const summary = await simulateOnce(t.database.db, { now, random: mulberry32(1) });
    expect(summary.failed).toEqual([]);
    expect(summary.actions).toContainEqual(
      expect.objectContaining({
        kind: 'quote',
        sheetId: fx.sheets.sentA.id,
        state: 'INQUIRY_REPLIED',
      }),
    );

    const sheet = await sheetById(t, fx.sheets.sentA.id);
    expect(sheet.state).toBe('INQUIRY_REPLIED');
    const normal = await lineById(t, normalLine);
    expect(normal.quoteState).toBe('QUOTED');
    expect(Number(normal.taxedPriceUnit)).toBeGreaterThan(0);
    expect(Number(normal.taxedAmount)).toBeCloseTo(Number(normal.taxedPriceUnit) * normal.qty, 2);
    expect(normal.shipmentPeriod).toBeGreaterThanOrEqual(7);
    expect(normal.validityEndDate && normal.validityEndDate > now.toISOString().slice(0, 10)).toBe(
      true,
    );
    const ccc = await lineById(t, cccLine);
    expect(ccc.quoteState).toBe('CCC');
    expect(Number(ccc.taxedPriceUnit)).toBeGreaterThan(0);
    const wrong = await lineById(t, wrongLine);
    expect(wrong.quoteState).toBe('INVALID');
    expect(wrong.taxedPriceUnit).toBeNull();
    expect(wrong.quoteComment).toBe('型号错误');
    expect(Number(sheet.taxedAmount)).toBeCloseTo(
      Number(normal.taxedAmount) + Number(ccc.taxedAmount),
      2,
    );

    const entry = await feedEntry(t, fx.companies.buyerA, 'sheets', sheet.id);
    expect(rowVersionOf(entry)).toBe(sheet.version);
    expect((entry?.row as { state?: string } | null)?.state).toBe('INQUIRY_REPLIED');

    const [message] = await messagesOn(t, 'INQUERY_QUOTATION_SHEET', sheet.id);
    expect(message).toMatchObject({
      type: 'MESSAGE',
      state: 'UNREAD',
      fromCompanyId: fx.companies.supplier,
      fromContactsId: fx.contacts.supplierSales,
      toCompanyId: fx.companies.buyerA,
      toContactsId: fx.contacts.userA,
    });
    expect(message?.subject).toContain(`您的询价单 ${sheet.name} 已报价`);
    expect(message?.subject).toContain('3C');
    if (!message) throw new Error('no message');
    expect(rowVersionOf(await feedEntry(t, fx.companies.buyerA, 'todos', message.id))).toBe(
      message.version,
    );
  });

  it('confirms a contract under audit: the sheet is signed and its order (state 10) is in the feed', async () => {
    const { t, fx } = await fresh();
    const summary = await simulateOnce(t.database.db, { now: new Date(), random: mulberry32(2) });
    const action = summary.actions.find((a) => a.kind === 'contract');
    expect(action).toMatchObject({ kind: 'contract', sheetId: fx.sheets.auditingA.id });
    const sheet = await sheetById(t, fx.sheets.auditingA.id);
    expect(sheet.state).toBe('CONTRACT_SIGNED');
    expect(sheet.orderId).not.toBeNull();
    const order = await orderById(t, sheet.orderId ?? 0);
    expect(order.state).toBe(10);
    expect(order.supplierContactId).toBe(fx.contacts.supplierSales);
    const entry = await feedEntry(t, fx.companies.buyerA, 'orders', order.id);
    expect(rowVersionOf(entry)).toBe(order.version);
    expect(rowVersionOf(await feedEntry(t, fx.companies.buyerA, 'sheets', sheet.id))).toBe(
      sheet.version,
    );
    const subjects = (await messagesOn(t, 'INQUERY_QUOTATION_SHEET', sheet.id)).map(
      (m) => m.subject,
    );
    expect(subjects.some((s) => s.includes(`合同已确认，订单号 ${order.name}`))).toBe(true);
  });

  it('moves an order one step per eligible tick, paid before 20, invoiced before 90, never past 90', async () => {
    const { t, fx } = await fresh();
    const id = fx.orders.contractSignedA.id;
    const random = mulberry32(3);
    const seen: number[] = [10];
    let tick = 0;
    for (; tick < 40; tick++) {
      const before = await orderById(t, id);
      // Due by the clock: the dwell has passed since the last real write.
      const now = new Date(Date.now() + timing.orderDwellMs);
      const summary = await simulateOnce(t.database.db, { now, random });
      expect(summary.failed).toEqual([]);
      const mine = summary.actions.filter(
        (a) => 'orderId' in a && a.orderId === id && a.kind !== 'contract',
      );
      const after = await orderById(t, id);
      if (before.state === 90) {
        expect(mine).toEqual([]);
        expect(after.version).toBe(before.version);
        break;
      }
      expect(mine).toHaveLength(1);
      // The same clock again: the order was just touched, so it is not due.
      const again = await simulateOnce(t.database.db, { now, random });
      expect(again.actions.filter((a) => 'orderId' in a && a.orderId === id)).toEqual([]);
      if (after.state !== before.state) {
        const from = ORDER_PROGRESSION.indexOf(before.state as 10);
        const to = ORDER_PROGRESSION.indexOf(after.state as 10);
        // One step; a partial receipt (50, 73) may be skipped by a whole shipment.
        expect(
          to - from === 1 ||
            (to - from === 2 && [50, 73].includes(ORDER_PROGRESSION[from + 1] ?? 0)),
        ).toBe(true);
        expect(after.stateLog).toHaveLength(before.stateLog.length + 1);
        if (before.state === 10) expect(after.inboundState).toBe('RECEIPTED');
        if (after.state === 90) expect(after.invoiceState).toBe('INVOICE');
        seen.push(after.state);
      }
    }
    expect(seen.at(-1)).toBe(90);
    expect(tick).toBeLessThan(40);
    const order = await orderById(t, id);
    expect(order.signTime).not.toBeNull();
    expect(order.unpaidAmount).toBe('0.00');
    const subjects = (await messagesOn(t, 'ORDER', id)).map((m) => m.subject);
    expect(subjects.some((s) => s.includes(`订单 ${order.name} 已发货`))).toBe(true);
    expect((await sheetById(t, fx.sheets.contractSignedA.id)).state).toBe('SIGNED');
  });

  /** Walks the fixtures' order to 90 on a fixed clock, one due tick after another. */
  async function walkToSigned(t: TestDatabase, fx: FixtureIds, baseMs: number, seed: number) {
    const id = fx.orders.contractSignedA.id;
    // A second line, so a partial receipt (50) boxes only the first one.
    await t.database.db.insert(orderLines).values({
      orderId: id,
      position: 1,
      productId: fx.products.normal,
      productType: '6ES7214-1AG40',
      productArticleNo: '6ES72141AG400XB0',
      qty: 4,
      taxedPriceUnit: '20.00',
      taxedAmount: '80.00',
    });
    const random = mulberry32(seed);
    const snapshots: Array<{ order: typeof orders.$inferSelect; row: OrderRow | null }> = [];
    for (let tick = 0; tick < 40; tick++) {
      const now = new Date(baseMs + tick * timing.orderDwellMs);
      const summary = await simulateOnce(t.database.db, { now, random });
      expect(summary.failed).toEqual([]);
      const order = await orderById(t, id);
      const entry = await feedEntry(t, fx.companies.buyerA, 'orders', id);
      // The feed holds the order at its newest version, boxes and invoices included.
      expect(rowVersionOf(entry)).toBe(order.version);
      snapshots.push({ order, row: (entry?.row ?? null) as OrderRow | null });
      if (order.state === 90) break;
    }
    return snapshots;
  }

  it("packs boxes, extends their tracking logs and issues invoices as it moves an order, in the buyer's feed", async () => {
    const { t, fx } = await fresh();
    const snapshots = await walkToSigned(t, fx, Date.now() + timing.orderDwellMs, 3);
    const last = snapshots.at(-1);
    expect(last?.order.state).toBe(90);
    let previousLogs = 0;
    for (const [i, { order, row }] of snapshots.entries()) {
      const boxes = row?.logistics ?? [];
      const logs = boxes.reduce((n, box) => n + box.logs.length, 0);
      if (order.state < 50) expect(boxes).toEqual([]);
      else expect(boxes.length).toBeGreaterThan(0);
      const before = snapshots[i - 1]?.order;
      if (before && before.state !== order.state && order.state >= 50) {
        // Every step from the warehouse on adds one entry to each box that was already packed.
        expect(logs).toBeGreaterThan(previousLogs);
        for (const box of boxes) {
          expect(box.box_name.startsWith(order.name)).toBe(true);
          expect(box.box_lines.length).toBeGreaterThan(0);
          expect(box.logs.at(-1)?.info).toBeTruthy();
        }
      }
      if (order.state >= 60) expect(boxes.every((b) => b.tracking_no !== null)).toBe(true);
      if (order.state >= 80) {
        expect(boxes.every((b) => b.delivery_company === '顺丰速运')).toBe(true);
        expect(boxes.every((b) => /^SF\d{13}$/.test(b.tracking_no ?? ''))).toBe(true);
      }
      if (['PARTIAL', 'INVOICE'].includes(order.invoiceState)) {
        expect(row?.invoices?.length).toBeGreaterThan(0);
      } else expect(row?.invoices ?? []).toEqual([]);
      previousLogs = logs;
    }
    const row = last?.row;
    if (!row) throw new Error('no feed row');
    const boxes = row.logistics ?? [];
    expect(boxes.every((b) => b.state === 'SIGNED')).toBe(true);
    expect(boxes.every((b) => b.logs.at(-1)?.info === '已签收')).toBe(true);
    // Both lines were packed in the end, each exactly once.
    const packed = boxes.flatMap((b) => b.box_lines.map((l) => l.order_product_id)).sort();
    expect(packed).toEqual(row.order_product_list.map((l) => l.id).sort());
    // Invoiced in full: the invoices' lines bill every piece once.
    const invoices = row.invoices ?? [];
    expect(invoices.length).toBeGreaterThan(0);
    const pieces = new Map<number, number>();
    for (const line of invoices.flatMap((inv) => inv.lines)) {
      const key = line.order_product_id ?? -1;
      pieces.set(key, (pieces.get(key) ?? 0) + line.qty);
    }
    expect(Object.fromEntries(pieces)).toEqual(
      Object.fromEntries(row.order_product_list.map((l) => [l.id, l.qty])),
    );
    for (const invoice of invoices) {
      expect(invoice.number).toMatch(/^\d{8}$/);
      expect(invoice.logs[0]).toMatchObject({ location: '上海', remark: '发票已开具' });
      expect(invoice.taxed_amount).toBe(
        Math.round(invoice.lines.reduce((s, l) => s + l.taxed_amount, 0) * 100) / 100,
      );
    }
  });

  it('makes the same boxes and invoices for the same clock and seed', async () => {
    const baseMs = Date.now() + timing.orderDwellMs;
    const dumps = [];
    for (let run = 0; run < 2; run++) {
      const { t, fx } = await fresh();
      const snapshots = await walkToSigned(t, fx, baseMs, 11);
      const row = snapshots.at(-1)?.row;
      expect(row?.logistics?.length).toBeGreaterThan(0);
      dumps.push({ logistics: row?.logistics, invoices: row?.invoices });
    }
    expect(dumps[1]).toEqual(dumps[0]);
  });

  it('confirms a cancel request (−10 → −20) with a message', async () => {
    const { t, fx } = await fresh();
    const id = fx.orders.contractSignedA.id;
    await t.database.db.update(orders).set({ state: -10 }).where(eq(orders.id, id));
    const summary = await simulateOnce(t.database.db, { now: new Date(), random: mulberry32(4) });
    expect(summary.actions).toContainEqual(
      expect.objectContaining({ kind: 'cancel', orderId: id }),
    );
    const order = await orderById(t, id);
    expect(order.state).toBe(-20);
    expect(order.baseState).toBe('CANCELLED');
    expect(rowVersionOf(await feedEntry(t, fx.companies.buyerA, 'orders', id))).toBe(order.version);
    const [message] = await messagesOn(t, 'ORDER', id);
    expect(message?.subject).toContain('取消申请已确认');
    expect(message?.toCompanyId).toBe(fx.companies.buyerA);
    // A cancelled order is never moved again.
    const later = await simulateOnce(t.database.db, {
      now: new Date(Date.now() + 10 * timing.orderDwellMs),
      random: mulberry32(4),
    });
    expect(later.actions.filter((a) => 'orderId' in a && a.orderId === id)).toEqual([]);
  });

  it('gives the same result for the same data, clock and seed', async () => {
    const runs = [];
    for (let run = 0; run < 2; run++) {
      const { t, fx } = await fresh();
      await addSpecialLines(t, fx);
      const random = mulberry32(42);
      const base = Date.now() + 86_400_000;
      const actions = [];
      for (let tick = 0; tick < 6; tick++) {
        const summary = await simulateOnce(t.database.db, {
          now: new Date(base + tick * 86_400_000),
          random,
        });
        actions.push(summary.actions);
      }
      const db = t.database.db;
      runs.push({
        actions,
        lines: await db
          .select({
            id: sheetLines.id,
            quoteState: sheetLines.quoteState,
            price: sheetLines.taxedPriceUnit,
            period: sheetLines.shipmentPeriod,
            validity: sheetLines.validityEndDate,
            comment: sheetLines.quoteComment,
          })
          .from(sheetLines)
          .orderBy(sheetLines.id),
        orders: await db
          .select({
            id: orders.id,
            state: orders.state,
            inbound: orders.inboundState,
            invoice: orders.invoiceState,
          })
          .from(orders)
          .orderBy(orders.id),
        messages: await db
          .select({ id: todos.id, subject: todos.subject })
          .from(todos)
          .orderBy(todos.id),
      });
    }
    expect(runs[0]?.actions.flat().length).toBeGreaterThan(5);
    expect(runs[1]).toEqual(runs[0]);
  });

  it('does nothing before the minimum ages', async () => {
    const { t, fx } = await fresh();
    const db = t.database.db;
    const start = Date.now();
    const stamp = new Date(start).toISOString();
    await db.update(sheets).set({ stateChangeTime: stamp });
    await db.update(orders).set({ writeTime: stamp });
    const early = await simulateOnce(db, {
      now: new Date(start + timing.quoteAgeMs - 1000),
      random: mulberry32(5),
    });
    expect(early.actions).toEqual([]);
    expect((await sheetById(t, fx.sheets.sentA.id)).state).toBe('INQUIRY_SENT');

    const later = await simulateOnce(db, {
      now: new Date(start + timing.quoteAgeMs + 1000),
      random: mulberry32(5),
    });
    expect(later.actions.map((a) => a.kind).sort()).toEqual(['contract', 'quote']);
    const order = await orderById(t, fx.orders.contractSignedA.id);
    expect(order.version).toBeGreaterThan(0);
    expect(order.stateLog).toHaveLength(1);
    expect(order.inboundState).toBe('NO_RECEIPT');

    // Faster speed, shorter waits.
    const fast = await simulateOnce(db, {
      now: new Date(Date.now() + simTiming(10).orderDwellMs + 1000),
      random: mulberry32(5),
      speed: 10,
    });
    expect(
      fast.actions.filter((a) => 'orderId' in a && a.orderId === fx.orders.contractSignedA.id),
    ).toHaveLength(1);
  });

  it('touches no more than `limit` records per step, the longest-waiting first', async () => {
    const { t, fx } = await fresh();
    const db = t.database.db;
    const extra = [];
    for (let i = 0; i < 5; i++) {
      const [row] = await db
        .insert(sheets)
        .values({
          companyId: fx.companies.buyerA,
          name: `XJ20240101${String(i).padStart(6, '0')}`,
          state: 'INQUIRY_SENT',
          stateChangeTime: `2024-01-0${i + 1}T00:00:00.000Z`,
          brandName: 'Siemens',
          supplierCompanyId: fx.companies.supplier,
          ownerContactId: fx.contacts.userA,
        })
        .returning({ id: sheets.id });
      if (!row) throw new Error('insert');
      await db
        .insert(sheetLines)
        .values({ sheetId: row.id, position: 0, productId: fx.products.normal, qty: 1 });
      extra.push(row.id);
    }
    const summary = await simulateOnce(db, { now: new Date(), random: mulberry32(6), limit: 3 });
    expect(summary.actions).toHaveLength(3);
    expect(summary.actions.map((a) => ('sheetId' in a ? a.sheetId : null))).toEqual(
      extra.slice(0, 3),
    );
    const quoted = await db
      .select({ id: sheets.id })
      .from(sheets)
      .where(inArray(sheets.state, ['INQUIRY_REPLIED', 'QUOTATION_REFUSE']));
    // repliedA was already replied in the fixtures.
    expect(quoted.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [fx.sheets.repliedA.id, ...extra.slice(0, 3)].sort((a, b) => a - b),
    );
    const none = await simulateOnce(db, { now: new Date(), random: mulberry32(6), limit: 0 });
    expect(none.actions).toEqual([]);
  });

  it("acting as one supplier contact leaves other suppliers' records alone", async () => {
    const { t, fx } = await fresh();
    const db = t.database.db;
    const [other] = await db
      .insert(companies)
      .values({ role: 'SUPPLIER', name: '北京另一家供应商' })
      .returning({ id: companies.id });
    if (!other) throw new Error('insert');
    await db.insert(contacts).values({ companyId: other.id, name: '孙销售' });
    await db
      .update(sheets)
      .set({ supplierCompanyId: other.id })
      .where(eq(sheets.id, fx.sheets.auditingA.id));
    const summary = await simulateOnce(db, {
      now: new Date(),
      random: mulberry32(7),
      supplierContactId: fx.contacts.supplierSales,
    });
    expect(summary.actions.some((a) => a.kind === 'quote')).toBe(true);
    expect(summary.actions.some((a) => a.kind === 'contract')).toBe(false);
    expect((await sheetById(t, fx.sheets.auditingA.id)).state).toBe('CONTRACT_AUDITING');
    // Without the scope, that supplier's first contact in service signs it.
    const all = await simulateOnce(db, { now: new Date(), random: mulberry32(7) });
    expect(all.actions.some((a) => a.kind === 'contract')).toBe(true);
    const order = await orderById(t, (await sheetById(t, fx.sheets.auditingA.id)).orderId ?? 0);
    expect(order.supplierCompanyId).toBe(other.id);
  });
});
