// The kept list totals (server/sync/listTotals.ts): a total is counted once per feed head version
// of its company, again when the head moves, and the memory is bounded.
import { describe, expect, it } from 'vitest';
import { ListTotals } from '../../../server/sync/listTotals';

describe('ListTotals', () => {
  it('counts once per head version and again when the head moves', async () => {
    const totals = new ListTotals();
    let counts = 0;
    const count = async () => ++counts * 10;
    expect(await totals.total('sheets/1/ALL/{}', 5, count)).toBe(10);
    expect(await totals.total('sheets/1/ALL/{}', 5, count)).toBe(10);
    expect(await totals.total('sheets/1/ALL/{}', 6, count)).toBe(20);
    // Another list or filter is its own total.
    expect(await totals.total('sheets/1/SIGNED/{}', 6, count)).toBe(30);
    expect(counts).toBe(3);
  });

  it('forgets the oldest total when full', async () => {
    const totals = new ListTotals(2);
    let counts = 0;
    const count = async () => ++counts;
    for (const key of ['a', 'b', 'c', 'b', 'c', 'a']) await totals.total(key, 1, count);
    expect(counts).toBe(4);
  });
});
