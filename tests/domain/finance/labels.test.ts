import { describe, expect, it } from 'vitest';
import type { LabelSet } from '../../../src/domain/codeLabels';
import {
  ACCOUNT_MOVE_STATES,
  DETAIL_PAYMENT_STATES,
  LIST_ONLY_PAYMENT_STATES,
  ORDER_INVOICE_STATES,
  PAYMENT_PROGRESS_STATES,
  PAYMENT_STATES,
  RECEIPT_STATES,
  SUPPLIER_INVOICE_STATES,
} from '../../../src/domain/finance/labels';

// purchasing-core §4.4 (payment state: meanings given, Chinese ours) and settings-messaging-shared §4 status sets.
const sets: [string, LabelSet<string>, [string, string][]][] = [
  [
    'payment state (supplier inbound state)',
    PAYMENT_STATES,
    [
      ['NO_RECEIPT', '未付款'],
      ['PARTIAL_RECEIPT', '部分付款'],
      ['PAYMENT_REQUESTED', '已申请付款'],
      ['RECEIPTED', '已付款'],
      ['REFUSED_RECEIPT', '拒绝付款'],
      ['PARTIAL_REFUSED', '部分拒付'],
    ],
  ],
  [
    'order invoice',
    ORDER_INVOICE_STATES,
    [
      ['INVOICED', '已开票'],
      ['NO_INVOICE', '未开票'],
      ['PARTIAL_INVOICE', '部分开票'],
      ['REFUSED_INVOICE', '拒绝开票'],
      ['PARTIAL_REFUSED', '部分拒开'],
    ],
  ],
  [
    'supplier invoice',
    SUPPLIER_INVOICE_STATES,
    [
      ['INVOICE', '已开票'],
      ['NO_INVOICE', '未开票'],
      ['PARTIAL', '部分开票'],
    ],
  ],
  [
    'receipt',
    RECEIPT_STATES,
    [
      ['NO_RECEIPT', '未收款'],
      ['PARTIAL_RECEIPT', '部分收款'],
      ['RECEIPTED', '已收款'],
    ],
  ],
  [
    'payment',
    PAYMENT_PROGRESS_STATES,
    [
      ['NO_PAYMENT', '未付款'],
      ['PAYMENT_REQUESTED', '已申请付款'],
      ['PARTIAL_PAYMENT', '部分付款'],
      ['PAID', '已付款'],
    ],
  ],
  [
    'account move',
    ACCOUNT_MOVE_STATES,
    [
      ['created', '已创建'],
      ['reviewed', '已审核'],
      ['booked', '已记账'],
      ['canceled', '已取消'],
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

  it('shows an unknown code as it is', () => {
    expect(set.label('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('payment states shown only in lists', () => {
  it('are PAYMENT_REQUESTED and PARTIAL_REFUSED', () => {
    expect([...LIST_ONLY_PAYMENT_STATES].sort()).toEqual(['PARTIAL_REFUSED', 'PAYMENT_REQUESTED']);
  });

  it('leaves the other four for the detail tag', () => {
    expect(DETAIL_PAYMENT_STATES).toEqual([
      'NO_RECEIPT',
      'PARTIAL_RECEIPT',
      'RECEIPTED',
      'REFUSED_RECEIPT',
    ]);
  });
});
