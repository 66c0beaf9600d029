// What the supplier does next with an order (pure, so the rules are easy to read and test): record
// the buyer's payment when the payment method says it is due, invoice before the goods are signed
// for, otherwise move one step along 10 → 90. One step per order per tick; the simulator applies
// it through the order service (server/purchasing/orderService.ts).
import type { PaymentMethod } from '../../../src/domain/finance/paymentMethods';
import type { OrderStateCode } from '../../../src/domain/orders/orderStates';
import { toOrderStateCode } from '../../../src/domain/orders/orderStates';
import { ORDER_PROGRESSION } from '../../purchasing/orderService';

export type OrderFacts = {
  state: number;
  inboundState: string;
  invoiceState: string;
  paymentMethod: string;
  taxedAmount: string | null;
};

export type OrderStep =
  | { kind: 'payment'; inboundState: 'PARTIAL_RECEIPT' | 'RECEIPTED'; unpaidAmount?: number }
  | { kind: 'invoice'; invoiceState: 'PARTIAL' | 'INVOICE' }
  | { kind: 'advance'; to: OrderStateCode };

/**
 * The state an order may not leave before the buyer has paid in full, by payment method
 * (PAYMENT_TERMS_TEXT): in advance → before the supplier executes the contract (10); before
 * delivery → before shipping (75); 30/70 and against goods and invoice → before signing (80).
 */
const PAID_BEFORE_LEAVING: Partial<Record<PaymentMethod, OrderStateCode>> = {
  THIRTY_SEVENTY_RATIO_PAYMENT: 80,
  ADVANCE_PAYMENT_BEFORE_DELIVERY: 75,
  INVOICE_PAYMENT: 80,
  INVOICE_PAYMENT_WITH_DISCOUNT: 80,
};
const DEFAULT_PAID_BEFORE_LEAVING: OrderStateCode = 10;

/** 30/70: the 30 % earnest is due before the contract is executed. */
const EARNEST_METHOD = 'THIRTY_SEVENTY_RATIO_PAYMENT';
const EARNEST_SHARE = 0.3;

/** Partial receipts (overseas, domestic) are steps a whole shipment often skips. */
const PARTIAL_STEPS: readonly OrderStateCode[] = [50, 73];
const SKIP_PARTIAL_CHANCE = 0.5;
/** A buyer paying an advance in two parts now and then. */
const SPLIT_PAYMENT_CHANCE = 0.25;
/** Goods invoiced in part while still on their way. */
const PARTIAL_INVOICE_CHANCE = 0.3;
const PARTIAL_INVOICE_FROM: OrderStateCode = 60;
/** The goods are invoiced in full before the buyer signs for them. */
const INVOICED_BEFORE_LEAVING: OrderStateCode = 80;

const FINAL_STATE: OrderStateCode = 90;

const paidInFull = (order: OrderFacts) => order.inboundState === 'RECEIPTED';
const rank = (state: OrderStateCode) => ORDER_PROGRESSION.indexOf(state);

function paymentStep(order: OrderFacts, code: OrderStateCode, random: () => number) {
  const dueAt =
    PAID_BEFORE_LEAVING[order.paymentMethod as PaymentMethod] ?? DEFAULT_PAID_BEFORE_LEAVING;
  // Overdue too (rank above): an order that got ahead of its payment is settled first.
  if (!paidInFull(order) && rank(code) >= rank(dueAt)) {
    // An advance paid in two parts: the first part now, the rest at the next touch.
    if (order.inboundState !== 'PARTIAL_RECEIPT' && random() < SPLIT_PAYMENT_CHANCE) {
      return { kind: 'payment', inboundState: 'PARTIAL_RECEIPT' } as const;
    }
    return { kind: 'payment', inboundState: 'RECEIPTED' } as const;
  }
  const earnestDue = order.paymentMethod === EARNEST_METHOD && code === DEFAULT_PAID_BEFORE_LEAVING;
  if (earnestDue && order.inboundState !== 'PARTIAL_RECEIPT' && !paidInFull(order)) {
    const total = Number(order.taxedAmount ?? 0);
    const unpaidAmount = Math.round(total * (1 - EARNEST_SHARE) * 100) / 100;
    return { kind: 'payment', inboundState: 'PARTIAL_RECEIPT', unpaidAmount } as const;
  }
  return null;
}

function invoiceStep(order: OrderFacts, code: OrderStateCode, random: () => number) {
  if (order.invoiceState === 'INVOICE') return null;
  if (code === INVOICED_BEFORE_LEAVING)
    return { kind: 'invoice', invoiceState: 'INVOICE' } as const;
  const inTransit =
    rank(code) >= rank(PARTIAL_INVOICE_FROM) && rank(code) < rank(INVOICED_BEFORE_LEAVING);
  if (inTransit && order.invoiceState === 'NO_INVOICE' && random() < PARTIAL_INVOICE_CHANCE) {
    return { kind: 'invoice', invoiceState: 'PARTIAL' } as const;
  }
  return null;
}

/** The next step, or null when the order is signed for, cancelled or in an unknown state. */
export function nextOrderStep(order: OrderFacts, random: () => number): OrderStep | null {
  const code = toOrderStateCode(order.state);
  if (code === null || code === FINAL_STATE || rank(code) < 0) return null;
  // Against goods and invoice: the invoice comes before the money.
  const invoiceFirst = order.paymentMethod.startsWith('INVOICE_PAYMENT');
  const first = invoiceFirst ? invoiceStep(order, code, random) : paymentStep(order, code, random);
  if (first) return first;
  const second = invoiceFirst ? paymentStep(order, code, random) : invoiceStep(order, code, random);
  if (second) return second;
  let next = ORDER_PROGRESSION[rank(code) + 1];
  if (next !== undefined && PARTIAL_STEPS.includes(next) && random() < SKIP_PARTIAL_CHANCE) {
    next = ORDER_PROGRESSION[rank(next) + 1];
  }
  return next === undefined ? null : { kind: 'advance', to: next };
}
