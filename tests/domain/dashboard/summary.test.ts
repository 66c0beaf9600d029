// The 工作台's figures shaped for the screen: goods overdue and due this week, one currency's
// spend per month with idle months as 0, the brand ranking with 其他, and the filters a bar opens
// (which must select exactly the orders of its business month).
import { describe, expect, it } from 'vitest';
import { NO_BRAND } from '../../../src/domain/dashboard/figures';
import {
  brandInMonths,
  brandRanking,
  createdInMonths,
  currenciesBySpend,
  dueSummary,
  monthLabel,
  spendSeries,
} from '../../../src/domain/dashboard/summary';
import { timeBounds, withinBounds } from '../../../src/domain/list/listFilters';

describe('dueSummary', () => {
  it('splits the due days into overdue and the next seven days', () => {
    const days = [
      { day: '2025-04-30', count: 2 },
      { day: '2025-05-01', count: 1 },
      { day: '2025-05-02', count: 4 },
      { day: '2025-05-08', count: 3 },
      { day: '2025-05-09', count: 5 },
    ];
    expect(dueSummary(days, '2025-05-02')).toEqual({ overdue: 3, soon: 7 });
    expect(dueSummary([], '2025-05-02')).toEqual({ overdue: 0, soon: 0 });
  });
});

describe('spend', () => {
  const spend = [
    { month: '2025-01', currency: 'CNY', cents: 150 },
    { month: '2025-03', currency: 'CNY', cents: 1_000_050 },
    { month: '2025-03', currency: 'EUR', cents: 99 },
  ];

  it('puts the currency spent most first', () => {
    expect(currenciesBySpend(spend)).toEqual(['CNY', 'EUR']);
  });

  it('gives every month a point in yuan, an idle one 0', () => {
    expect(spendSeries(spend, ['2025-01', '2025-02', '2025-03'], 'CNY')).toEqual([
      { month: '2025-01', label: '2025年1月', amount: 1.5 },
      { month: '2025-02', label: '2月', amount: 0 },
      { month: '2025-03', label: '3月', amount: 10000.5 },
    ]);
  });

  it('labels January and the first month with their year', () => {
    expect(monthLabel('2025-07', true)).toBe('2025年7月');
    expect(monthLabel('2026-01', false)).toBe('2026年1月');
    expect(monthLabel('2026-02', false)).toBe('2月');
  });
});

describe('brandRanking', () => {
  const months = ['2025-02', '2025-03'];
  const row = (brand: string, cents: number, month = '2025-03', currency = 'CNY') => ({
    brand,
    cents,
    month,
    currency,
  });

  it('ranks the brands over the months in one currency and sums the rest as 其他', () => {
    const rows = [
      row('A', 100),
      row('A', 300, '2025-02'),
      row('B', 500),
      row('C', 50),
      row('D', 10),
      row('E', 999, '2025-01'), // before the months
      row('F', 999, '2025-03', 'EUR'),
    ];
    expect(brandRanking(rows, months, 'CNY', 2)).toEqual([
      { brand: 'B', amount: 5, opens: true },
      { brand: 'A', amount: 4, opens: true },
      { brand: '其他', amount: 0.6, opens: false },
    ]);
  });

  it('does not open the orders without a brand (the list cannot filter them)', () => {
    expect(brandRanking([row(NO_BRAND, 100)], months, 'CNY')).toEqual([
      { brand: NO_BRAND, amount: 1, opens: false },
    ]);
  });
});

describe('the filters a bar opens', () => {
  it('hold exactly the orders created in the business month, whatever the user’s timezone', () => {
    const filters = createdInMonths('2025-03');
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'America/Los_Angeles']) {
      const bounds = timeBounds(filters.create_time, zone);
      if (!bounds) throw new Error('no bounds');
      expect(withinBounds('2025-02-28T15:59:59.999Z', bounds)).toBe(false);
      expect(withinBounds('2025-02-28T16:00:00.000Z', bounds)).toBe(true);
      expect(withinBounds('2025-03-31T15:59:59.999Z', bounds)).toBe(true);
      expect(withinBounds('2025-03-31T16:00:00.000Z', bounds)).toBe(false);
    }
  });

  it('for a brand, name it and span the months', () => {
    const filters = brandInMonths('西门子', '2024-04', '2025-03');
    expect(filters.brand_name).toBe('西门子');
    const bounds = timeBounds(filters.create_time, 'Asia/Shanghai');
    expect(bounds).toEqual({ from: '2024-03-31T16:00:00.000Z', to: '2025-03-31T16:00:00.000Z' });
  });
});
