import { describe, expect, it } from 'vitest';
import { dateShortcutRange } from '../../../src/domain/enums/dateRanges';

const iso = (ms: number) => new Date(ms).toISOString();

describe('dateShortcutRange', () => {
  // 2024-06-15 01:30 in Shanghai is still 2024-06-14 in UTC (17:30).
  const now = Date.parse('2024-06-14T17:30:00Z');

  it.each([
    ['today', '2024-06-14T16:00:00.000Z', '2024-06-15T15:59:59.999Z'],
    ['yesterday', '2024-06-13T16:00:00.000Z', '2024-06-14T15:59:59.999Z'],
    ['last7', '2024-06-08T16:00:00.000Z', '2024-06-15T15:59:59.999Z'],
    ['last30', '2024-05-16T16:00:00.000Z', '2024-06-15T15:59:59.999Z'],
    // 2024-06-15 minus 179 days is 2023-12-19.
    ['last180', '2023-12-18T16:00:00.000Z', '2024-06-15T15:59:59.999Z'],
  ] as const)('%s in Asia/Shanghai', (shortcut, start, end) => {
    const range = dateShortcutRange(shortcut, now, 'Asia/Shanghai');
    expect(range?.map(iso)).toEqual([start, end]);
  });

  it.each([
    ['today', '2024-06-13T22:00:00.000Z', '2024-06-14T21:59:59.999Z'],
    ['yesterday', '2024-06-12T22:00:00.000Z', '2024-06-13T21:59:59.999Z'],
    ['last7', '2024-06-07T22:00:00.000Z', '2024-06-14T21:59:59.999Z'],
  ] as const)('%s in Europe/Berlin (summer time)', (shortcut, start, end) => {
    const range = dateShortcutRange(shortcut, now, 'Europe/Berlin');
    expect(range?.map(iso)).toEqual([start, end]);
  });

  it('spans the switch to summer time in Berlin', () => {
    // 2024-04-02 12:00 Berlin; 7 days back starts on 2024-03-27, still winter time (+01:00).
    const range = dateShortcutRange('last7', Date.parse('2024-04-02T10:00:00Z'), 'Europe/Berlin');
    expect(range?.map(iso)).toEqual(['2024-03-26T23:00:00.000Z', '2024-04-02T21:59:59.999Z']);
  });

  it('last180 covers exactly 180 calendar days', () => {
    const range = dateShortcutRange('last180', now, 'Asia/Shanghai');
    expect(range && (range[1] + 1 - range[0]) / 86_400_000).toBe(180);
  });

  it('all sets no filter', () => expect(dateShortcutRange('all', now, 'Asia/Shanghai')).toBeNull());

  it('defaults to Asia/Shanghai, also for an unknown zone', () => {
    const shanghai = dateShortcutRange('today', now, 'Asia/Shanghai');
    expect(dateShortcutRange('today', now)).toEqual(shanghai);
    expect(dateShortcutRange('today', now, 'Mars/Base')).toEqual(shanghai);
  });
});
