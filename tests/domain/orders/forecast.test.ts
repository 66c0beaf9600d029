// The expected arrival date rule shared by the order detail, the outbox effect and the server
// (purchasing-core §7.1 PATCH forecast_receive_date; words ours): which orders take a new date and
// which dates are refused, with "today" in the given timezone, not the machine's.
import { describe, expect, it } from 'vitest';
import {
  earliestForecastDate,
  FORECAST_MESSAGES,
  forecastDateProblem,
  offersForecastEdit,
} from '../../../src/domain/orders/forecast';

// 2025-03-01 23:30 in Shanghai is still 2025-03-01 15:30 UTC and 16:30 in Berlin.
const NOW = Date.parse('2025-03-01T15:30:00Z');

describe('offersForecastEdit', () => {
  it.each([10, 40, 80, '70', 'CONTRACT_SIGNED'])('offers a change at %s', (state) => {
    expect(offersForecastEdit({ state })).toBe(true);
  });

  it.each([
    ['signed for', { state: 90 }],
    ['signed for by name', { state: 'SIGNED' }],
    ['signed for as SIGN', { state: 'SIGN' }],
    ['an unknown state', { state: 'SIGN_CONTRACT' }],
    ['cancel requested', { state: -10 }],
    ['cancelled', { state: -20 }],
    ['cancelled base state', { state: 40, order_base_state: 'CANCELLED' }],
    ['without a state', { state: null }],
  ])('offers none when %s', (_name, order) => {
    expect(offersForecastEdit(order)).toBe(false);
  });
});

describe('forecastDateProblem', () => {
  it('takes today and later in the timezone given', () => {
    expect(earliestForecastDate(NOW, 'Asia/Shanghai')).toBe('2025-03-01');
    expect(forecastDateProblem('2025-03-01', NOW, 'Asia/Shanghai')).toBeNull();
    expect(forecastDateProblem('2026-01-31', NOW, 'Asia/Shanghai')).toBeNull();
  });

  it('refuses yesterday', () => {
    expect(forecastDateProblem('2025-02-28', NOW, 'Asia/Shanghai')).toBe(FORECAST_MESSAGES.IN_PAST);
  });

  it('counts today in the timezone, not in UTC', () => {
    const lateInShanghai = Date.parse('2025-03-01T16:30:00Z'); // 00:30 on 03-02 in Shanghai
    expect(forecastDateProblem('2025-03-01', lateInShanghai, 'Asia/Shanghai')).toBe(
      FORECAST_MESSAGES.IN_PAST,
    );
    expect(forecastDateProblem('2025-03-01', lateInShanghai, 'Europe/Berlin')).toBeNull();
  });

  it.each(['2025-02-30', '2025-3-5', '', '明天'])('refuses %j as no date', (date) => {
    expect(forecastDateProblem(date, NOW, 'Asia/Shanghai')).toBe(FORECAST_MESSAGES.INVALID_DATE);
  });
});
