// The simulator's order rules (server/demo/sim/orderPlan.ts), table-tested: when each payment method
// is paid, the invoice before signing, one step at a time, nothing after 90 or when cancelled.
import { describe, expect, it } from 'vitest';
import { nextOrderStep, type OrderFacts } from '../../../server/demo/sim/orderPlan';
import { simTiming } from '../../../server/demo/sim/timing';

const order = (facts: Partial<OrderFacts>): OrderFacts => ({
  state: 10,
  inboundState: 'NO_RECEIPT',
  invoiceState: 'NO_INVOICE',
  paymentMethod: 'ADVANCE_PAYMENT',
  taxedAmount: '1000.00',
  ...facts,
});
/** A random stream that always says "no" to chance (no split payment, no skipped step). */
const never = () => 0.99;
const always = () => 0;

describe('the supplier simulator order plan', () => {
  it('takes payment in advance before executing the contract, sometimes in two parts', () => {
    expect(nextOrderStep(order({}), never)).toEqual({ kind: 'payment', inboundState: 'RECEIPTED' });
    expect(nextOrderStep(order({}), always)).toEqual({
      kind: 'payment',
      inboundState: 'PARTIAL_RECEIPT',
    });
    expect(nextOrderStep(order({ inboundState: 'PARTIAL_RECEIPT' }), always)).toEqual({
      kind: 'payment',
      inboundState: 'RECEIPTED',
    });
    expect(nextOrderStep(order({ inboundState: 'RECEIPTED' }), never)).toEqual({
      kind: 'advance',
      to: 20,
    });
  });

  it('takes the 30 % earnest first and the rest before signing on 30/70 terms', () => {
    const terms = { paymentMethod: 'THIRTY_SEVENTY_RATIO_PAYMENT' };
    expect(nextOrderStep(order(terms), never)).toEqual({
      kind: 'payment',
      inboundState: 'PARTIAL_RECEIPT',
      unpaidAmount: 700,
    });
    const earnestPaid = { ...terms, inboundState: 'PARTIAL_RECEIPT' };
    expect(nextOrderStep(order(earnestPaid), never)).toEqual({ kind: 'advance', to: 20 });
    expect(
      nextOrderStep(order({ ...earnestPaid, state: 80, invoiceState: 'INVOICE' }), never),
    ).toEqual({
      kind: 'payment',
      inboundState: 'RECEIPTED',
    });
  });

  it('invoices before taking the money on payment against goods and invoice', () => {
    const terms = { paymentMethod: 'INVOICE_PAYMENT', state: 80 };
    expect(nextOrderStep(order({ ...terms, state: 10 }), never)).toEqual({
      kind: 'advance',
      to: 20,
    });
    expect(nextOrderStep(order(terms), never)).toEqual({
      kind: 'invoice',
      invoiceState: 'INVOICE',
    });
    expect(nextOrderStep(order({ ...terms, invoiceState: 'INVOICE' }), never)).toEqual({
      kind: 'payment',
      inboundState: 'RECEIPTED',
    });
  });

  it('settles an overdue payment first and invoices in full before 90', () => {
    expect(nextOrderStep(order({ state: 40 }), never)).toEqual({
      kind: 'payment',
      inboundState: 'RECEIPTED',
    });
    const paid = { inboundState: 'RECEIPTED' };
    expect(nextOrderStep(order({ ...paid, state: 80 }), never)).toEqual({
      kind: 'invoice',
      invoiceState: 'INVOICE',
    });
    expect(nextOrderStep(order({ ...paid, state: 60 }), always)).toEqual({
      kind: 'invoice',
      invoiceState: 'PARTIAL',
    });
    expect(nextOrderStep(order({ ...paid, state: 80, invoiceState: 'INVOICE' }), never)).toEqual({
      kind: 'advance',
      to: 90,
    });
  });

  it('moves one step, skipping a partial receipt only by chance, and stops at 90 or when cancelled', () => {
    const paid = { inboundState: 'RECEIPTED', invoiceState: 'INVOICE' };
    expect(nextOrderStep(order({ ...paid, state: 40 }), never)).toEqual({
      kind: 'advance',
      to: 50,
    });
    expect(nextOrderStep(order({ ...paid, state: 40 }), always)).toEqual({
      kind: 'advance',
      to: 55,
    });
    expect(nextOrderStep(order({ ...paid, state: 70 }), always)).toEqual({
      kind: 'advance',
      to: 75,
    });
    expect(nextOrderStep(order({ ...paid, state: 90 }), never)).toBeNull();
    expect(nextOrderStep(order({ ...paid, state: -10 }), never)).toBeNull();
    expect(nextOrderStep(order({ ...paid, state: -20 }), never)).toBeNull();
  });

  it('scales every wait by the speed', () => {
    expect(simTiming(1)).toMatchObject({
      intervalMs: 5000,
      quoteAgeMs: 30_000,
      orderDwellMs: 120_000,
    });
    expect(simTiming(10)).toMatchObject({
      intervalMs: 500,
      quoteAgeMs: 3000,
      orderDwellMs: 12_000,
    });
    expect(simTiming(1000).intervalMs).toBe(50);
  });
});
