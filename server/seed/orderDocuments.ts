// What the printable documents of an order read (issue 9; settings-messaging-shared §3 "Order
// lines", "Printable documents (content)"): the order lines' names, customs names, untaxed prices
// and shipment periods, the order's tax rate, exchange rate, extra fee, CNY VAT flag, contract first
// payment, a few lines left out of documents (INVALID, REPLACED, deleted), then logistics boxes
// for orders whose goods reached a warehouse (state 50 and on) and invoices for invoiced orders.
// Pure like documents.ts, and drawn from its own random streams, so the ids, numbers and values
// the demo had before stay as they were.

import { asc, eq, inArray } from 'drizzle-orm';
import { firstPaymentOf, multiplyRound, roundTo } from '../../src/domain/documents/amounts';
import { INVOICE_DELIVERY_COMPANY } from '../../src/domain/documents/reportContent';
import {
  brands,
  companies,
  invoiceLines,
  invoiceLogs,
  invoices,
  logisticsBoxes,
  logisticsBoxLines,
  logisticsLogs,
  orderLines,
  products,
} from '../db/schema/index';
import type { Tx } from '../db/write';
import { PRODUCT_KINDS } from './catalog';
import type { BuiltDocument, OrderLineRow, OrderRow } from './documents';
import type { Random } from './random';
import { insertAll, reserveIds } from './store';
import { DAY_MS, shanghaiDay } from './timeline';

const HOUR_MS = 3_600_000;
export const TAX_RATE = 0.13;

/** Catalogue facts of a product the documents print: customs names and codes, origin. */
export type ProductFacts = {
  chineseName: string | null;
  hsCode: string | null;
  /** Brand country: the origin country on the stock-out list. */
  origin: string | null;
};

const ENGLISH_BY_CHINESE = new Map<string, string>(
  Object.values(PRODUCT_KINDS).map((k) => [k.chinese, k.english]),
);

const money = (n: number): string => n.toFixed(2);
const kg = (n: number): string => n.toFixed(3);

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

export type BoxRow = typeof logisticsBoxes.$inferInsert & { id: number };
export type BoxLineRow = typeof logisticsBoxLines.$inferInsert;
export type BoxLogRow = typeof logisticsLogs.$inferInsert;
export type InvoiceRow = typeof invoices.$inferInsert & { id: number };
export type InvoiceLineRow = typeof invoiceLines.$inferInsert;
export type InvoiceLogRow = typeof invoiceLogs.$inferInsert;

/** An order line as stored (with its id), for boxes and invoices. */
export type StoredLine = OrderLineRow & { id: number };

/** Box state once the order reached each state. */
const BOX_STATE: Record<number, string> = {
  50: 'OVERSEA_RECEIVED',
  55: 'OVERSEA_RECEIVED',
  60: 'TRANSFERRING',
  70: 'TRANSFERRING',
  73: 'DOMESTIC_RECEIVED',
  75: 'DOMESTIC_RECEIVED',
  80: 'DELIVERING',
  90: 'SIGNED',
};

/** The express-tracking entry each order step writes: place, info. */
const BOX_LOG: Record<number, readonly [string, string]> = {
  50: ['Hamburg 汉堡海外仓', '海外仓已收货，部分到货'],
  55: ['Hamburg 汉堡海外仓', '海外仓已收货入库'],
  60: ['Frankfurt 法兰克福机场', '已出口，航班已起飞'],
  70: ['上海浦东国际机场', '已进口，清关完成'],
  73: ['上海 国内仓', '国内仓已收货，部分到货'],
  75: ['上海 国内仓', '国内仓已收货入库'],
  80: ['上海 国内仓', '顺丰已揽收，派送中'],
};

const digits = (rng: Random, n: number): string =>
  Array.from({ length: n }, () => String(rng.int(0, 9))).join('');

