import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatGermanAmount,
  formatMoney,
  formatMoneyAbs,
  formatWeight,
  isMoneyAbsent,
  lineTotal,
  MONEY_PLACEHOLDER,
  roundMoney,
} from '../../../src/domain/format/money';

// purchasing-core §9, settings-messaging-shared §9: thousand separators, 2 decimals, yuan by
// default, 待确认 when absent; German amounts (2 places) and weights (3 places) on documents.

describe('formatMoney', () => {
  it.each([
    [1234567.891, '¥1,234,567.89'],
    [0, '¥0.00'],
    [-0, '¥0.00'],
    [-0.001, '¥0.00'],
    [-0.004, '¥0.00'],
    [-0.005, '-¥0.01'],
    [12, '¥12.00'],
    ['12', '¥12.00'],
    [' 12.5 ', '¥12.50'],
    ['-3', '-¥3.00'],
    ['+3', '¥3.00'],
    ['1e3', '¥1,000.00'],
    ['.5', '¥0.50'],
    ['5.', '¥5.00'],
    [0.5, '¥0.50'],
    [999.994, '¥999.99'],
    [999.995, '¥1,000.00'],
    [999999.999, '¥1,000,000.00'],
    [100, '¥100.00'],
    [1000, '¥1,000.00'],
    [-1234.5, '-¥1,234.50'],
    [123456789012.34, '¥123,456,789,012.34'],
    ['12345678901234567890.125', '¥12,345,678,901,234,567,890.13'],
    [1e21, '¥1,000,000,000,000,000,000,000.00'],
    [1e-7, '¥0.00'],
    ['1e-300', '¥0.00'],
    // Binary-unfriendly halves: rounded on the decimal the user wrote, away from zero.
    [1.005, '¥1.01'],
    [2.675, '¥2.68'],
    [-1.005, '-¥1.01'],
    [1.255, '¥1.26'],
    [8.345, '¥8.35'],
    [1.045, '¥1.05'],
    [0.005, '¥0.01'],
    [10.235, '¥10.24'],
    ['1.0049999', '¥1.00'],
  ] as const)('%j → %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY],
    ['abc'],
    ['12abc'],
    ['1,234.50'],
    ['0x10'],
    ['.'],
    ['-'],
    ['1e999'],
    ['NaN'],
    ['Infinity'],
  ])('%j is absent: 待确认', (value) => {
    expect(formatMoney(value)).toBe('待确认');
    expect(formatMoney(value, 'EUR')).toBe('待确认');
  });

  it.each([
    [5, 'EUR', '€5.00'],
    [5, 'USD', '$5.00'],
    [1234.5, 'HKD', 'HK$1,234.50'],
    [5, 'GBP', '£5.00'],
    [1234.5, 'CHF', 'CHF 1,234.50'],
    // Money is always shown with 2 decimals, the yen included (purchasing-core §9).
    [1234, 'JPY', 'JP¥1,234.00'],
    [5, 'AUD', 'A$5.00'],
    [5, 'DKK', 'DKK 5.00'],
    [5, 'SEK', 'SEK 5.00'],
    [5, 'NOK', 'NOK 5.00'],
    [5, 'TRY', '₺5.00'],
    [5, 'CNY', '¥5.00'],
    [5, 'eur', '€5.00'],
    [5, '', '¥5.00'],
    [5, null, '¥5.00'],
    [-5, 'EUR', '-€5.00'],
    [-5, 'CHF', '-CHF 5.00'],
    [-0.001, 'EUR', '€0.00'],
    // A currency from a newer server: its code is shown as it is.
    [5, 'RUB', 'RUB 5.00'],
  ] as const)('%j %j → %s', (value, currency, expected) => {
    expect(formatMoney(value, currency)).toBe(expected);
  });

  it('uses the spec placeholder', () => {
    expect(MONEY_PLACEHOLDER).toBe('待确认');
  });
});

describe('formatAmount', () => {
  it.each([
    [1234567.891, '1,234,567.89'],
    [0, '0.00'],
    [-1234.5, '-1,234.50'],
    [-0.001, '0.00'],
    ['2.675', '2.68'],
    [999, '999.00'],
    [null, '待确认'],
    ['', '待确认'],
  ] as const)('%j → %s', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });
});

