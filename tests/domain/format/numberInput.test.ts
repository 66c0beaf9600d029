import { describe, expect, it } from 'vitest';
import {
  parseQuantity,
  sanitizeDecimal,
  sanitizeNumberInput,
  sanitizePositiveInteger,
} from '../../../src/domain/format/numberInput';

// purchasing-core §5 "Amounts" and settings-messaging-shared §5 "Shared widgets".

describe('sanitizeDecimal (digits and one point, at most 2 decimals)', () => {
  it.each([
    ['', ''],
    ['12', '12'],
    ['12.3', '12.3'],
    ['12.34', '12.34'],
    ['12.345', '12.34'],
    ['12.349', '12.34'],
    ['a1b.2.3', '1.23'],
    ['1.2.3.4', '1.23'],
    ['12.', '12.'],
    ['.5', '0.5'],
    ['.', '0.'],
    ['..5', '0.5'],
    ['0', '0'],
    ['0.5', '0.5'],
    ['00.5', '0.5'],
    ['007', '7'],
    ['000', '0'],
    ['-12.5', '12.5'],
    ['1,234.56', '1234.56'],
    ['¥ 99.9', '99.9'],
    ['abc', ''],
    [' 3 ', '3'],
    ['１２．３４５', '12.34'],
    ['１２。５', '12.5'],
  ])('%j → %j', (text, expected) => {
    expect(sanitizeDecimal(text)).toBe(expected);
  });

  it.each([
    ['12.345', 3, '12.345'],
    ['12.3456', 3, '12.345'],
    ['12.5', 0, '12'],
  ] as const)('%j with %i places → %j', (text, decimals, expected) => {
    expect(sanitizeDecimal(text, decimals)).toBe(expected);
  });
});

describe('sanitizePositiveInteger (digits only, no leading zero)', () => {
  it.each([
    ['', ''],
    ['0', ''],
    ['00', ''],
    ['007', '7'],
    ['100', '100'],
    ['12a3', '123'],
    ['1.5', '15'],
    ['-3', '3'],
    ['abc', ''],
    ['０７', '7'],
  ])('%j → %j', (text, expected) => {
    expect(sanitizePositiveInteger(text)).toBe(expected);
  });
});

describe('sanitizeNumberInput', () => {
  it.each([
    // Non-negative unless minus is allowed.
    ['-5', {}, '5'],
    ['-5', { allowNegative: true }, '-5'],
    ['-', { allowNegative: true }, '-'],
    ['-', {}, ''],
    ['5-3', { allowNegative: true }, '53'],
    ['--5', { allowNegative: true }, '-5'],
    ['－5', { allowNegative: true }, '-5'],
    ['-.5', { allowNegative: true }, '-0.5'],
    ['-0', { allowNegative: true }, '-0'],
    // Integer mode truncates decimals (never rounds).
    ['12.7', { integer: true }, '12'],
    ['12.', { integer: true }, '12'],
    ['.7', { integer: true }, ''],
    ['-12.9', { integer: true, allowNegative: true }, '-12'],
    // Capped at a maximum.
    ['150', { max: 100 }, '100'],
    ['100', { max: 100 }, '100'],
    ['100.01', { max: 100 }, '100'],
    ['99.99', { max: 100 }, '99.99'],
    ['150.7', { max: 100, integer: true }, '100'],
    ['-500', { max: 100, allowNegative: true }, '-500'],
    ['', { max: 100 }, ''],
    // Limited to the given decimal places.
    ['1.23456', { decimals: 2 }, '1.23'],
    ['1.2', { decimals: 2 }, '1.2'],
    ['1.', { decimals: 2 }, '1.'],
    ['1.5', { decimals: 0 }, '1'],
    ['1.23456', {}, '1.23456'],
    ['a1b.2.3', {}, '1.23'],
    // onlyNumber: digits only, a leading 0 rejected.
    ['0', { onlyNumber: true }, ''],
    ['05', { onlyNumber: true }, '5'],
    ['50', { onlyNumber: true }, '50'],
    ['5.5', { onlyNumber: true }, '55'],
    ['-5', { onlyNumber: true, allowNegative: true }, '5'],
    ['500', { onlyNumber: true, max: 99 }, '99'],
    // Without onlyNumber a single zero is a value.
    ['0', {}, '0'],
    ['007', {}, '7'],
    ['', {}, ''],
  ] as const)('%j with %o → %j', (text, options, expected) => {
    expect(sanitizeNumberInput(text, options)).toBe(expected);
  });

  it('has no restrictions beyond non-negative by default', () => {
    expect(sanitizeNumberInput('12.345')).toBe('12.345');
  });
});

describe('parseQuantity (integer ≥ 1)', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    [' 3 ', 3],
    ['007', 7],
    ['１２', 12],
    [1, 1],
    [250, 250],
    [2.0, 2],
    ['0', null],
    [0, null],
    [-1, null],
    ['-1', null],
    ['1.5', null],
    [1.5, null],
    ['1e3', null],
    ['', null],
    ['abc', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    ['99999999999999999999', null],
  ] as const)('%j → %j', (value, expected) => {
    expect(parseQuantity(value)).toBe(expected);
  });
});
