// What the order detail's logistics and invoice panels show, from the synced order row:
// each box with its lines (matched to the order's lines) and its express-tracking log,
// each invoice with its progress log; logs newest first, times in the user's zone.

import { type LineExclusion, lineExclusion } from '../documents/excludedLines';
import { INVOICE_DELIVERY_COMPANY, type ReportLineFlags } from '../documents/reportContent';
import { formatDateTime, toEpochMs } from '../format/date';
import { formatMoney, roundMoney, WEIGHT_DECIMALS } from '../format/money';
import {
  BOX_TYPES,
  INVOICE_STATUSES,
  LOGISTICS_BOX_STATES,
  LOGISTICS_LABELS,
} from './logisticsLabels';

/** The fields of a synced order line (src/contract/feedRows.ts OrderRow) these views read. */
export interface OrderLine extends ReportLineFlags {
  id: number;
  type_article_no?: string | null;
  product_name?: string | null;
  product: { product_type: string | null; product_article_no: string | null };
}

interface Log {
  time: string;
  place: string | null;
  info: string;
}

/** The boxes and invoices of a synced order, as far as the panels read them. */
export interface LogisticsOrder {
  order_product_list: readonly OrderLine[];
  logistics?: ReadonlyArray<{
    id: number;
    box_type: string;
    box_name: string;
    state: string;
    delivery_company: string | null;
    tracking_no: string | null;
    gross_weight: number | null;
    net_weight: number | null;
    extra_weight: number | null;
    box_lines: ReadonlyArray<{ id: number; order_product_id: number | null; qty: number }>;
    logs: readonly Log[];
  }>;
  invoices?: ReadonlyArray<{
    id: number;
    number: string;
    state: string;
    invoice_date: string;
    currency: string;
    taxed_amount: number;
    untaxed_amount: number;
    tracking_no: string | null;
    logs: ReadonlyArray<{ create_time: string; location: string | null; remark: string }>;
  }>;
}

export interface LogEntry {
  key: string;
  /** YYYY-MM-DD HH:mm in the user's zone. */
  time: string;
  place: string;
  info: string;
}

export interface BoxLineView {
  id: number;
  product: string;
  qty: number;
  /** Set when the order line is left out of documents (its box line is not printed either). */
  exclusion: LineExclusion | null;
}

export interface BoxView {
  id: number;
  name: string;
  type: string;
  state: string;
  deliveryCompany: string;
  trackingNo: string;
  grossWeight: string;
  netWeight: string;
  /** Null when the box has none. */
  extraWeight: string | null;
  lines: BoxLineView[];
  logs: LogEntry[];
}

export interface InvoiceView {
  id: number;
  number: string;
  state: string;
  date: string;
  taxedAmount: string;
  untaxedAmount: string;
  deliveryCompany: string;
  trackingNo: string;
  logs: LogEntry[];
}

/** '11.500 kg' (3 decimals, as the spec gives weights); '—' when absent. */
export function formatKg(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return LOGISTICS_LABELS.EMPTY;
  }
  return `${roundMoney(value, WEIGHT_DECIMALS).toFixed(WEIGHT_DECIMALS)} kg`;
}

const orText = (value: string | null | undefined): string =>
  value?.trim() ? value.trim() : LOGISTICS_LABELS.EMPTY;

/** Newest first; entries without a readable time go last, ties keep their order. */
export function newestFirst<T>(entries: readonly T[], timeOf: (entry: T) => string): T[] {
  const at = (entry: T) => toEpochMs(timeOf(entry)) ?? Number.NEGATIVE_INFINITY;
  return [...entries].sort((a, b) => {
    const [x, y] = [at(a), at(b)];
    return x === y ? 0 : y > x ? 1 : -1;
  });
}

/** The order line as the documents name it: model / order number, else its product name. */
export function orderLineProduct(line: OrderLine | undefined): string {
  if (!line) return LOGISTICS_LABELS.UNKNOWN_PRODUCT;
  const model = [line.product.product_type, line.product.product_article_no]
    .filter((p) => p?.trim())
    .join(' / ');
  return (
    line.type_article_no?.trim() || model || line.product_name?.trim() || LOGISTICS_LABELS.EMPTY
  );
}

export function boxViews(order: LogisticsOrder, timeZone: string): BoxView[] {
  const lines = new Map(order.order_product_list.map((l) => [l.id, l]));
  return (order.logistics ?? []).map((box) => ({
    id: box.id,
    name: box.box_name,
    type: BOX_TYPES.label(box.box_type),
    state: LOGISTICS_BOX_STATES.label(box.state),
    deliveryCompany: orText(box.delivery_company),
    trackingNo: orText(box.tracking_no),
    grossWeight: formatKg(box.gross_weight),
    netWeight: formatKg(box.net_weight),
    extraWeight: box.extra_weight ? formatKg(box.extra_weight) : null,
    lines: box.box_lines.map((l) => {
      const line = l.order_product_id === null ? undefined : lines.get(l.order_product_id);
      return {
        id: l.id,
        product: orderLineProduct(line),
        qty: l.qty,
        exclusion: line ? lineExclusion(line) : null,
      };
    }),
    logs: newestFirst(box.logs, (log) => log.time).map((log, i) => ({
      key: `${log.time}-${i}`,
      time: formatDateTime(log.time, timeZone),
      place: orText(log.place),
      info: log.info,
    })),
  }));
}

export function invoiceViews(order: LogisticsOrder, timeZone: string): InvoiceView[] {
  return (order.invoices ?? []).map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    state: INVOICE_STATUSES.label(invoice.state),
    date: orText(invoice.invoice_date),
    taxedAmount: formatMoney(invoice.taxed_amount, invoice.currency),
    untaxedAmount: formatMoney(invoice.untaxed_amount, invoice.currency),
    // The spec names 顺丰 as the invoices' delivery company, as the invoice document prints.
    deliveryCompany: INVOICE_DELIVERY_COMPANY,
    trackingNo: orText(invoice.tracking_no),
    logs: newestFirst(invoice.logs, (log) => log.create_time).map((log, i) => ({
      key: `${log.create_time}-${i}`,
      time: formatDateTime(log.create_time, timeZone),
      place: orText(log.location),
      info: log.remark,
    })),
  }));
}
