import { describe, expect, it } from 'vitest';
import { formatShipmentWeeks, shipmentWeekRange } from '../../../src/domain/format/shipment';

// settings-messaging-shared §9: weeks from days/7+1 to days/7+3, days/7 floored.
describe('formatShipmentWeeks', () => {
  it.each([
    [0, '1-3周'],
    [1, '1-3周'],
    [6, '1-3周'],
    [6.9, '1-3周'],
    [7, '2-4周'],
    [10, '2-4周'],
    [13, '2-4周'],
    [14, '3-5周'],
    [21, '4-6周'],
    [30, '5-7周'],
    [70, '11-13周'],
    [365, '53-55周'],
    ['14', '3-5周'],
    [' 7 ', '2-4周'],
    ['10.5', '2-4周'],
  ] as const)('%j days → %s', (days, expected) => {
    expect(formatShipmentWeeks(days)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['  '],
    [-1],
    ['-7'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['abc'],
    ['0x10'],
    ['1e2'],
  ])('%j → 待确认', (days) => {
    expect(formatShipmentWeeks(days)).toBe('待确认');
  });
});

describe('shipmentWeekRange', () => {
  it.each([
    [0, { from: 1, to: 3 }],
    [7, { from: 2, to: 4 }],
    [14, { from: 3, to: 5 }],
  ] as const)('%j days → %o', (days, expected) => {
    expect(shipmentWeekRange(days)).toEqual(expected);
  });

  it('is null when the period is unknown', () => {
    expect(shipmentWeekRange(null)).toBeNull();
  });
});
