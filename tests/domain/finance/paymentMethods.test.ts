import { describe, expect, it } from 'vitest';
import type { LabelSet } from '../../../src/domain/codeLabels';
import {
  BANK_LINE_STATUSES,
  BILL_ACTIONS,
  DEFAULT_PAYMENT_METHOD,
  INVOICE_STATUSES,
  isPaymentMethod,
  PAYMENT_METHODS,
  PAYMENT_TERM_METHOD,
  PAYMENT_TERMS,
  PAYMENT_TYPES,
  type PaymentMethod,
  type PaymentTerm,
  PRICE_TABLE_STATUSES,
  paymentMethodLabel,
  paymentMethodTerms,
  paymentTermOfMethod,
} from '../../../src/domain/finance/paymentMethods';

const EARNEST = '合同签订后3天内预付30%货款，到货通知后3天内支付70%尾款';
const ADVANCE = '合同签订后3天内预付100%货款';
const INVOICED = '收到货物和发票后3个工作日内支付全部货款';

// settings-messaging-shared §3 payment methods, with purchasing-core §4.5 terms where the spec words them.
const methods: [PaymentMethod, string, string | null][] = [
  ['UNKNOW', '未知', null],
  ['THIRTY_SEVENTY_RATIO_PAYMENT', '30%预付，70%尾款', EARNEST],
  ['ADVANCE_PAYMENT', '100%预付款', ADVANCE],
  ['INVOICE_PAYMENT_WITH_DISCOUNT', '货票到付款（有折扣）', null],
  ['INVOICE_PAYMENT', '货票到付款', INVOICED],
  ['ADVANCE_PAYMENT_BEFORE_DELIVERY', '发货前付款', null],
];

describe('payment methods', () => {
  it.each(methods)('%s reads %s with terms %j', (method, label, terms) => {
    expect(isPaymentMethod(method)).toBe(true);
    expect(paymentMethodLabel(method)).toBe(label);
    expect(paymentMethodTerms(method)).toBe(terms);
  });

  it('covers every method exactly once, in the spec order', () => {
    expect(PAYMENT_METHODS).toEqual(methods.map(([method]) => method));
  });

  it('defaults to ADVANCE_PAYMENT', () => {
    expect(DEFAULT_PAYMENT_METHOD).toBe('ADVANCE_PAYMENT');
  });

  it('shows an unknown method as it is, without terms', () => {
    expect(paymentMethodLabel('CASH_ON_DELIVERY')).toBe('CASH_ON_DELIVERY');
    expect(paymentMethodLabel(null)).toBe('');
    expect(paymentMethodTerms('CASH_ON_DELIVERY')).toBeNull();
    expect(paymentMethodTerms(undefined)).toBeNull();
  });
});

// settings-messaging-shared §4 "Payment terms": term, label, the upper-case method it stands for.
const terms: [PaymentTerm, string, PaymentMethod | null][] = [
  ['earnest_payment', '30%预付，70%尾款', 'THIRTY_SEVENTY_RATIO_PAYMENT'],
  ['advance_payment', '100%预付款', 'ADVANCE_PAYMENT'],
  ['invoiced_payment', '货票到付款', 'INVOICE_PAYMENT'],
  ['invoiced_with_discount_payment', '货票到付款（有折扣）', 'INVOICE_PAYMENT_WITH_DISCOUNT'],
  ['invoiced_without_discount_payment', '货票到付款（无折扣）', null],
  ['advance_before_delivery_payment', '发货前付款', 'ADVANCE_PAYMENT_BEFORE_DELIVERY'],
  ['advance_after_order_payment', '下单后预付款', null],
];

describe('payment terms', () => {
  it.each(terms)('%s reads %s and stands for %j', (term, label, method) => {
    expect(PAYMENT_TERMS.label(term)).toBe(label);
    expect(PAYMENT_TERMS.is(term)).toBe(true);
    expect(PAYMENT_TERM_METHOD[term]).toBe(method);
  });

  it('covers every term exactly once, in the spec order', () => {
    expect(PAYMENT_TERMS.codes).toEqual(terms.map(([term]) => term));
  });

  it.each([
    ['THIRTY_SEVENTY_RATIO_PAYMENT', 'earnest_payment'],
    ['ADVANCE_PAYMENT', 'advance_payment'],
    ['INVOICE_PAYMENT', 'invoiced_payment'],
    ['INVOICE_PAYMENT_WITH_DISCOUNT', 'invoiced_with_discount_payment'],
    ['ADVANCE_PAYMENT_BEFORE_DELIVERY', 'advance_before_delivery_payment'],
    ['UNKNOW', null],
  ] as const)('method %s has term %j', (method, term) => {
    expect(paymentTermOfMethod(method)).toBe(term);
  });
});

const sets: [string, LabelSet<string>, [string, string][]][] = [
  [
    'payment type',
    PAYMENT_TYPES,
    [
      ['INVOICE', '按发票付款'],
      ['ORDER', '按订单付款'],
      ['REIMBURSEMENT', '报销付款'],
    ],
  ],
  [
    'bank line status',
    BANK_LINE_STATUSES,
    [
      ['UNCREATED', '未创建'],
      ['CREATED', '已创建'],
      ['REVIEWED', '已审核'],
      ['BOOKED', '已记账'],
    ],
  ],
  [
    'bill action',
    BILL_ACTIONS,
    [
      ['CREATED', '已创建'],
      ['AUDITED', '已审核'],
      ['SUBMITTED', '已提交'],
      ['PROCESSING', '处理中'],
      ['FAILED', '失败'],
      ['PAID', '已支付'],
      ['BOOKED', '已记账'],
      ['CANCELED', '已取消'],
    ],
  ],
  [
    'invoice status',
    INVOICE_STATUSES,
    [
      ['CANCELED', '已作废'],
      ['DRAFTED', '草稿'],
      ['SENT', '已发送'],
      ['CONFIRMED', '已确认'],
      ['CREATED', '已开具'],
      ['MAILED', '已邮寄'],
      ['SIGNED', '已签收'],
    ],
  ],
  [
    'price table status',
    PRICE_TABLE_STATUSES,
    [
      ['UNSPECIFIED', '未指定'],
      ['DRAFT', '草稿'],
      ['TO_BE_AUDITED', '待审核'],
      ['AUDITED', '已审核'],
      ['PARTIAL_IMPORTED', '部分导入'],
      ['IMPORTED', '已导入'],
    ],
  ],
];

describe.each(sets)('%s labels', (_name, set, rows) => {
  it.each(rows)('%s → %s', (code, label) => {
    expect(set.label(code)).toBe(label);
  });

  it('covers every code exactly once, in the spec order', () => {
    expect(set.codes).toEqual(rows.map(([code]) => code));
  });
});
