// Builds the rows of one purchase sheet (and, past CONTRACT_SIGNED, its order) in a given state:
// product lines, the supplier's quote (prices, shipment periods, validity dates), VIP rebate,
// cancel reason, state logs, payment and invoice states. Pure: ids, parties and the catalogue come
// in, rows go out, so the demo, the bulk generator and the simulator share one set of rules.

import type { PaymentState, SupplierInvoiceState } from '../../../src/domain/finance/labels';
import {
  DEFAULT_PAYMENT_METHOD,
  type PaymentMethod,
} from '../../../src/domain/finance/paymentMethods';
import { roundMoney } from '../../../src/domain/format/money';
import type { OrderStateCode } from '../../../src/domain/orders/orderStates';
import type { SheetState } from '../../../src/domain/purchase/sheetStates';
import type { orderLines, orders, sheetLines, sheets } from '../../db/schema/index';
import { moneyText, type VipCompany, vipUse } from '../../purchasing/sheetVip';
import { quoteLines } from './quotes';
import type { Random } from './random';
import {
  DAY_MS,
  isQuotedState,
  isSupplierStep,
  orderCodeOfSheetState,
  shanghaiDay,
  sheetHistory,
} from './timeline';

export type SheetRow = typeof sheets.$inferInsert & {
  id: number;
  state: SheetState;
  createTime: string;
};
export type SheetLineRow = typeof sheetLines.$inferInsert;
export type OrderRow = typeof orders.$inferInsert & {
  id: number;
  state: number;
  createTime: string;
};
export type OrderLineRow = typeof orderLines.$inferInsert;

export type CatalogProduct = {
  /** Null for a product typed freely by the buyer (not in the catalogue). */
  id: number | null;
  model: string;
  articleNo: string;
  description: string | null;
  isCcc: boolean;
  urlPath: string | null;
  tariff: string | null;
  /** List price in CNY incl. tax, around which quotes vary. */
  price: number;
};
/** A brand with the products a buyer would order (EXIST, no replacement). */
export type CatalogBrand = { id: number | null; name: string; products: CatalogProduct[] };

export type Person = { id: number; name: string };

export type Parties = {
  companyId: number;
  supplierCompanyId: number;
  salesContact: Person;
  /** The buyer's VIP terms (rebate use is planned when the order is placed). */
  vip: VipCompany | null;
};

export type Finance = { inbound: PaymentState; invoice: SupplierInvoiceState };

/** A sheet to build; ids are given afterwards (assignIds), once the rows can be put in order. */
export type DocumentPlan = {
  /** Past CONTRACT_SIGNED (orderCodeOfSheetState ≠ null) the sheet comes with its order. */
  state: SheetState;
  brand: CatalogBrand;
  owner: Person;
  /** Put a 3C product on the sheet (quoted as CCC, which refuses ordering). */
  ccc?: boolean;
  /** Quote so long ago that the validity ended 180+ days back (the detail's warning). */
  staleValidity?: boolean;
  finance?: Finance;
  /** The sheet's current state is at most this old (default 120 days). */
  maxAgeDays?: number;
};

export type BuiltDocument = {
  sheet: SheetRow;
  lines: SheetLineRow[];
  order: OrderRow | null;
  orderLines: OrderLineRow[];
};

const iso = (ms: number): string => new Date(ms).toISOString();
const compactDay = (ms: number): string => shanghaiDay(ms).replaceAll('-', '');

/**
 * The purchase number users read, in the API's format (XJ + yyyyMMdd in Shanghai + 6 digits), with
 * the sheet id as the digits: unique by the id, and never equal to a number the API hands out
 * later (its daily sequence continues after the highest number of the day).
 */
export const sheetNumber = (id: number, createdMs: number): string =>
  `XJ${compactDay(createdMs)}${String(id).padStart(6, '0')}`;
/** The order number: PO + yyyyMMdd of signing + the order id. */
export const orderNumber = (id: number, signedMs: number): string =>
  `PO${compactDay(signedMs)}${String(id).padStart(6, '0')}`;

const CANCEL_REASONS = [
  '项目取消，暂不采购',
  '已从其他渠道采购',
  '价格超出预算',
  '交货期太长，无法满足生产计划',
];
const REMARKS = ['请尽快报价，产线急用', '需要原厂质保和报关单', '含税含运费', '可接受替代型号'];

