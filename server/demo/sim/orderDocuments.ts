// The supplier's paperwork as the simulator moves an order, inside the action's
// transaction: from state 50 on it packs the lines that reached the warehouse into boxes and adds
// an express-tracking entry to every box at each further step (carrier and tracking number as the
// goods go abroad, then home); when it invoices an order it issues the invoice of the lines not yet
// invoiced; at every other touch a mailed invoice moves one entry along its progress log. The
// generators are the seed's (server/demo/seed/shipments.ts), drawn from a stream seeded by the
// simulator's own, so a run stays reproducible. Whatever changed, the order gets a new version and
// its projected row (with the boxes and invoices) goes into the buyer's feed.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import {
  companies,
  invoiceLines,
  invoiceLogs,
  invoices,
  logisticsBoxes,
  logisticsBoxLines,
  logisticsLogs,
  orderLines,
  orders,
} from '../../db/schema/index';
import type { ChangeSet } from '../../sync/changeSet';
import { loadOrderRows } from '../../sync/projections/orders';
import { Random } from '../seed/random';
import {
  BOX_STATE,
  boxLogEntry,
  buildInvoice,
  carrierOf,
  extraWeight,
  invoiceNumbers,
  invoiceStateAfter,
  invoiceSteps,
  loadProductFacts,
  packBoxes,
  type StoredLine,
  shippedLines,
  trackingNumber,
} from '../seed/shipments';
import { insertAll, reserveIds } from '../seed/store';

type OrderRecord = typeof orders.$inferSelect;

/** What one touch wrote. */
export type DocumentChanges = {
  boxes: number;
  boxLogs: number;
  invoices: number;
  invoiceLogs: number;
};

/** The order step the simulator just took (actions.ts). */
export type OrderStepKind = 'advance' | 'payment' | 'invoice';

/** Tries at a free invoice number before giving up (8 digits: a clash is already rare). */
const NUMBER_TRIES = 20;

const SHIFT_PER_BOX_MS = 60_000;

/** The lines a warehouse holds at `code`: half of them at the partial receipt (50), else all. */
function arrivedLines(lines: readonly StoredLine[], code: number): StoredLine[] {
  const kept = shippedLines(lines);
  return code === 50 ? kept.slice(0, Math.max(1, Math.ceil(kept.length / 2))) : kept;
}

/** Boxes follow the order to its new state; lines that arrived since are packed. */
async function moveBoxes(
  tx: Tx,
  rng: Random,
  order: OrderRecord,
  lines: readonly StoredLine[],
  city: string | null,
  nowMs: number,
): Promise<Pick<DocumentChanges, 'boxes' | 'boxLogs'>> {
  const code = order.state;
  const boxState = BOX_STATE[code];
  if (!boxState) return { boxes: 0, boxLogs: 0 };
  const boxes = await tx
    .select()
    .from(logisticsBoxes)
    .where(eq(logisticsBoxes.orderId, order.id))
    .orderBy(asc(logisticsBoxes.position));
  const entry = boxLogEntry(code, city);
  const carrier = carrierOf(code);
  const newLogs = [];
  for (const [b, box] of boxes.entries()) {
    const changedCarrier = carrier !== null && box.deliveryCompany !== carrier;
    await tx
      .update(logisticsBoxes)
      .set({
        state: boxState,
        ...(changedCarrier
          ? { deliveryCompany: carrier, trackingNo: trackingNumber(rng, carrier) }
          : {}),
        ...(code >= 60 && box.extraWeight === null ? { extraWeight: extraWeight(rng) } : {}),
      })
      .where(eq(logisticsBoxes.id, box.id));
    if (entry) {
      const time = new Date(nowMs + b * SHIFT_PER_BOX_MS).toISOString();
      newLogs.push({ boxId: box.id, time, place: entry[0], info: entry[1] });
    }
  }
  await insertAll(tx, logisticsLogs, newLogs);

  const boxed = boxes.length
    ? await tx
        .select({ orderLineId: logisticsBoxLines.orderLineId })
        .from(logisticsBoxLines)
        .where(
          inArray(
            logisticsBoxLines.boxId,
            boxes.map((box) => box.id),
          ),
        )
    : [];
  const boxedIds = new Set(boxed.map((line) => line.orderLineId));
  const unboxed = arrivedLines(lines, code).filter((line) => !boxedIds.has(line.id));
  if (unboxed.length === 0) return { boxes: 0, boxLogs: newLogs.length };
  const facts = await loadProductFacts(
    tx,
    unboxed.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  let local = 0;
  const packed = packBoxes(rng, order, unboxed, facts, () => ++local, {
    code,
    steps: [{ code, ms: nowMs }],
    firstMs: nowMs,
    firstPosition: boxes.length,
    buyerCity: city,
  });
  const ids = await reserveIds(tx, 'logistics_boxes', packed.boxes.length);
  const idOf = (localId: number) => ids[localId - 1] ?? 0;
  await insertAll(
    tx,
    logisticsBoxes,
    packed.boxes.map((box) => ({ ...box, id: idOf(box.id) })),
  );
  await insertAll(
    tx,
    logisticsBoxLines,
    packed.lines.map((line) => ({ ...line, boxId: idOf(line.boxId) })),
  );
  await insertAll(
    tx,
    logisticsLogs,
    packed.logs.map((log) => ({ ...log, boxId: idOf(log.boxId) })),
  );
  return { boxes: packed.boxes.length, boxLogs: newLogs.length + packed.logs.length };
}

async function freeInvoiceNumber(tx: Tx, rng: Random): Promise<string> {
  for (let i = 0; i < NUMBER_TRIES; i++) {
    const [number] = invoiceNumbers(rng, 1);
    if (number === undefined) break;
    const [taken] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.number, number));
    if (!taken) return number;
  }
  throw new Error('simulator: no free invoice number');
}

