import { describe, expect, it } from 'vitest';
import { SHEET_STATES, sheetStateLabel } from '../../../src/domain/purchase/sheetStates';

// One row per row of purchasing-core §4.1 "Displayed labels" (codes × label), plus the states
// the table leaves out (decided in docs/decisions.md).
const table: ReadonlyArray<readonly [readonly string[], string]> = [
  [['DRAFT'], '草稿'],
  [
    ['INQUIRY_WAITING', 'INQUIRY_SENT', 'INQUIRY_PUSH', 'DELAY_INQUIRY', 'EXPENSE_EXAMINE'],
    '已询价',
  ],
  [['INQUIRY_REPLIED'], '报价未读'],
  [['QUOTATION_SENT', 'FOLLOWED_UP'], '已报价'],
  [['CONTRACT_AUDITING'], '下单中'],
  [['CONTRACT_SIGNED'], '待付款'],
  [['CANCELLED', 'CANCEL_REQUESTED', 'CANCEL_CONFIRMED'], '已取消'],
  [
    [
      'CONTRACT_ENFORCED',
      'ORDER_PLACED',
      'ORDER_CONFIRMED',
      'OVERSEA_PARTIAL',
      'OVERSEA_RECEIVED',
      'EXPORTED',
      'IMPORTED',
      'DOMESTIC_PARTIAL',
      'DOMESTIC_RECEIVED',
      'DELIVERED',
    ],
    '待收货',
  ],
  [['QUOTATION_REFUSE'], '暂无报价'],
  [['SIGNED'], '已签收'],
  // not in the spec's table
  [['EXPENSE_APPROVED'], '已询价'],
  [['CONTRACT_SENT'], '下单中'],
  [['SIGN'], '已签收'],
];

describe('sheetStateLabel', () => {
  const rows = table.flatMap(([codes, label]) => codes.map((code) => [code, label] as const));

  it.each(rows)('%s shows as %s', (code, label) => {
    expect(sheetStateLabel(code)).toBe(label);
  });

  it('covers every known state exactly once', () => {
    expect(rows.map(([code]) => code).sort()).toEqual([...SHEET_STATES].sort());
  });

  it('shows an unknown code from a newer server as it is', () => {
    expect(sheetStateLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});
