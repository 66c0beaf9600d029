import { describe, expect, it } from 'vitest';
import { isoTime, typeArticleNo } from '../../server/sync/projections';

// Clients read times with the domain's date functions, which take ISO 8601 only.
describe('isoTime', () => {
  it.each([
    ['2025-01-09 02:00:00+00', '2025-01-09T02:00:00.000Z'],
    ['2025-01-09 10:00:00+08', '2025-01-09T02:00:00.000Z'],
    ['2025-01-09 02:00:00.123456+00', '2025-01-09T02:00:00.123Z'],
    ['2025-03-30 01:30:00+02:00', '2025-03-29T23:30:00.000Z'],
    ['2025-01-09T02:00:00.000Z', '2025-01-09T02:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(isoTime(text)).toBe(iso);
  });

  it('keeps null and leaves unreadable text as it is', () => {
    expect(isoTime(null)).toBeNull();
    expect(isoTime('not a time')).toBe('not a time');
  });
});

describe('typeArticleNo', () => {
  it.each([
    ['CPU 1214C', '6ES7214-1AG40-0XB0', 'CPU 1214C / 6ES7214-1AG40-0XB0'],
    ['LC1D18M7C', 'LC1D18M7C', 'LC1D18M7C'],
    [null, '6ES7214-1AG40-0XB0', '6ES7214-1AG40-0XB0'],
    ['CPU 1214C', null, 'CPU 1214C'],
    [null, null, null],
  ])('%s + %s → %s', (type, articleNo, shown) => {
    expect(typeArticleNo(type, articleNo)).toBe(shown);
  });
});
