import { describe, expect, it } from 'vitest';
import {
  decimalToNumber,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
} from '../../../src/domain/format/decimal';

describe('parseDecimal', () => {
  it.each([
    [1.005, { negative: false, coefficient: 1005n, scale: 3 }],
    [-2.5, { negative: true, coefficient: 25n, scale: 1 }],
    [-0, { negative: false, coefficient: 0n, scale: 0 }],
    ['-0.00', { negative: false, coefficient: 0n, scale: 2 }],
    ['007', { negative: false, coefficient: 7n, scale: 0 }],
    ['1.5e2', { negative: false, coefficient: 150n, scale: 0 }],
    ['15e-3', { negative: false, coefficient: 15n, scale: 3 }],
    [1e21, { negative: false, coefficient: 10n ** 21n, scale: 0 }],
    [1.5e-7, { negative: false, coefficient: 15n, scale: 8 }],
  ] as const)('%s', (value, expected) => {
    expect(parseDecimal(value)).toEqual(expected);
  });

  it.each([[null], [undefined], [''], ['e5'], ['1.2.3'], ['- 1'], [true], [10n], [[1]]])(
    '%s is not a number',
    (value) => {
      expect(parseDecimal(value)).toBeNull();
    },
  );
});

describe('roundDecimal', () => {
  it.each([
    ['0.125', 2, '0.13'],
    ['0.124', 2, '0.12'],
    ['-0.125', 2, '-0.13'],
    ['0.5', 0, '1'],
    ['0.49', 0, '0'],
    ['7', 2, '7'],
    ['0.0000000001', 2, '0'],
  ] as const)('%s to %i places → %s', (text, decimals, expected) => {
    const parsed = parseDecimal(text);
    expect(parsed).not.toBeNull();
    if (parsed) expect(decimalToNumber(roundDecimal(parsed, decimals))).toBe(Number(expected));
  });
});

describe('multiplyDecimal', () => {
  it('multiplies exactly', () => {
    const a = parseDecimal('0.1');
    const b = parseDecimal('3');
    expect(a && b ? decimalToNumber(multiplyDecimal(a, b)) : null).toBe(0.3);
  });
});
