import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMEZONE,
  formatDate,
  formatDateTime,
  formatEuropeanDate,
  isValidTimeZone,
  toEpochMs,
} from '../../../src/domain/format/date';

// purchasing-core §9 / settings-messaging-shared §9: the user's timezone (default Asia/Shanghai),
// YYYY-MM-DD HH:mm, and DD.MM.YYYY for European documents.

describe('formatDateTime in Asia/Shanghai (the default)', () => {
  it.each([
    ['2026-01-01T16:30:00Z', '2026-01-02 00:30'],
    ['2026-01-01T15:59:59Z', '2026-01-01 23:59'],
    ['2026-01-01T16:00:00Z', '2026-01-02 00:00'],
    ['2025-12-31T16:00:00.000Z', '2026-01-01 00:00'],
    ['2026-01-01T16:30:00+00:00', '2026-01-02 00:30'],
    ['2026-01-02T00:30:00+08:00', '2026-01-02 00:30'],
    ['2026-01-01T17:30:00+0100', '2026-01-02 00:30'],
    ['2026-01-01T16:30:59.999Z', '2026-01-02 00:30'],
    ['2026-01-01 16:30:00', '2026-01-02 00:30'],
    ['2026-01-01T16:30', '2026-01-02 00:30'],
    ['  2026-01-01T16:30:00Z  ', '2026-01-02 00:30'],
    ['2024-02-29T12:00:00Z', '2024-02-29 20:00'],
    // A bare date is a calendar day: not shifted by the timezone.
    ['2026-03-05', '2026-03-05 00:00'],
  ])('%j → %s', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });

  it('reads epoch milliseconds and Dates', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 1, 16, 30))).toBe('2026-01-02 00:30');
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 1, 16, 30)))).toBe('2026-01-02 00:30');
    expect(formatDateTime(0)).toBe('1970-01-01 08:00');
  });

  it('defaults to Asia/Shanghai', () => {
    expect(DEFAULT_TIMEZONE).toBe('Asia/Shanghai');
    expect(formatDateTime('2026-06-01T00:00:00Z', 'Asia/Shanghai')).toBe(
      formatDateTime('2026-06-01T00:00:00Z'),
    );
  });
});

describe('formatDateTime in Europe/Berlin across DST', () => {
  it.each([
    // Spring forward on 2026-03-29 at 01:00 UTC (02:00 CET → 03:00 CEST).
    ['2026-03-29T00:30:00Z', '2026-03-29 01:30'],
    ['2026-03-29T00:59:00Z', '2026-03-29 01:59'],
    ['2026-03-29T01:00:00Z', '2026-03-29 03:00'],
    ['2026-03-29T01:30:00Z', '2026-03-29 03:30'],
    // Fall back on 2026-10-25 at 01:00 UTC (03:00 CEST → 02:00 CET): 02:30 happens twice.
    ['2026-10-25T00:30:00Z', '2026-10-25 02:30'],
    ['2026-10-25T01:30:00Z', '2026-10-25 02:30'],
    ['2026-10-25T02:30:00Z', '2026-10-25 03:30'],
    ['2026-01-15T12:00:00Z', '2026-01-15 13:00'],
    ['2026-07-15T12:00:00Z', '2026-07-15 14:00'],
    ['2026-12-31T23:30:00Z', '2027-01-01 00:30'],
  ])('%s → %s', (value, expected) => {
    expect(formatDateTime(value, 'Europe/Berlin')).toBe(expected);
  });
});

describe('other timezones', () => {
  it.each([
    ['UTC', '2026-01-01 16:30'],
    ['America/New_York', '2026-01-01 11:30'],
    ['Asia/Kathmandu', '2026-01-01 22:15'],
    // Unknown or empty: the default timezone.
    ['Mars/Olympus', '2026-01-02 00:30'],
    ['', '2026-01-02 00:30'],
    [null, '2026-01-02 00:30'],
  ] as const)('%j → %s', (zone, expected) => {
    expect(formatDateTime('2026-01-01T16:30:00Z', zone)).toBe(expected);
  });

  it.each([
    ['Asia/Shanghai', true],
    ['Europe/Berlin', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
  ] as const)('isValidTimeZone(%j) === %s', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });
});

