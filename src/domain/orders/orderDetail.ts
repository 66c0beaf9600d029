// What the order detail shows (purchasing-core §2.4, §3 "Order (detail)", §4.4, §9): the purchase
// number, the invoice and payment tags, the product table's columns and prices, and the page's own
// words (ours: the spec gives the labels in English). Public website links: ../catalog/publicLinks.

import {
  DETAIL_PAYMENT_STATES,
  ORDER_INVOICE_STATES,
  PAYMENT_STATES,
  SUPPLIER_INVOICE_STATES,
} from '../finance/labels';
import { formatMoneyAbs, type NumericInput } from '../format/money';

export const ORDER_DETAIL_LABELS = {
  ORDERS: '订单',
  PURCHASES: '采购单',
  PURCHASE_NUMBER: '采购单号',
  BRAND: '品牌',
  INVOICE_STATE: '开票状态',
  PAYMENT_STATE: '付款状态',
  FORECAST_RECEIVE_DATE: '预计到货日期',
  UNPAID_AMOUNT: '未付金额',
  TAXED_TOTAL: '含税总额',
  PRODUCTS: '产品明细',
  PROGRESS: '订单进度',
  NO_DATE: '—',
  NO_PRODUCTS: '该订单没有产品',
  NOT_FOUND: '本机没有找到该订单',
  NOT_FOUND_ONLINE: '订单可能还没有同步到本机，请稍候片刻再打开',
  NOT_FOUND_OFFLINE: '当前离线，联网同步后可再次打开',
  BACK_TO_LIST: '返回订单列表',
  BRAND_SITE: '打开品牌官网',
} as const;

/** Product table columns (§2.4) in display order, with their headers. */
export const ORDER_PRODUCT_COLUMNS = [
  ['index', '序号'],
  ['productType', '型号'],
  ['articleNo', '订货号'],
  ['parameters', '参数'],
  ['qty', '数量'],
  ['unitPrice', '含税单价'],
  ['total', '含税总价'],
] as const;

/** "PO20250109000001（XJ20250101000003）": the order number with the inquiry it came from. */
export function purchaseNumberText(name: string, inquiryNo: string | null | undefined): string {
  const inquiry = inquiryNo?.trim();
  return inquiry ? `${name}（${inquiry}）` : name;
}

/**
 * The payment tag: the supplier node's inbound state read as the buyer's payment. States the
 * spec marks "list only" (requested, partly refused) have no detail tag, so none is shown.
 */
export function orderPaymentTag(inboundState: string | null | undefined): string | null {
  if (!inboundState) return null;
  if (!(DETAIL_PAYMENT_STATES as readonly string[]).includes(inboundState)) {
    return PAYMENT_STATES.is(inboundState) ? null : inboundState;
  }
  return PAYMENT_STATES.label(inboundState);
}

/** The invoice tag: the supplier's invoice codes, or the order invoice codes a server may send. */
export function orderInvoiceTag(invoiceState: string | null | undefined): string | null {
  if (!invoiceState) return null;
  if (SUPPLIER_INVOICE_STATES.is(invoiceState)) return SUPPLIER_INVOICE_STATES.label(invoiceState);
  return ORDER_INVOICE_STATES.label(invoiceState);
}

export interface OrderLinePrices {
  supplier_order_node_line?: { taxed_price_unit?: NumericInput } | null;
}

/** The line's tax-inclusive unit price, without sign like its total (credit lines arrive negative). */
export function formatOrderLineUnitPrice(line: OrderLinePrices, currency?: string | null): string {
  return formatMoneyAbs(line.supplier_order_node_line?.taxed_price_unit, currency);
}
