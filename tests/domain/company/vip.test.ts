import { describe, expect, it } from 'vitest';
import { VIP_BOX_CURRENCY, VIP_BOX_FIELDS, vipBoxOf } from '../../../src/domain/company/vip';

describe('VIP box', () => {
  it('shows validity, rebate total and balance in CNY', () => {
    expect(VIP_BOX_FIELDS.map((f) => f.label)).toEqual(['有效期', '返利总金额', '返利余额']);
    expect(VIP_BOX_CURRENCY).toBe('CNY');
  });

  it.each([
    [
      { start_date: '2024-01-01', end_date: '2024-12-31' },
      { amount: 1000, balance: 250.5 },
      { amount: 1000, balance: 250.5, start_date: '2024-01-01', end_date: '2024-12-31' },
    ],
    [{}, null, { amount: null, balance: null, start_date: null, end_date: null }],
  ])('company %j with rebates %j', (company, rebates, box) => {
    expect(vipBoxOf(company, rebates)).toEqual(box);
  });
});
