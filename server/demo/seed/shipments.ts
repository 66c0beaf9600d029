// The generators of an order's logistics boxes (with lines, weights, customs codes, origins,
// tracking numbers and express-tracking logs) and of its invoices (with lines and progress logs).
// Pure but for loadProductFacts, and shared: the demo and bulk seeds
// (orderDocuments.ts) build the boxes and invoices an order at its state already has; the supplier
// simulator (server/demo/sim/orderDocuments.ts) packs, moves and invoices them as it moves the order.

import { eq, inArray } from 'drizzle-orm';
import { multiplyRound, roundTo } from '../../../src/domain/documents/amounts';
import { INVOICE_DELIVERY_COMPANY } from '../../../src/domain/documents/reportContent';
import type { Tx } from '../../db/database';
import type {
  invoiceLines,
  invoiceLogs,
  invoices,
  logisticsBoxes,
  logisticsBoxLines,
  logisticsLogs,
} from '../../db/schema/index';
import { brands, products } from '../../db/schema/index';
import type { OrderLineRow, OrderRow } from './documents';
import type { Random } from './random';
import { DAY_MS, shanghaiDay } from './timeline';

export const HOUR_MS = 3_600_000;
export const TAX_RATE = 0.13;

export const money = (n: number): string => n.toFixed(2);
const kg = (n: number): string => n.toFixed(3);
const digits = (rng: Random, n: number): string =>
  Array.from({ length: n }, () => String(rng.int(0, 9))).join('');

/** Catalogue facts of a product the documents print: customs names and codes, origin. */
export type ProductFacts = {
  chineseName: string | null;
  hsCode: string | null;
  /** Brand country: the origin country on the stock-out list. */
  origin: string | null;
};

export type BoxRow = typeof logisticsBoxes.$inferInsert & { id: number };
export type BoxLineRow = typeof logisticsBoxLines.$inferInsert;
export type BoxLogRow = typeof logisticsLogs.$inferInsert;
export type InvoiceRow = typeof invoices.$inferInsert & { id: number };
export type InvoiceLineRow = typeof invoiceLines.$inferInsert;
export type InvoiceLogRow = typeof invoiceLogs.$inferInsert;
export type Packed = { boxes: BoxRow[]; lines: BoxLineRow[]; logs: BoxLogRow[] };

/** An order line as stored (with its id), for boxes and invoices. */
export type StoredLine = OrderLineRow & { id: number };

/** The lines documents print and the supplier ships: quoted, not deleted. */
export const shippedLines = (lines: readonly StoredLine[]): StoredLine[] =>
  lines.filter((l) => !l.deleted && l.quoteState === 'QUOTED');

