import { describe, expect, it } from 'vitest';
import { activeTimelineIndex, orderTimeline } from '../../../src/domain/orders/timeline';

const T = (day: number) => `2026-01-${String(day).padStart(2, '0')}T02:00:00.000Z`;
const PROGRESS = ['10', '20', '30', '40', '50', '55', '60', '70', '73', '75', '80', '90'];

describe('orderTimeline of an order in progress', () => {
  const order = {
    state: 40,
    order_base_state: null,
    state_change_time: T(4),
    order_state_log_list: [
      { state: 10, time: T(1) },
      { state: '20', time: T(2) },
      { state: 'ORDER_PLACED', time: T(3) },
      { state: 40, time: T(4) },
    ],
  };
  const entries = orderTimeline(order);

  it('lists every progress state 10 … 90 in order, with its label', () => {
    expect(entries.map((entry) => entry.state)).toEqual(PROGRESS);
    expect(entries[0]?.label).toBe('合同已签订');
    expect(entries[11]?.label).toBe('已签收');
  });

  it('gives reached states their log time (codes, numeric text or names) and the rest none', () => {
    expect(entries.map((entry) => entry.time)).toEqual([
      T(1),
      T(2),
      T(3),
      T(4),
      ...Array(8).fill(null),
    ]);
    expect(activeTimelineIndex(entries)).toBe(3);
  });
});

describe('orderTimeline edge cases', () => {
  it('dates the present state by its state change time when the log misses it', () => {
    const entries = orderTimeline({ state: 20, state_change_time: T(9), order_state_log_list: [] });
    expect(entries.find((entry) => entry.state === '20')?.time).toBe(T(9));
    expect(activeTimelineIndex(entries)).toBe(1);
  });

  it('keeps the latest time of a state reached twice, and skips unknown states', () => {
    const entries = orderTimeline({
      state: 20,
      state_change_time: T(5),
      order_state_log_list: [
        { state: 20, time: T(2) },
        { state: 'SOMETHING_NEW', time: T(3) },
        { state: 20, time: T(5) },
      ],
    });
    expect(entries.find((entry) => entry.state === '20')?.time).toBe(T(5));
    expect(entries).toHaveLength(12);
  });

  it('a skipped step stays without time while later steps are reached', () => {
    const entries = orderTimeline({
      state: 55,
      state_change_time: T(3),
      order_state_log_list: [
        { state: 10, time: T(1) },
        { state: 55, time: T(3) },
      ],
    });
    expect(entries.find((entry) => entry.state === '50')?.time).toBeNull();
    expect(activeTimelineIndex(entries)).toBe(PROGRESS.indexOf('55'));
  });

  it('a cancelled order lists what it reached, then its cancellation, and nothing ahead', () => {
    const entries = orderTimeline({
      state: -20,
      order_base_state: 'CANCELLED',
      state_change_time: T(4),
      order_state_log_list: [
        { state: 10, time: T(1) },
        { state: 20, time: T(2) },
        { state: -10, time: T(3) },
        { state: -20, time: T(4) },
      ],
    });
    expect(entries).toEqual([
      { state: '10', label: '合同已签订', time: T(1) },
      { state: '20', label: '合同已执行', time: T(2) },
      { state: '-10', label: '取消申请中', time: T(3) },
      { state: '-20', label: '已确认取消', time: T(4) },
    ]);
    expect(activeTimelineIndex(entries)).toBe(3);
  });

  it('an order with no log and no time has no active entry', () => {
    const entries = orderTimeline({ state: null });
    expect(entries.every((entry) => entry.time === null)).toBe(true);
    expect(activeTimelineIndex(entries)).toBe(-1);
  });
});