/** The boxes the supplier packed for an order at state 50 and on. Ids come from `nextBoxId`. */
export function buildLogistics(
  rng: Random,
  order: OrderRow,
  lines: readonly StoredLine[],
  facts: ReadonlyMap<number, ProductFacts>,
  buyerCity: string | null,
  nextBoxId: () => number,
): { boxes: BoxRow[]; lines: BoxLineRow[]; logs: BoxLogRow[] } {
  const empty = { boxes: [], lines: [], logs: [] };
  const code = order.state;
  const boxState = BOX_STATE[code];
  if (!boxState) return empty;
  const kept = lines.filter((l) => !l.deleted && l.quoteState === 'QUOTED');
  // Partly received at the overseas warehouse: only the first half of the lines is boxed yet.
  const boxed = code === 50 ? kept.slice(0, Math.max(1, Math.ceil(kept.length / 2))) : kept;
  if (boxed.length === 0) return empty;
  const steps = (order.stateLog ?? [])
    .map((s) => ({ code: Number(s.state), ms: Date.parse(s.time) }))
    .filter((s) => s.code >= 50);
  const firstMs = steps[0]?.ms ?? Date.parse(order.createTime);
  const rate = Number(order.exchangeRate ?? 7.8);
  const boxCount = Math.min(boxed.length, rng.int(1, 3));
  const result: { boxes: BoxRow[]; lines: BoxLineRow[]; logs: BoxLogRow[] } = {
    boxes: [],
    lines: [],
    logs: [],
  };
  const international = code >= 60;
  const domestic = code >= 80;
  for (let b = 0; b < boxCount; b++) {
    const id = nextBoxId();
    const ofBox = boxed.filter((_, i) => i % boxCount === b);
    let gross = 0;
    let net = 0;
    ofBox.forEach((line, position) => {
      const fact = line.productId ? facts.get(line.productId) : undefined;
      const unitNet = rng.int(40, 3500) / 1000;
      const lineNet = Math.round(unitNet * (line.qty ?? 1) * 1000) / 1000;
      const lineGross = Math.round(lineNet * (1.05 + rng.next() * 0.15) * 1000) / 1000;
      gross += lineGross;
      net += lineNet;
      const hs = fact?.hsCode ?? null;
      result.lines.push({
        boxId: id,
        orderLineId: line.id,
        position,
        qty: line.qty ?? 1,
        grossWeight: kg(lineGross),
        netWeight: kg(lineNet),
        customsCodeDe: hs ? `${hs.slice(0, 8)}000` : null,
        customsCodeCn: hs,
        originCountry: fact?.origin ?? null,
        // The supplier's European purchase price, without tax, in EUR.
        priceUnit: money(roundTo((Number(line.priceUnit ?? 0) / rate) * (0.7 + rng.next() * 0.1))),
      });
    });
    const grossKg = Math.round(gross * 1000) / 1000;
    result.boxes.push({
      id,
      orderId: order.id,
      position: b,
      boxType: grossKg > 30 ? 'PALLET' : 'CARTON',
      boxName: `${order.name}-${b + 1}`,
      state: boxState,
      currency: 'EUR',
      deliveryCompany: domestic ? '顺丰速运' : international ? 'DHL Express' : null,
      trackingNo: domestic ? `SF${digits(rng, 13)}` : international ? digits(rng, 10) : null,
      grossWeight: kg(grossKg),
      netWeight: kg(Math.round(net * 1000) / 1000),
      extraWeight: international ? kg(rng.int(300, 2500) / 1000) : null,
      createTime: new Date(firstMs - rng.int(1, 6) * HOUR_MS).toISOString(),
    });
    for (const step of steps) {
      const entry = step.code === 90 ? [buyerCity ?? '收货地', '已签收'] : BOX_LOG[step.code];
      if (!entry) continue;
      result.logs.push({
        boxId: id,
        time: new Date(step.ms + b * 60_000).toISOString(),
        place: entry[0] ?? null,
        info: entry[1] ?? '',
      });
    }
  }
  return result;
}

/**
 * The invoice of an invoiced order (supplier invoice state INVOICE: every line; PARTIAL: the first
 * half of them), issued before `anchorMs`, with its 顺丰 mailing and progress log.
 */
