import { describe, expect, it } from 'vitest';
import {
  DATE_PRESETS,
  DATE_SHORTCUTS,
  dateShortcutDays,
  dateShortcutRange,
} from '../../../src/domain/enums/dateRanges';

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

describe('dateShortcutDays (the value a list filter keeps)', () => {
  it('offers the spec shortcuts by their words, "all" being the empty field', () => {
    expect(DATE_PRESETS.map((code) => DATE_SHORTCUTS.label(code))).toEqual([
      '今天',
      '昨天',
      '最近7天',
      '最近30天',
      '最近180天',
    ]);
    expect(dateShortcutDays('all', Date.now(), 'Asia/Shanghai')).toBeNull();
  });

  // 2024-03-01 00:30 in Shanghai (UTC+8) is still 2024-02-29 16:30 in UTC, and 2024-02-29 17:30
  // in Berlin: the same instant is another calendar day in each zone.
  const justAfterMidnight = Date.parse('2024-02-29T16:30:00Z');

  it.each([
    ['today', '2024-03-01', '2024-03-01'],
    ['yesterday', '2024-02-29', '2024-02-29'],
    ['last7', '2024-02-24', '2024-03-01'],
    ['last30', '2024-02-01', '2024-03-01'],
    ['last180', '2023-09-04', '2024-03-01'],
  ] as const)('%s just after midnight in Asia/Shanghai', (shortcut, first, last) => {
    expect(dateShortcutDays(shortcut, justAfterMidnight, 'Asia/Shanghai')).toEqual([first, last]);
  });

  it.each([
    ['today', '2024-02-29', '2024-02-29'],
    ['yesterday', '2024-02-28', '2024-02-28'],
    ['last7', '2024-02-23', '2024-02-29'],
  ] as const)('%s at the same instant in Europe/Berlin', (shortcut, first, last) => {
    expect(dateShortcutDays(shortcut, justAfterMidnight, 'Europe/Berlin')).toEqual([first, last]);
  });

  it('turns to the next day at the zone midnight, not at UTC or the runtime midnight', () => {
    // Berlin in winter is UTC+1: 22:59:59.999 UTC is still 23:59 on the 5th, 23:00 UTC the 6th.
    const before = Date.parse('2024-01-05T22:59:59.999Z');
    expect(dateShortcutDays('today', before, 'Europe/Berlin')).toEqual([
      '2024-01-05',
      '2024-01-05',
    ]);
    expect(dateShortcutDays('today', before + 1, 'Europe/Berlin')).toEqual([
      '2024-01-06',
      '2024-01-06',
    ]);
    expect(dateShortcutDays('yesterday', before + 1, 'Europe/Berlin')).toEqual([
      '2024-01-05',
      '2024-01-05',
    ]);
  });

  it('names the same days as the instant range of the shortcut', () => {
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'America/Los_Angeles']) {
      for (const shortcut of DATE_PRESETS) {
        const range = dateShortcutRange(shortcut, justAfterMidnight, zone);
        const days = dateShortcutDays(shortcut, justAfterMidnight, zone);
        const dayIn = (ms: number) =>
          new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(ms));
        expect(range && [dayIn(range[0]), dayIn(range[1])]).toEqual(days);
      }
    }
  });

  it('falls back to Asia/Shanghai for an unknown zone', () => {
    expect(dateShortcutDays('today', justAfterMidnight, 'Mars/Base')).toEqual([
      '2024-03-01',
      '2024-03-01',
    ]);
  });
});