/** Box state once the order reached each state. */
export const BOX_STATE: Readonly<Record<number, string>> = {
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
const BOX_LOG: Readonly<Record<number, readonly [string, string]>> = {
  50: ['Hamburg 汉堡海外仓', '海外仓已收货，部分到货'],
  55: ['Hamburg 汉堡海外仓', '海外仓已收货入库'],
  60: ['Frankfurt 法兰克福机场', '已出口，航班已起飞'],
  70: ['上海浦东国际机场', '已进口，清关完成'],
  73: ['上海 国内仓', '国内仓已收货，部分到货'],
  75: ['上海 国内仓', '国内仓已收货入库'],
  80: ['上海 国内仓', '顺丰已揽收，派送中'],
};

/** The tracking entry (place, info) of the order reaching `code`; null for a step without one. */
export function boxLogEntry(
  code: number,
  buyerCity: string | null,
): readonly [string, string] | null {
  if (code === 90) return [buyerCity ?? '收货地', '已签收'];
  return BOX_LOG[code] ?? null;
}

/** Carrier from state 60 (DHL, abroad) and 80 (顺丰速运, at home); none before. */
export function carrierOf(code: number): 'DHL Express' | '顺丰速运' | null {
  if (code >= 80) return '顺丰速运';
  return code >= 60 ? 'DHL Express' : null;
}

/** A tracking number of the carrier: 顺丰 SF + 13 digits, DHL 10 digits. */
export function trackingNumber(rng: Random, carrier: 'DHL Express' | '顺丰速运'): string {
  return carrier === '顺丰速运' ? `SF${digits(rng, 13)}` : digits(rng, 10);
}

/** Packing weight added at dispatch (from state 60 on). */
export const extraWeight = (rng: Random): string => kg(rng.int(300, 2500) / 1000);

export type PackOptions = {
  /** The order's state: the boxes' state, carrier and tracking number. */
  code: number;
  /** The order steps the boxes' tracking logs tell (state code, epoch ms). */
  steps: ReadonlyArray<{ code: number; ms: number }>;
  /** When the order reached its first shipping state: the boxes were packed just before. */
  firstMs: number;
  /** Boxes the order has already (the new ones are numbered after them). */
  firstPosition: number;
  buyerCity: string | null;
};

/** Packs `boxed` lines into 1–3 boxes. Ids come from `nextBoxId`. */
export function packBoxes(
  rng: Random,
  order: OrderRow,
  boxed: readonly StoredLine[],
  facts: ReadonlyMap<number, ProductFacts>,
  nextBoxId: () => number,
  options: PackOptions,
): Packed {
  const result: Packed = { boxes: [], lines: [], logs: [] };
  const boxState = BOX_STATE[options.code];
  if (!boxState || boxed.length === 0) return result;
  const rate = Number(order.exchangeRate ?? 7.8);
  const taxRate = Number(order.taxRate ?? TAX_RATE);
  const boxCount = Math.min(boxed.length, rng.int(1, 3));
  const carrier = carrierOf(options.code);
  for (let b = 0; b < boxCount; b++) {
    const id = nextBoxId();
    const position = options.firstPosition + b;
    const ofBox = boxed.filter((_, i) => i % boxCount === b);
    let gross = 0;
    let net = 0;
    ofBox.forEach((line, linePosition) => {
      const fact = line.productId ? facts.get(line.productId) : undefined;
      const unitNet = rng.int(40, 3500) / 1000;
      const lineNet = Math.round(unitNet * (line.qty ?? 1) * 1000) / 1000;
      const lineGross = Math.round(lineNet * (1.05 + rng.next() * 0.15) * 1000) / 1000;
      gross += lineGross;
      net += lineNet;
      const hs = fact?.hsCode ?? null;
      // Lines of orders the API made carry only the taxed price: the untaxed one is derived.
      const untaxedUnit = Number(
        line.priceUnit ?? roundTo(Number(line.taxedPriceUnit ?? 0) / (1 + taxRate)),
      );
      result.lines.push({
        boxId: id,
        orderLineId: line.id,
        position: linePosition,
        qty: line.qty ?? 1,
        grossWeight: kg(lineGross),
        netWeight: kg(lineNet),
        customsCodeDe: hs ? `${hs.slice(0, 8)}000` : null,
        customsCodeCn: hs,
        originCountry: fact?.origin ?? null,
        // The supplier's European purchase price, without tax, in EUR.
        priceUnit: money(roundTo((untaxedUnit / rate) * (0.7 + rng.next() * 0.1))),
      });
    });
    const grossKg = Math.round(gross * 1000) / 1000;
    result.boxes.push({
      id,
      orderId: order.id,
      position,
      boxType: grossKg > 30 ? 'PALLET' : 'CARTON',
      boxName: `${order.name}-${position + 1}`,
      state: boxState,
      currency: 'EUR',
      deliveryCompany: carrier,
      trackingNo: carrier ? trackingNumber(rng, carrier) : null,
      grossWeight: kg(grossKg),
      netWeight: kg(Math.round(net * 1000) / 1000),
      extraWeight: options.code >= 60 ? extraWeight(rng) : null,
      createTime: new Date(options.firstMs - rng.int(1, 6) * HOUR_MS).toISOString(),
    });
    for (const step of options.steps) {
      const entry = boxLogEntry(step.code, options.buyerCity);
      if (!entry) continue;
      result.logs.push({
        boxId: id,
        time: new Date(step.ms + b * 60_000).toISOString(),
        place: entry[0],
        info: entry[1],
      });
    }
  }
  return result;
}

/** The boxes the supplier packed for an order at state 50 and on (the seed's view of its past). */
export function buildLogistics(
  rng: Random,
  order: OrderRow,
  lines: readonly StoredLine[],
  facts: ReadonlyMap<number, ProductFacts>,
  buyerCity: string | null,
  nextBoxId: () => number,
): Packed {
  const code = order.state;
  if (!BOX_STATE[code]) return { boxes: [], lines: [], logs: [] };
  const kept = shippedLines(lines);
  // Partly received at the overseas warehouse: only the first half of the lines is boxed yet.
  const boxed = code === 50 ? kept.slice(0, Math.max(1, Math.ceil(kept.length / 2))) : kept;
  const steps = (order.stateLog ?? [])
    .map((s) => ({ code: Number(s.state), ms: Date.parse(s.time) }))
    .filter((s) => s.code >= 50);
  const firstMs = steps[0]?.ms ?? Date.parse(order.createTime);
  return packBoxes(rng, order, boxed, facts, nextBoxId, {
    code,
    steps,
    firstMs,
    firstPosition: 0,
    buyerCity,
  });
}

/** An invoice's progress entries in order (location, remark); the last one is its signing. */
export function invoiceSteps(buyerCity: string | null): ReadonlyArray<readonly [string, string]> {
  return [
    ['上海', '发票已开具'],
    ['上海', `${INVOICE_DELIVERY_COMPANY}已揽收，发票已寄出`],
    ['转运中心', '运输中'],
    [buyerCity ?? '收件地', '已签收'],
  ];
}

/** The invoice's state after `entries` progress entries: CREATED, MAILED, SIGNED. */
export const invoiceStateAfter = (entries: number): string =>
  entries >= 4 ? 'SIGNED' : entries >= 2 ? 'MAILED' : 'CREATED';

export type InvoiceTiming = {
  /** Entries up to (not including) this instant are in the log. */
  anchorMs: number;
  /** When the invoice was issued; default a few hours to days before the order's last change. */
  createdMs?: number;
};

/**
 * An invoice of an invoiced order (supplier invoice state INVOICE: every line passed; PARTIAL: the
 * first half of them), with its 顺丰 mailing and progress log.
 */
export function buildInvoice(
  rng: Random,
  order: OrderRow,
  lines: readonly StoredLine[],
  buyerCity: string | null,
  timing: InvoiceTiming,
  id: number,
  number: string,
): { invoice: InvoiceRow; lines: InvoiceLineRow[]; logs: InvoiceLogRow[] } | null {
  if (order.invoiceState !== 'INVOICE' && order.invoiceState !== 'PARTIAL') return null;
  const kept = shippedLines(lines);
  if (kept.length === 0) return null;
  const taxRate = Number(order.taxRate ?? TAX_RATE);
  const partial = order.invoiceState === 'PARTIAL';
  const billed = partial && kept.length > 1 ? kept.slice(0, Math.ceil(kept.length / 2)) : kept;
  const invoiceLineRows: InvoiceLineRow[] = billed.map((line, position) => {
    const full = line.qty ?? 1;
    const qty = partial && kept.length === 1 && full > 1 ? Math.floor(full / 2) : full;
    const taxedUnit = Number(line.taxedPriceUnit ?? 0);
    const priceUnit = Number(line.priceUnit ?? roundTo(taxedUnit / (1 + taxRate)));
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
  const createdMs =
    timing.createdMs ?? Math.max(signedMs + HOUR_MS, lastMs - rng.int(6, 72) * HOUR_MS);
  const offsets = [
    0,
    rng.int(4, 20) * HOUR_MS,
    DAY_MS + rng.int(2, 10) * HOUR_MS,
    2 * DAY_MS + rng.int(2, 10) * HOUR_MS,
  ];
  const happened = invoiceSteps(buyerCity)
    .map((step, i) => ({ ms: createdMs + (offsets[i] ?? 0), step }))
    .filter(({ ms }) => ms < timing.anchorMs);
  return {
    invoice: {
      id,
      companyId: order.companyId,
      supplierCompanyId: order.supplierCompanyId,
      number,
      state: invoiceStateAfter(happened.length),
      invoiceDate: shanghaiDay(createdMs),
      currency: order.currency ?? 'CNY',
      taxRate: taxRate.toFixed(4),
      taxedAmount: money(sum('taxedAmount')),
      untaxedAmount: money(sum('amount')),
      deliveryCompany: INVOICE_DELIVERY_COMPANY,
      trackingNo: `SF${digits(rng, 13)}`,
      createTime: new Date(createdMs).toISOString(),
    },
    lines: invoiceLineRows,
    logs: happened.map(({ ms, step }) => ({
      invoiceId: id,
      createTime: new Date(ms).toISOString(),
      location: step[0],
      remark: step[1],
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
