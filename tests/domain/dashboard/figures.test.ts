// The rules of the 工作台's figures over one order: the business month (China Standard Time) and
// the amount in cents it spends, who must act on it, and the day its goods are due.
import { describe, expect, it } from 'vitest';
import {
  actionTabsOf,
  businessMonth,
  dueDayOf,
  isOverdue,
  monthDays,
  monthsUpTo,
  NO_BRAND,
  spendOf,
  toCents,
} from '../../../src/domain/dashboard/figures';
import { order } from '../../data/rows';

const owned = (id: number, owner: number | null, over: Parameters<typeof order>[1] = {}) => {
  const base = order(id, over);
  return order(id, {
    ...over,
    current_order_node: {
      ...base.current_order_node,
      contacts_user: owner === null ? null : { id: owner, name: `员工${owner}` },
    },
  });
};

describe('businessMonth', () => {
  it.each([
    ['2024-12-31T15:59:59.999Z', '2024-12'],
    ['2024-12-31T16:00:00.000Z', '2025-01'],
    ['2025-02-28T16:00:00.000Z', '2025-03'],
  ])('%s is in %s in Beijing', (time, month) => expect(businessMonth(time)).toBe(month));

  it('reads nothing from a missing or broken time', () => {
    expect(businessMonth(null)).toBeNull();
    expect(businessMonth('not a time')).toBeNull();
  });
});

describe('months', () => {
  it('lists the last n business months, oldest first, across a year', () => {
    // 2026-01-31 20:00 UTC is already February 1st in Beijing.
    expect(monthsUpTo(Date.parse('2026-01-31T20:00:00Z'), 3)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsUpTo(Date.parse('2026-06-15T00:00:00Z'), 12)).toHaveLength(12);
  });

  it('gives a month its first day and the next month’s', () => {
    expect(monthDays('2025-12')).toEqual({ first: '2025-12-01', next: '2026-01-01' });
    expect(monthDays('2024-02')).toEqual({ first: '2024-02-01', next: '2024-03-01' });
  });
});

describe('spendOf', () => {
  it('counts the supplier amount in cents, exactly, under the month, currency and brand', () => {
    const row = order(1, {
      create_time: '2025-03-10T02:00:00.000Z',
      supplier_node: { ...order(1).supplier_node, taxed_amount: 1234.56, currency: 'EUR' },
    });
    expect(spendOf(row)).toEqual({
      month: '2025-03',
      currency: 'EUR',
      brand: '西门子',
      cents: 123456,
    });
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('spends nothing for a cancelled order, an amount still 待确认, or none at all', () => {
    expect(spendOf(order(1, { state: -20, order_base_state: 'CANCELLED' }))).toBeNull();
    const node = order(1).supplier_node;
    expect(spendOf(order(1, { supplier_node: { ...node, taxed_amount: null } }))).toBeNull();
    expect(spendOf(order(1, { supplier_node: { ...node, taxed_amount: 0 } }))).toBeNull();
    expect(spendOf(order(1, { supplier_node: { ...node, currency: null } }))).toBeNull();
  });

  it('counts an order without a brand under 未指定品牌', () => {
    expect(spendOf(order(1, { brand_name: null, brand: null }))?.brand).toBe(NO_BRAND);
    expect(spendOf(order(1, { brand_name: '  ', brand: null }))?.brand).toBe(NO_BRAND);
  });
});

describe('actionTabsOf', () => {
  it('names the owner and the tabs that wait for the buyer', () => {
    expect(actionTabsOf(owned(1, 7, { state: 10 }))).toEqual({
      owner: 7,
      tabs: ['CONTRACT_SIGNED'],
    });
    expect(actionTabsOf(owned(1, 7, { state: 40 }))).toEqual({
      owner: 7,
      tabs: ['CARGO_RECEIVING'],
    });
  });

  it('is nothing for an order without an owner, signed for, or cancelled', () => {
    expect(actionTabsOf(owned(1, null, { state: 10 }))).toBeNull();
    expect(actionTabsOf(owned(1, 7, { state: 90 }))).toBeNull();
    expect(actionTabsOf(owned(1, 7, { state: 10, order_base_state: 'CANCELLED' }))).toBeNull();
  });
});

describe('dueDayOf', () => {
  it('is the expected day while the goods are awaited, else nothing', () => {
    expect(dueDayOf(order(1, { state: 40, forecast_receive_date: '2025-05-02' }))).toBe(
      '2025-05-02',
    );
    expect(dueDayOf(order(1, { state: 90, forecast_receive_date: '2025-05-02' }))).toBeNull();
    expect(dueDayOf(order(1, { state: 40, forecast_receive_date: null }))).toBeNull();
    expect(dueDayOf(order(1, { state: 40, forecast_receive_date: 'soon' }))).toBeNull();
  });

  it('is overdue from the day after', () => {
    expect(isOverdue('2025-05-01', '2025-05-02')).toBe(true);
    expect(isOverdue('2025-05-02', '2025-05-02')).toBe(false);
  });
});