/** Payment (supplier inbound) and invoice states an order in each state plausibly has. */
export const FINANCE_BY_CODE: Readonly<Record<OrderStateCode, readonly Finance[]>> = {
  10: [
    { inbound: 'NO_RECEIPT', invoice: 'NO_INVOICE' },
    { inbound: 'PAYMENT_REQUESTED', invoice: 'NO_INVOICE' },
  ],
  20: [
    { inbound: 'PARTIAL_RECEIPT', invoice: 'NO_INVOICE' },
    { inbound: 'RECEIPTED', invoice: 'NO_INVOICE' },
  ],
  30: [
    { inbound: 'RECEIPTED', invoice: 'NO_INVOICE' },
    { inbound: 'PARTIAL_RECEIPT', invoice: 'NO_INVOICE' },
  ],
  40: [
    { inbound: 'RECEIPTED', invoice: 'NO_INVOICE' },
    { inbound: 'PARTIAL_RECEIPT', invoice: 'NO_INVOICE' },
  ],
  50: [
    { inbound: 'RECEIPTED', invoice: 'NO_INVOICE' },
    { inbound: 'PARTIAL_RECEIPT', invoice: 'PARTIAL' },
  ],
  55: [
    { inbound: 'RECEIPTED', invoice: 'NO_INVOICE' },
    { inbound: 'PARTIAL_RECEIPT', invoice: 'NO_INVOICE' },
  ],
  60: [
    { inbound: 'RECEIPTED', invoice: 'NO_INVOICE' },
    { inbound: 'PARTIAL_RECEIPT', invoice: 'PARTIAL' },
  ],
  70: [
    { inbound: 'RECEIPTED', invoice: 'PARTIAL' },
    { inbound: 'PARTIAL_RECEIPT', invoice: 'NO_INVOICE' },
  ],
  73: [
    { inbound: 'RECEIPTED', invoice: 'PARTIAL' },
    { inbound: 'PARTIAL_RECEIPT', invoice: 'NO_INVOICE' },
  ],
  75: [
    { inbound: 'RECEIPTED', invoice: 'PARTIAL' },
    { inbound: 'RECEIPTED', invoice: 'NO_INVOICE' },
  ],
  80: [
    { inbound: 'RECEIPTED', invoice: 'INVOICE' },
    { inbound: 'PARTIAL_RECEIPT', invoice: 'PARTIAL' },
  ],
  90: [
    { inbound: 'RECEIPTED', invoice: 'INVOICE' },
    { inbound: 'RECEIPTED', invoice: 'PARTIAL' },
  ],
  [-10]: [
    { inbound: 'REFUSED_RECEIPT', invoice: 'NO_INVOICE' },
    { inbound: 'NO_RECEIPT', invoice: 'NO_INVOICE' },
  ],
  [-20]: [
    { inbound: 'PARTIAL_REFUSED', invoice: 'NO_INVOICE' },
    { inbound: 'REFUSED_RECEIPT', invoice: 'NO_INVOICE' },
  ],
};

/** Payment and invoice states for an order that reached `code` (the simulator moves them along). */
export const financeFor = (rng: Random, code: OrderStateCode): Finance =>
  rng.pick(FINANCE_BY_CODE[code]);

/** What is still to pay: all of it, 70% after the 30% prepayment, or nothing. */
function unpaidAmount(total: number, inbound: PaymentState): number {
  if (inbound === 'RECEIPTED') return 0;
  if (inbound === 'PARTIAL_RECEIPT' || inbound === 'PARTIAL_REFUSED')
    return roundMoney(total * 0.7);
  return total;
}

