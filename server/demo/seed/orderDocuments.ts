// What the printable documents of an order read (settings-messaging-shared §3 "Order
// lines", "Printable documents (content)"): the order lines' names, customs names, untaxed prices
// and shipment periods, the order's tax rate, exchange rate, extra fee, CNY VAT flag, contract first
// payment, a few lines left out of documents (INVALID, REPLACED, deleted), the sheets' CNY VAT fee
// flag, then logistics boxes for orders whose goods reached a warehouse (state 50 and on) and
// invoices for invoiced orders (built by shipments.ts, which the simulator shares). Pure like
// documents.ts, and drawn from its own random streams, so the ids, numbers and values the demo
// had before stay as they were.

import { asc, inArray } from 'drizzle-orm';
import { firstPaymentOf, multiplyRound, roundTo } from '../../../src/domain/documents/amounts';
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
} from '../../db/schema/index';
import { PRODUCT_KINDS } from './catalog';
import type { BuiltDocument, OrderLineRow, OrderRow } from './documents';
import type { Random } from './random';
import {
  type BoxLineRow,
  type BoxLogRow,
  type BoxRow,
  buildInvoice,
  buildLogistics,
  type InvoiceLineRow,
  type InvoiceLogRow,
  type InvoiceRow,
  invoiceNumbers,
  loadProductFacts,
  money,
  type ProductFacts,
  type StoredLine,
  TAX_RATE,
} from './shipments';
import { insertAll, reserveIds } from './store';

const ENGLISH_BY_CHINESE = new Map<string, string>(
  Object.values(PRODUCT_KINDS).map((k) => [k.chinese, k.english]),
);

/** Untaxed unit price and amount from the taxed unit price. */
export function untaxed(taxedUnit: number, qty: number, taxRate = TAX_RATE) {
  const priceUnit = roundTo(taxedUnit / (1 + taxRate));
  return { priceUnit, amount: multiplyRound(priceUnit, qty) };
}

/** The contract's suggested first payment: the total when paid in advance, else 30%. */
export function suggestedFirstPayment(paymentMethod: string, total: number): number {
  return paymentMethod === 'ADVANCE_PAYMENT' || paymentMethod === 'ADVANCE_PAYMENT_BEFORE_DELIVERY'
    ? roundTo(total)
    : firstPaymentOf(total);
}

/**
 * Fills the document fields of a built order and its lines (in place) and answers the extra lines
 * left out of documents (to insert after every other line, so earlier line ids stay). `index` is
 * the order's place among the seeded orders: the first three get one excluded line each.
 */
export function addOrderDocumentInfo(
  rng: Random,
  doc: BuiltDocument,
  facts: ReadonlyMap<number, ProductFacts>,
  index: number,
): OrderLineRow[] {
  const order = doc.order;
  if (!order) return [];
  const ordered = doc.lines.filter((l) => l.taxedAmount !== null && l.taxedAmount !== undefined);
  doc.orderLines.forEach((line, i) => {
    const fact = line.productId ? facts.get(line.productId) : undefined;
    const taxedUnit = Number(line.taxedPriceUnit ?? 0);
    const { priceUnit, amount } = untaxed(taxedUnit, line.qty ?? 1);
    line.brandName = order.brandName;
    line.productName = fact?.chineseName
      ? (ENGLISH_BY_CHINESE.get(fact.chineseName) ?? line.productType ?? null)
      : (line.productType ?? null);
    line.parameter = line.shortDescription ?? null;
    line.chineseName = fact?.chineseName ?? null;
    line.hsCode = fact?.hsCode ?? null;
    line.shipmentPeriod = ordered[i]?.shipmentPeriod ?? rng.pick([14, 21, 28, 42]);
    line.priceUnit = money(priceUnit);
    line.amount = money(amount);
    line.quoteState = 'QUOTED';
    line.deleted = false;
  });
  const total = Number(order.taxedAmount ?? 0);
  order.taxRate = TAX_RATE.toFixed(4);
  order.exchangeRate = (rng.int(76_000, 79_500) / 10_000).toFixed(6);
  order.extraFee = money(
    rng.weighted([
      [0, 6],
      [150, 2],
      [300, 1],
      [580, 1],
    ]),
  );
  order.hasCnyVatFee = rng.chance(0.85);
  order.firstPaymentAmount = money(suggestedFirstPayment(order.paymentMethod ?? '', total));
  // Some suppliers' quotation numbers were never entered (the big-order report warns).
  if (index % 4 === 3 || rng.chance(0.1)) order.supplierQuotationNo = null;

  const base = doc.orderLines[0];
  if (!base) return [];
  const kinds: Array<{ quoteState: string; deleted: boolean }> = [];
  if (index === 0 || rng.chance(0.08)) kinds.push({ quoteState: 'REPLACED', deleted: false });
  if (index === 1 || rng.chance(0.05)) kinds.push({ quoteState: 'INVALID', deleted: false });
  if (index === 2 || rng.chance(0.05)) kinds.push({ quoteState: 'QUOTED', deleted: true });
  return kinds.map((kind, i) => {
    const qty = rng.int(1, 5);
    const taxedUnit = roundTo(Number(base.taxedPriceUnit ?? 100) * (0.8 + rng.next() * 0.4));
    const { priceUnit, amount } = untaxed(taxedUnit, qty);
    return {
      ...base,
      position: doc.orderLines.length + i,
      qty,
      taxedPriceUnit: money(taxedUnit),
      taxedAmount: money(multiplyRound(taxedUnit, qty)),
      priceUnit: money(priceUnit),
      amount: money(amount),
      quoteState: kind.quoteState,
      deleted: kind.deleted,
    };
  });
}