export function buildInvoice(
  rng: Random,
  order: OrderRow,
  lines: readonly StoredLine[],
  buyerCity: string | null,
  anchorMs: number,
  id: number,
  number: string,
): { invoice: InvoiceRow; lines: InvoiceLineRow[]; logs: InvoiceLogRow[] } | null {
  if (order.invoiceState !== 'INVOICE' && order.invoiceState !== 'PARTIAL') return null;
  const kept = lines.filter((l) => !l.deleted && l.quoteState === 'QUOTED');
  if (kept.length === 0) return null;
  const partial = order.invoiceState === 'PARTIAL';
  const billed = partial && kept.length > 1 ? kept.slice(0, Math.ceil(kept.length / 2)) : kept;
  const invoiceLineRows: InvoiceLineRow[] = billed.map((line, position) => {
    const full = line.qty ?? 1;
    const qty = partial && kept.length === 1 && full > 1 ? Math.floor(full / 2) : full;
    const taxedUnit = Number(line.taxedPriceUnit ?? 0);
    const priceUnit = Number(line.priceUnit ?? roundTo(taxedUnit / (1 + TAX_RATE)));
    return {
      invoiceId: id,
      orderId: order.id,
      orderLineId: line.id,
      position,
      qty,
      priceUnit: money(priceUnit),
      taxedPriceUnit: money(taxedUnit),
      amount: money(multiplyRound(priceUnit, qty)),
      taxedAmount: money(multiplyRound(taxedUnit, qty)),
    };
  });
  const sum = (key: 'amount' | 'taxedAmount') =>
    roundTo(invoiceLineRows.reduce((s, l) => s + Number(l[key]), 0));
  const lastMs = Date.parse(order.stateChangeTime ?? order.createTime);
  const signedMs = Date.parse(order.createTime);
  const createdMs = Math.max(signedMs + HOUR_MS, lastMs - rng.int(6, 72) * HOUR_MS);
  const steps: Array<[number, string, string]> = [
    [createdMs, '上海', '发票已开具'],
    [createdMs + rng.int(4, 20) * HOUR_MS, '上海', `${INVOICE_DELIVERY_COMPANY}已揽收，发票已寄出`],
    [createdMs + DAY_MS + rng.int(2, 10) * HOUR_MS, '转运中心', '运输中'],
    [createdMs + 2 * DAY_MS + rng.int(2, 10) * HOUR_MS, buyerCity ?? '收件地', '已签收'],
  ];
  const happened = steps.filter(([ms]) => ms < anchorMs);
  const state = happened.length >= 4 ? 'SIGNED' : happened.length >= 2 ? 'MAILED' : 'CREATED';
  return {
    invoice: {
      id,
      companyId: order.companyId,
      supplierCompanyId: order.supplierCompanyId,
      number,
      state,
      invoiceDate: shanghaiDay(createdMs),
      currency: order.currency ?? 'CNY',
      taxRate: TAX_RATE.toFixed(4),
      taxedAmount: money(sum('taxedAmount')),
      untaxedAmount: money(sum('amount')),
      deliveryCompany: INVOICE_DELIVERY_COMPANY,
      trackingNo: `SF${digits(rng, 13)}`,
      createTime: new Date(createdMs).toISOString(),
    },
    lines: invoiceLineRows,
    logs: happened.map(([ms, location, remark]) => ({
      invoiceId: id,
      createTime: new Date(ms).toISOString(),
      location,
      remark,
    })),
  };
}

/** Distinct 8-digit invoice numbers (as on Chinese VAT invoices). */
export function invoiceNumbers(rng: Random, count: number, taken: ReadonlySet<string> = new Set()) {
  const numbers = new Set<string>();
  while (numbers.size < count) {
    const n = String(rng.int(10_000_000, 99_999_999));
    if (!taken.has(n)) numbers.add(n);
  }
  return [...numbers];
}

/** Product facts of the products these documents name (customs names, HS codes, brand country). */
export async function loadProductFacts(
  tx: Tx,
  productIds: readonly number[],
): Promise<Map<number, ProductFacts>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: products.id,
      chineseName: products.customsName,
      hsCode: products.hsCode,
      origin: brands.country,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
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
  return docs.flatMap((doc) => (doc.order ? addOrderDocumentInfo(rng, doc, facts, index++) : []));
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
    const invoice = buildInvoice(rng, order, lines, city, anchorMs, invoiceRows.length + 1, number);
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