describe('absent or invalid values give an empty text', () => {
  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['not a date'],
    ['2026-02-30'],
    ['2026-02-29T10:00:00Z'],
    ['2026-13-01T00:00:00Z'],
    ['2026-00-10'],
    ['2026-01-01T24:00:00Z'],
    ['2026-01-01T10:60:00Z'],
    ['2026-01-01T10:00:60Z'],
    ['2026-01-01T10:00:00+25:00'],
    ['2026/01/01'],
    ['1767285000000'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [9e15],
    [new Date('invalid')],
  ])('%j', (value) => {
    expect(formatDateTime(value)).toBe('');
    expect(formatDate(value)).toBe('');
    expect(formatEuropeanDate(value)).toBe('');
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-01-01T16:30:00Z', 'Asia/Shanghai', '2026-01-02'],
    ['2026-01-01T15:59:00Z', 'Asia/Shanghai', '2026-01-01'],
    ['2026-03-29T00:30:00Z', 'Europe/Berlin', '2026-03-29'],
    ['2026-12-31T23:30:00Z', 'Europe/Berlin', '2027-01-01'],
    ['2026-03-05', 'Asia/Shanghai', '2026-03-05'],
    ['2026-03-05', 'America/New_York', '2026-03-05'],
  ])('%s in %s → %s', (value, zone, expected) => {
    expect(formatDate(value, zone)).toBe(expected);
  });
});

describe('formatEuropeanDate', () => {
  it.each([
    ['2026-03-05', 'Asia/Shanghai', '05.03.2026'],
    ['2026-01-01T16:30:00Z', 'Asia/Shanghai', '02.01.2026'],
    ['2026-01-01T16:30:00Z', 'Europe/Berlin', '01.01.2026'],
    ['2024-02-29T00:00:00Z', 'Europe/Berlin', '29.02.2024'],
  ])('%s in %s → %s', (value, zone, expected) => {
    expect(formatEuropeanDate(value, zone)).toBe(expected);
  });
});

describe('toEpochMs', () => {
  it.each([
    ['2026-01-02T00:30:00+08:00', Date.UTC(2026, 0, 1, 16, 30)],
    ['2026-01-01T16:30:00.250Z', Date.UTC(2026, 0, 1, 16, 30, 0, 250)],
    ['2026-01-01 16:30:00', Date.UTC(2026, 0, 1, 16, 30)],
    ['2026-03-05', Date.UTC(2026, 2, 5)],
    [1767285000000, 1767285000000],
    ['', null],
    ['2026-02-30', null],
  ] as const)('%j → %j', (value, expected) => {
    expect(toEpochMs(value)).toBe(expected);
  });
});

describe('plugins', () => {
  it('registers utc and timezone for the rest of the app', () => {
    expect(typeof dayjs.utc).toBe('function');
    expect(typeof dayjs.tz).toBe('function');
    expect(dayjs.utc('2026-01-01T16:30:00Z').tz('Asia/Shanghai').format('HH:mm')).toBe('00:30');
  });

  it('loads the zh-cn locale without making it the global default', () => {
    expect(dayjs.Ls['zh-cn']?.name).toBe('zh-cn');
    expect(dayjs.locale()).toBe('en');
  });
});

// dayjs's own tz()/utcOffset() go through the runtime's zone: a Berlin browser showing
// Shanghai's 02:30 on the night Berlin springs forward got 03:30. Run under that zone.
describe('independent of the runtime timezone', () => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('the runtime really is in Berlin time for this test', () => {
    expect(new Date(Date.UTC(2026, 0, 1, 12)).getHours()).toBe(13);
  });

  it.each([
    ['2026-03-28T18:30:00Z', 'Asia/Shanghai', '2026-03-29 02:30'],
    ['2026-03-28T18:00:00Z', 'Asia/Shanghai', '2026-03-29 02:00'],
    ['2026-10-24T17:30:00Z', 'Asia/Shanghai', '2026-10-25 01:30'],
    ['2026-03-29T00:30:00Z', 'Europe/Berlin', '2026-03-29 01:30'],
    ['2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08 03:30'],
    ['2026-03-08T06:30:00Z', 'America/New_York', '2026-03-08 01:30'],
  ])('%s in %s → %s', (value, zone, expected) => {
    expect(formatDateTime(value, zone)).toBe(expected);
  });
});