describe('formatMoneyAbs', () => {
  it.each([
    [-1234.5, undefined, '¥1,234.50'],
    [1234.5, undefined, '¥1,234.50'],
    [-1.005, undefined, '¥1.01'],
    [-5, 'EUR', '€5.00'],
    [null, undefined, '待确认'],
  ] as const)('%j %j → %s', (value, currency, expected) => {
    expect(formatMoneyAbs(value, currency)).toBe(expected);
  });
});

describe('formatGermanAmount', () => {
  it.each([
    [1234567.891, '1.234.567,89'],
    [0, '0,00'],
    [0.5, '0,50'],
    [999.995, '1.000,00'],
    [1000, '1.000,00'],
    [-1234.5, '-1.234,50'],
    [-0.001, '0,00'],
    [1.005, '1,01'],
    ['2.675', '2,68'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    [Number.NaN, ''],
  ] as const)('%j → %j', (value, expected) => {
    expect(formatGermanAmount(value)).toBe(expected);
  });
});

describe('formatWeight', () => {
  it.each([
    [1234.5675, '1.234,568'],
    [1234.5674, '1.234,567'],
    [0, '0,000'],
    [0.0005, '0,001'],
    [0.0004, '0,000'],
    [12.5, '12,500'],
    [1234567, '1.234.567,000'],
    ['3.14159', '3,142'],
    [-1.2345, '-1,235'],
    [1.0005, '1,001'],
    [null, ''],
    ['', ''],
  ] as const)('%j → %j', (value, expected) => {
    expect(formatWeight(value)).toBe(expected);
  });
});

describe('roundMoney', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [-1.005, 2, -1.01],
    [1.255, 2, 1.26],
    [0.1 + 0.2, 2, 0.3],
    [1234.5678, 2, 1234.57],
    ['19.999', 2, 20],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [1.4999, 0, 1],
    [1.0005, 3, 1.001],
    [123.456, 1, 123.5],
    [5, 2, 5],
  ] as const)('roundMoney(%j, %i) === %d', (value, decimals, expected) => {
    expect(roundMoney(value, decimals)).toBe(expected);
  });

  it('defaults to 2 decimals', () => {
    expect(roundMoney(1.005)).toBe(1.01);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });

  it('gives NaN for text that is not a number', () => {
    expect(roundMoney('abc')).toBeNaN();
    expect(roundMoney(Number.NaN)).toBeNaN();
  });

  it.each([-1, 1.5, 21])('refuses %d decimals', (decimals) => {
    expect(() => roundMoney(1, decimals)).toThrow(RangeError);
  });
});

describe('lineTotal', () => {
  it.each([
    [0.1, 3, 0.3],
    [19.99, 3, 59.97],
    [1.15, 100, 115],
    [0.285, 3, 0.86],
    [0.07, 100, 7],
    [33.33, 3, 99.99],
    [4.35, 100, 435],
    [1.005, 1, 1.01],
    ['12.50', '4', 50],
    [0, 5, 0],
    [-2.5, 3, -7.5],
    [99999999.99, 1000, 99999999990],
  ] as const)('%j × %j = %d', (price, quantity, expected) => {
    expect(lineTotal(price, quantity)).toBe(expected);
  });

  it('is shown with 2 decimals through formatMoney', () => {
    expect(formatMoney(lineTotal(0.1, 3))).toBe('¥0.30');
    expect(formatMoney(lineTotal(1.15, 100))).toBe('¥115.00');
  });

  it.each([
    [null, 3],
    [undefined, 3],
    ['', 3],
    [1.5, null],
    [1.5, ''],
    ['abc', 2],
  ] as const)('%j × %j is absent (null)', (price, quantity) => {
    expect(lineTotal(price, quantity)).toBeNull();
  });
});

describe('isMoneyAbsent', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    [Number.NaN, true],
    [0, false],
    ['0', false],
  ] as const)('%j → %s', (value, expected) => {
    expect(isMoneyAbsent(value)).toBe(expected);
  });
});