/**
 * The invoice of the order's lines not invoiced yet (a partial invoice bills half of them, a full
 * one the rest), issued now with its first progress entry. 0 when everything is invoiced.
 */
async function issueInvoice(
  tx: Tx,
  rng: Random,
  order: OrderRecord,
  lines: readonly StoredLine[],
  city: string | null,
  nowMs: number,
): Promise<number> {
  if (order.invoiceState !== 'INVOICE' && order.invoiceState !== 'PARTIAL') return 0;
  const billed = await tx
    .select({ orderLineId: invoiceLines.orderLineId, qty: invoiceLines.qty })
    .from(invoiceLines)
    .where(eq(invoiceLines.orderId, order.id));
  const billedQty = new Map<number, number>();
  for (const line of billed) {
    if (line.orderLineId === null) continue;
    billedQty.set(line.orderLineId, (billedQty.get(line.orderLineId) ?? 0) + line.qty);
  }
  const open = shippedLines(lines).flatMap((line) => {
    const left = (line.qty ?? 1) - (billedQty.get(line.id) ?? 0);
    return left > 0 ? [{ ...line, qty: left }] : [];
  });
  if (open.length === 0) return 0;
  const number = await freeInvoiceNumber(tx, rng);
  const [id] = await reserveIds(tx, 'invoices', 1);
  if (id === undefined) return 0;
  // Only the first entry (issued) has happened; later touches add the rest (progressInvoices).
  const made = buildInvoice(
    rng,
    order,
    open,
    city,
    { createdMs: nowMs, anchorMs: nowMs + 1 },
    id,
    number,
  );
  if (!made) return 0;
  await tx.insert(invoices).values(made.invoice);
  await insertAll(tx, invoiceLines, made.lines);
  await insertAll(tx, invoiceLogs, made.logs);
  return 1;
}

/** Each of the order's invoices still on its way takes its next progress entry. */
async function progressInvoices(
  tx: Tx,
  order: OrderRecord,
  city: string | null,
  nowMs: number,
): Promise<number> {
  const pending = await tx
    .select({ id: invoices.id, entries: count(invoiceLogs.id) })
    .from(invoices)
    .leftJoin(invoiceLogs, eq(invoiceLogs.invoiceId, invoices.id))
    .where(
      and(
        inArray(
          invoices.id,
          tx
            .selectDistinct({ id: invoiceLines.invoiceId })
            .from(invoiceLines)
            .where(eq(invoiceLines.orderId, order.id)),
        ),
        inArray(invoices.state, ['CREATED', 'MAILED']),
      ),
    )
    .groupBy(invoices.id)
    .orderBy(asc(invoices.id));
  const steps = invoiceSteps(city);
  let written = 0;
  for (const invoice of pending) {
    const step = steps[invoice.entries];
    if (!step) continue;
    await tx.insert(invoiceLogs).values({
      invoiceId: invoice.id,
      createTime: new Date(nowMs).toISOString(),
      location: step[0],
      remark: step[1],
    });
    await tx
      .update(invoices)
      .set({ state: invoiceStateAfter(invoice.entries + 1) })
      .where(eq(invoices.id, invoice.id));
    written++;
  }
  return written;
}

/**
 * After the simulator's step on an order: its boxes, tracking logs and invoices catch up with it.
 * Takes one number from `random` (the seed of the documents' own stream). When anything changed,
 * the order's version is bumped and its row re-projected into the feed.
 */
export async function updateOrderDocuments(
  tx: Tx,
  changes: ChangeSet,
  orderId: number,
  step: OrderStepKind,
  nowMs: number,
  random: () => number,
): Promise<DocumentChanges> {
  const rng = new Random(Math.floor(random() * 0x1_0000_0000));
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} vanished`);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const [buyer] = await tx
    .select({ city: companies.city })
    .from(companies)
    .where(eq(companies.id, order.companyId));
  const city = buyer?.city ?? null;
  const done: DocumentChanges = { boxes: 0, boxLogs: 0, invoices: 0, invoiceLogs: 0 };
  if (step === 'advance') Object.assign(done, await moveBoxes(tx, rng, order, lines, city, nowMs));
  if (step === 'invoice') done.invoices = await issueInvoice(tx, rng, order, lines, city, nowMs);
  else done.invoiceLogs = await progressInvoices(tx, order, city, nowMs);
  if (Object.values(done).every((n) => n === 0)) return done;
  // The boxes and invoices travel inside the order's row: a new version sends it again.
  await tx
    .update(orders)
    .set({ version: sql`nextval('sync_version')` })
    .where(eq(orders.id, orderId));
  const row = (await loadOrderRows(tx, [orderId])).get(orderId);
  if (row) changes.upsert('orders', row, [order.companyId]);
  return done;
}