export function buildDocument(
  rng: Random,
  parties: Parties,
  plan: DocumentPlan,
  anchorMs: number,
): BuiltDocument {
  const maxAgeMs = (plan.maxAgeDays ?? 120) * DAY_MS;
  const ageMs = plan.staleValidity
    ? rng.int(200, 240) * DAY_MS
    : rng.int(2 * 3_600_000, Math.max(maxAgeMs, 3 * 3_600_000));
  const history = sheetHistory(rng, plan.state, anchorMs, ageMs);
  const created = history[0]?.ms ?? anchorMs;
  const last = history.at(-1)?.ms ?? created;
  const quotedAt = history.find((step) => step.state === 'INQUIRY_REPLIED')?.ms ?? null;
  const refusedAt = history.find((step) => step.state === 'QUOTATION_REFUSE')?.ms ?? null;
  const code = orderCodeOfSheetState(plan.state);

  const { lines, total } = quoteLines(rng, plan.brand.products, {
    quotedAt: isQuotedState(plan.state) ? quotedAt : null,
    refusedAt,
    ccc: plan.ccc === true,
    staleValidity: plan.staleValidity === true,
    sheetId: 0,
    // A sheet that became an order was quoted without refusals worth showing on its order.
    forOrder: code !== null,
  });
  // As the API does: VIP rebate use is worked out when the order is placed (CONTRACT_AUDITING).
  const placedAt = history.find((step) => step.state === 'CONTRACT_AUDITING')?.ms ?? null;
  const vip =
    placedAt !== null && total !== null && parties.vip
      ? vipUse(parties.vip, total, placedAt)
      : null;
  const paymentMethod: PaymentMethod = rng.weighted([
    [DEFAULT_PAYMENT_METHOD, 6],
    ['THIRTY_SEVENTY_RATIO_PAYMENT', 2],
    ['INVOICE_PAYMENT', 2],
  ]);
  const cancelled = ['CANCELLED', 'CANCEL_REQUESTED', 'CANCEL_CONFIRMED'].includes(plan.state);
  const sheet: SheetRow = {
    id: 0,
    companyId: parties.companyId,
    name: '',
    state: plan.state,
    stateChangeTime: iso(last),
    stateLog: history.map((step) => ({
      state: step.state,
      time: iso(step.ms),
      by: isSupplierStep(step.state) ? parties.salesContact.name : plan.owner.name,
    })),
    brandId: plan.brand.id,
    brandName: plan.brand.name,
    ownerContactId: plan.owner.id,
    supplierCompanyId: parties.supplierCompanyId,
    paymentMethod,
    currency: 'CNY',
    taxedAmount: total === null ? null : moneyText(total),
    vipBalance: vip ? moneyText(vip.vip_balance) : null,
    vipRebate: vip ? moneyText(vip.vip_rebate) : null,
    vipTaxedAmount: vip ? moneyText(vip.vip_taxed_amount) : null,
    remark: rng.chance(0.35) ? rng.pick(REMARKS) : null,
    orderId: null,
    cancelReason: cancelled ? rng.pick(CANCEL_REASONS) : null,
    createTime: iso(created),
    writeTime: iso(last),
  };
  if (code === null) return { sheet, lines, order: null, orderLines: [] };

  const signedAt = history.find((step) => step.state === 'CONTRACT_SIGNED')?.ms ?? created;
  const orderSteps = history
    .map((step) => ({ code: orderCodeOfSheetState(step.state), ms: step.ms, state: step.state }))
    .filter(
      (step): step is { code: OrderStateCode; ms: number; state: SheetState } => step.code !== null,
    );
  const finance = plan.finance ?? financeFor(rng, code);
  const ordered = lines.filter(
    (line) => line.taxedAmount !== null && line.taxedAmount !== undefined,
  );
  const orderLineRows: OrderLineRow[] = ordered.map((line, index) => {
    const product = plan.brand.products.find((p) => p.id === line.productId);
    return {
      orderId: 0,
      position: index,
      productId: line.productId ?? null,
      productType: line.productType ?? null,
      productArticleNo: line.productArticleNo ?? null,
      shortDescription: line.shortDescription ?? null,
      urlPath: product?.urlPath ?? null,
      tariff: product?.tariff ?? null,
      qty: line.qty ?? 1,
      taxedPriceUnit: line.taxedPriceUnit ?? null,
      taxedAmount: line.taxedAmount ?? null,
    };
  });
  const orderTotal = total ?? 0;
  const toPay = roundMoney(orderTotal - (vip?.vip_rebate ?? 0));
  const longestShipment = Math.max(7, ...ordered.map((line) => line.shipmentPeriod ?? 0));
  const signedFor = code === 90 ? (orderSteps.at(-1)?.ms ?? last) : null;
  const order: OrderRow = {
    id: 0,
    companyId: parties.companyId,
    sheetId: null,
    name: '',
    inquiryNo: null,
    state: code,
    baseState: code === -20 ? 'CANCELLED' : null,
    stateChangeTime: iso(last),
    stateLog: orderSteps.map((step) => ({
      state: step.code,
      time: iso(step.ms),
      by: isSupplierStep(step.state) ? parties.salesContact.name : plan.owner.name,
    })),
    forecastReceiveDate: code < 0 ? null : shanghaiDay(signedAt + (longestShipment + 7) * DAY_MS),
    unpaidAmount: moneyText(unpaidAmount(toPay, finance.inbound)),
    brandId: plan.brand.id,
    brandName: plan.brand.name,
    ownerContactId: plan.owner.id,
    supplierCompanyId: parties.supplierCompanyId,
    supplierContactId: parties.salesContact.id,
    supplierQuotationNo: `BJ${compactDay(quotedAt ?? signedAt)}${String(rng.int(1, 9999)).padStart(4, '0')}`,
    paymentMethod,
    currency: 'CNY',
    taxedAmount: moneyText(orderTotal),
    inboundState: finance.inbound,
    invoiceState: finance.invoice,
    signTime: signedFor === null ? null : iso(signedFor),
    createTime: iso(signedAt),
    writeTime: iso(last),
  };
  return { sheet, lines, order, orderLines: orderLineRows };
}

/**
 * Gives the built rows their ids, numbers and links. `sheetId` null keeps only the order (its
 * sheet is not stored, so the order has no inquiry number).
 */
export function assignIds(
  doc: BuiltDocument,
  ids: { sheetId: number | null; orderId: number | null },
): BuiltDocument {
  const { sheet, order } = doc;
  if (ids.sheetId !== null) {
    sheet.id = ids.sheetId;
    sheet.name = sheetNumber(ids.sheetId, Date.parse(sheet.createTime));
    for (const line of doc.lines) line.sheetId = ids.sheetId;
  }
  if (order) {
    if (ids.orderId === null) throw new Error('assignIds: an order state needs an order id');
    order.id = ids.orderId;
    order.name = orderNumber(ids.orderId, Date.parse(order.createTime));
    order.sheetId = ids.sheetId;
    order.inquiryNo = ids.sheetId === null ? null : sheet.name;
    sheet.orderId = ids.orderId;
    for (const line of doc.orderLines) line.orderId = ids.orderId;
  }
  return doc;
}
