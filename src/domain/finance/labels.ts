// Payment and invoice status labels (purchasing-core §4.4, settings-messaging-shared §4 "Status
// label sets"). Payment state labels are the spec's; for the other sets the spec gives English
// meanings only, and the Chinese terms are ours (docs/decisions.md).

import { labelSet } from '../codeLabels';

/**
 * Payment state of an order = the supplier node's inbound state, read from the buyer's side
 * (the supplier receiving money is the buyer having paid).
 */
export const PAYMENT_STATES = labelSet({
  NO_RECEIPT: '未付款',
  PARTIAL_RECEIPT: '部分付款',
  PAYMENT_REQUESTED: '已申请付款',
  RECEIPTED: '已付款',
  REFUSED_RECEIPT: '拒绝付款',
  PARTIAL_REFUSED: '部分拒付',
});
export type PaymentState = (typeof PAYMENT_STATES.codes)[number];

/** Payment states shown only in lists (not as the detail page's tag). */
export const LIST_ONLY_PAYMENT_STATES = [
  'PAYMENT_REQUESTED',
  'PARTIAL_REFUSED',
] as const satisfies readonly PaymentState[];

/** Payment states the order detail's payment tag can show. */
export const DETAIL_PAYMENT_STATES = PAYMENT_STATES.codes.filter(
  (code) => !(LIST_ONLY_PAYMENT_STATES as readonly string[]).includes(code),
);

export const ORDER_INVOICE_STATES = labelSet({
  INVOICED: '已开票',
  NO_INVOICE: '未开票',
  PARTIAL_INVOICE: '部分开票',
  REFUSED_INVOICE: '拒绝开票',
  PARTIAL_REFUSED: '部分拒开',
});
export type OrderInvoiceState = (typeof ORDER_INVOICE_STATES.codes)[number];

export const SUPPLIER_INVOICE_STATES = labelSet({
  INVOICE: '已开票',
  NO_INVOICE: '未开票',
  PARTIAL: '部分开票',
});
export type SupplierInvoiceState = (typeof SUPPLIER_INVOICE_STATES.codes)[number];

/** Money received (the seller's view), unlike PAYMENT_STATES which read the same codes as paid. */
export const RECEIPT_STATES = labelSet({
  NO_RECEIPT: '未收款',
  PARTIAL_RECEIPT: '部分收款',
  RECEIPTED: '已收款',
});
export type ReceiptState = (typeof RECEIPT_STATES.codes)[number];

export const PAYMENT_PROGRESS_STATES = labelSet({
  NO_PAYMENT: '未付款',
  PAYMENT_REQUESTED: '已申请付款',
  PARTIAL_PAYMENT: '部分付款',
  PAID: '已付款',
});
export type PaymentProgressState = (typeof PAYMENT_PROGRESS_STATES.codes)[number];

export const ACCOUNT_MOVE_STATES = labelSet({
  created: '已创建',
  reviewed: '已审核',
  booked: '已记账',
  canceled: '已取消',
});
export type AccountMoveState = (typeof ACCOUNT_MOVE_STATES.codes)[number];
