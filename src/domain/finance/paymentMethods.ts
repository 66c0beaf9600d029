// Payment methods and terms (purchasing-core §4.5, settings-messaging-shared §3 "Enumerations",
// §4 "Payment terms", §9), plus the finance-side status sets of settings-messaging-shared §3. The terms texts put
// §4.5 into Chinese; every label here is ours, as the specs give English meanings only
// (docs/decisions.md).

import { labelSet } from '../codeLabels';

export const PAYMENT_METHODS = [
  'UNKNOW',
  'THIRTY_SEVENTY_RATIO_PAYMENT',
  'ADVANCE_PAYMENT',
  'INVOICE_PAYMENT_WITH_DISCOUNT',
  'INVOICE_PAYMENT',
  'ADVANCE_PAYMENT_BEFORE_DELIVERY',
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A new purchase sheet pays in advance unless the user picks otherwise. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'ADVANCE_PAYMENT';

/** The three terms §4.5 spells out. */
export const PAYMENT_TERMS_TEXT = {
  earnest: '合同签订后3天内预付30%货款，到货通知后3天内支付70%尾款',
  advance: '合同签订后3天内预付100%货款',
  invoiced: '收到货物和发票后3个工作日内支付全部货款',
} as const;

export const PAYMENT_METHOD_INFO: Record<PaymentMethod, { label: string; terms: string | null }> = {
  UNKNOW: { label: '未知', terms: null },
  THIRTY_SEVENTY_RATIO_PAYMENT: { label: '30%预付，70%尾款', terms: PAYMENT_TERMS_TEXT.earnest },
  ADVANCE_PAYMENT: { label: '100%预付款', terms: PAYMENT_TERMS_TEXT.advance },
  INVOICE_PAYMENT_WITH_DISCOUNT: { label: '货票到付款（有折扣）', terms: null },
  INVOICE_PAYMENT: { label: '货票到付款', terms: PAYMENT_TERMS_TEXT.invoiced },
  ADVANCE_PAYMENT_BEFORE_DELIVERY: { label: '发货前付款', terms: null },
};

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export function paymentMethodLabel(code: string | null | undefined): string {
  if (code === null || code === undefined) return '';
  return isPaymentMethod(code) ? PAYMENT_METHOD_INFO[code].label : code;
}

/** The terms text a document or tooltip shows for the method, null when the spec words none. */
export function paymentMethodTerms(code: string | null | undefined): string | null {
  return isPaymentMethod(code) ? PAYMENT_METHOD_INFO[code].terms : null;
}

/** The lower-case payment terms of settings-messaging-shared §4, labelled like the methods they match. */
export const PAYMENT_TERMS = labelSet({
  earnest_payment: '30%预付，70%尾款',
  advance_payment: '100%预付款',
  invoiced_payment: '货票到付款',
  invoiced_with_discount_payment: '货票到付款（有折扣）',
  invoiced_without_discount_payment: '货票到付款（无折扣）',
  advance_before_delivery_payment: '发货前付款',
  advance_after_order_payment: '下单后预付款',
});
export type PaymentTerm = (typeof PAYMENT_TERMS.codes)[number];

/**
 * The upper-case method each term stands for, where the names and §4.5 make it plain. The
 * "without discount" and "after order" terms have no method of their own: null, not a guess.
 */
export const PAYMENT_TERM_METHOD: Record<PaymentTerm, PaymentMethod | null> = {
  earnest_payment: 'THIRTY_SEVENTY_RATIO_PAYMENT',
  advance_payment: 'ADVANCE_PAYMENT',
  invoiced_payment: 'INVOICE_PAYMENT',
  invoiced_with_discount_payment: 'INVOICE_PAYMENT_WITH_DISCOUNT',
  invoiced_without_discount_payment: null,
  advance_before_delivery_payment: 'ADVANCE_PAYMENT_BEFORE_DELIVERY',
  advance_after_order_payment: null,
};

/** The term of a method (inverse of PAYMENT_TERM_METHOD), null for UNKNOW. */
export function paymentTermOfMethod(method: PaymentMethod): PaymentTerm | null {
  return PAYMENT_TERMS.codes.find((term) => PAYMENT_TERM_METHOD[term] === method) ?? null;
}

export const PAYMENT_TYPES = labelSet({
  INVOICE: '按发票付款',
  ORDER: '按订单付款',
  REIMBURSEMENT: '报销付款',
});
export type PaymentType = (typeof PAYMENT_TYPES.codes)[number];

export const BANK_LINE_STATUSES = labelSet({
  UNCREATED: '未创建',
  CREATED: '已创建',
  REVIEWED: '已审核',
  BOOKED: '已记账',
});
export type BankLineStatus = (typeof BANK_LINE_STATUSES.codes)[number];

export const BILL_ACTIONS = labelSet({
  CREATED: '已创建',
  AUDITED: '已审核',
  SUBMITTED: '已提交',
  PROCESSING: '处理中',
  FAILED: '失败',
  PAID: '已支付',
  BOOKED: '已记账',
  CANCELED: '已取消',
});
export type BillAction = (typeof BILL_ACTIONS.codes)[number];

export const INVOICE_STATUSES = labelSet({
  CANCELED: '已作废',
  DRAFTED: '草稿',
  SENT: '已发送',
  CONFIRMED: '已确认',
  CREATED: '已开具',
  MAILED: '已邮寄',
  SIGNED: '已签收',
});
export type InvoiceStatus = (typeof INVOICE_STATUSES.codes)[number];

export const PRICE_TABLE_STATUSES = labelSet({
  UNSPECIFIED: '未指定',
  DRAFT: '草稿',
  TO_BE_AUDITED: '待审核',
  AUDITED: '已审核',
  PARTIAL_IMPORTED: '部分导入',
  IMPORTED: '已导入',
});
export type PriceTableStatus = (typeof PRICE_TABLE_STATUSES.codes)[number];