/**
 * Before the orders are inserted: their document fields, and the excluded lines to insert after
 * every other order line. `firstIndex` numbers the orders across calls.
 */
export async function prepareOrderDocuments(
  tx: Tx,
  rng: Random,
  docs: readonly BuiltDocument[],
  firstIndex = 0,
): Promise<OrderLineRow[]> {
  const facts = await loadProductFacts(
    tx,
    docs.flatMap((d) => d.orderLines.flatMap((l) => (l.productId ? [l.productId] : []))),
  );
  let index = firstIndex;
  const excluded = docs.flatMap((doc) =>
    doc.order ? addOrderDocumentInfo(rng, doc, facts, index++) : [],
  );
  assignSheetVatFees(rng.fork(`sheet-vat-fee:${firstIndex}`), docs);
  return excluded;
}

/** Sheets without an order whose supplier's CNY prices carry VAT, as often as orders do. */
const SHEET_VAT_FEE_CHANCE = 0.85;

/**
 * The sheets' CNY VAT fee flag: an ordered sheet's is its order's (the contract keeps the
 * quotation's terms), the others' drawn from `rng`, a stream of their own so no earlier value moves.
 */
export function assignSheetVatFees(rng: Random, docs: readonly BuiltDocument[]): void {
  for (const doc of docs) {
    doc.sheet.hasCnyVatFee = doc.order
      ? doc.order.hasCnyVatFee === true
      : rng.chance(SHEET_VAT_FEE_CHANCE);
  }
}

/**
 * After the orders and their lines are in: the boxes (with lines and logs) of orders at state 50
 * and on, and the invoices of invoiced orders. Answers how many boxes and invoices were written.
 */
export async function insertOrderDocuments(
  tx: Tx,
  rng: Random,
  orderRows: readonly OrderRow[],
  anchorMs: number,
): Promise<{ boxes: number; invoices: number }> {
  if (orderRows.length === 0) return { boxes: 0, invoices: 0 };
  const orderIds = orderRows.map((o) => o.id);
  const stored = (await tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position))) as StoredLine[];
  const facts = await loadProductFacts(
    tx,
    stored.flatMap((l) => (l.productId ? [l.productId] : [])),
  );
  const cities = new Map(
    (
      await tx
        .select({ id: companies.id, city: companies.city })
        .from(companies)
        .where(inArray(companies.id, [...new Set(orderRows.map((o) => o.companyId))]))
    ).map((c) => [c.id, c.city]),
  );
  const linesOf = new Map<number, StoredLine[]>();
  for (const line of stored)
    linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);

  const boxes: BoxRow[] = [];
  const boxLines: BoxLineRow[] = [];
  const boxLogs: BoxLogRow[] = [];
  let localBox = 0;
  const invoicedOrders = orderRows.filter(
    (o) => o.invoiceState === 'INVOICE' || o.invoiceState === 'PARTIAL',
  );
  const taken = new Set(
    (await tx.select({ number: invoices.number }).from(invoices)).map((r) => r.number),
  );
  const numbers = invoiceNumbers(rng, invoicedOrders.length, taken);
  const invoiceRows: InvoiceRow[] = [];
  const invoiceLineRows: InvoiceLineRow[] = [];
  const invoiceLogRows: InvoiceLogRow[] = [];
  for (const order of orderRows) {
    const city = cities.get(order.companyId) ?? null;
    const lines = linesOf.get(order.id) ?? [];
    const made = buildLogistics(rng, order, lines, facts, city, () => ++localBox);
    boxes.push(...made.boxes);
    boxLines.push(...made.lines);
    boxLogs.push(...made.logs);
    const number = numbers[invoiceRows.length];
    if (number === undefined) continue;
    const invoice = buildInvoice(
      rng,
      order,
      lines,
      city,
      { anchorMs },
      invoiceRows.length + 1,
      number,
    );
    if (!invoice) continue;
    invoiceRows.push(invoice.invoice);
    invoiceLineRows.push(...invoice.lines);
    invoiceLogRows.push(...invoice.logs);
  }
  const boxIds = await reserveIds(tx, 'logistics_boxes', boxes.length);
  const invoiceIds = await reserveIds(tx, 'invoices', invoiceRows.length);
  const boxId = (local: number) => boxIds[local - 1] ?? 0;
  const invoiceId = (local: number) => invoiceIds[local - 1] ?? 0;
  await insertAll(
    tx,
    logisticsBoxes,
    boxes.map((b) => ({ ...b, id: boxId(b.id) })),
  );
  await insertAll(
    tx,
    logisticsBoxLines,
    boxLines.map((l) => ({ ...l, boxId: boxId(l.boxId) })),
  );
  await insertAll(
    tx,
    logisticsLogs,
    boxLogs.map((l) => ({ ...l, boxId: boxId(l.boxId) })),
  );
  await insertAll(
    tx,
    invoices,
    invoiceRows.map((i) => ({ ...i, id: invoiceId(i.id) })),
  );
  await insertAll(
    tx,
    invoiceLines,
    invoiceLineRows.map((l) => ({ ...l, invoiceId: invoiceId(l.invoiceId) })),
  );
  await insertAll(
    tx,
    invoiceLogs,
    invoiceLogRows.map((l) => ({ ...l, invoiceId: invoiceId(l.invoiceId) })),
  );
  return { boxes: boxes.length, invoices: invoiceRows.length };
}
