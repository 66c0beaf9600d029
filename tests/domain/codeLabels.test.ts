import { describe, expect, it } from 'vitest';
import { labelSet } from '../../src/domain/codeLabels';

describe('labelSet', () => {
  const set = labelSet({ B: '乙', A: '甲', lower_case: '小写' });

  it('keeps the declared order of the codes', () => {
    expect(set.codes).toEqual(['B', 'A', 'lower_case']);
  });

  it.each([
    ['A', '甲'],
    ['B', '乙'],
    ['lower_case', '小写'],
    ['C', 'C'],
    ['a', 'a'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['constructor', 'constructor'],
    ['__proto__', '__proto__'],
  ])('label(%j) → %j', (code, expected) => {
    expect(set.label(code)).toBe(expected);
  });

  it.each([
    ['A', true],
    ['lower_case', true],
    ['C', false],
    ['toString', false],
    ['hasOwnProperty', false],
    [1, false],
    [null, false],
  ])('is(%j) → %s', (value, expected) => {
    expect(set.is(value)).toBe(expected);
  });
});
