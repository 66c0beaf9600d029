// Date and time display (purchasing-core §9, settings-messaging-shared §9): times are shown in the
// user's timezone (default Asia/Shanghai) as YYYY-MM-DD HH:mm; documents use DD.MM.YYYY.
// The wall-clock offset is read from Intl directly: dayjs's tz() and utcOffset() pass through the
// runtime's own zone and are an hour off inside its DST gap (a Berlin browser showing 02:30
// Shanghai time on 2026-03-29 prints 03:30). The timezone plugin is still registered for app code.

import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// dayjs.extend marks each plugin installed, so importing this module any number of times, from
// the app, the worker or the server, registers them once. utc must precede timezone.
dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const EUROPEAN_DATE_FORMAT = 'DD.MM.YYYY';
const LOCALE = 'zh-cn';

/** An ISO 8601 string, epoch milliseconds or a Date, as the wire or a picker may hold it. */
export type DateInput = string | number | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:[Zz]|([+-])(\d{2}):?(\d{2}))?$/;
// ECMAScript dates span ±10^8 days around the epoch.
const MAX_EPOCH_MS = 8.64e15;

/** Date.UTC, but without its mapping of years 0–99 to 1900–1999. */
function utcMs(year: number, month: number, day: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(Date.UTC(2000, month - 1, day, h, mi, s, ms));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  return new Date(utcMs(year, month, day)).getUTCDate() === day;
}

type Parsed = { kind: 'instant'; epochMs: number } | { kind: 'calendar'; text: string };

function parse(value: DateInput): Parsed | null {
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? null : { kind: 'instant', epochMs: ms };
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= MAX_EPOCH_MS
      ? { kind: 'instant', epochMs: value }
      : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // A bare date is a calendar day (a delivery or validity date), not an instant: shown as is.
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, y, m, d] = dateOnly.map(Number);
    return y !== undefined && m !== undefined && d !== undefined && isCalendarDate(y, m, d)
      ? { kind: 'calendar', text }
      : null;
  }
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '0', fraction = '', sign, oh = '0', om = '0'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    return null;
  }
  // Date() would roll 2026-02-30 over to March 2: reject out-of-range fields instead.
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  if (Number(oh) > 23 || Number(om) > 59) return null;
  // A string without offset is taken as UTC, the server's clock.
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const wallClock = utcMs(year, month, day, hour, minute, second, millis);
  return { kind: 'instant', epochMs: wallClock - offset * 60_000 };
}

/** Epoch ms of an instant (a bare date counts as UTC midnight); null when absent or invalid. */
export function toEpochMs(value: DateInput): number | null {
  const parsed = parse(value);
  if (!parsed) return null;
  return parsed.kind === 'instant' ? parsed.epochMs : Date.parse(`${parsed.text}T00:00:00Z`);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
    return formatter;
  } catch {
    return null;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  return timeZone.trim() !== '' && wallClockFormatter(timeZone) !== null;
}

/** Minutes east of UTC in `timeZone` at the instant (Shanghai's if the runtime has no such zone). */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const formatter = wallClockFormatter(timeZone) ?? wallClockFormatter(DEFAULT_TIMEZONE);
  if (!formatter) return 0;
  const parts = formatter.formatToParts(epochMs);
  const field = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wallClockAsUtc = utcMs(
    field('year'),
    field('month'),
    field('day'),
    field('hour') % 24,
    field('minute'),
    field('second'),
  );
  const wholeSecond = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return Math.round((wallClockAsUtc - wholeSecond) / 60_000);
}

function formatIn(value: DateInput, pattern: string, timeZone: string | null | undefined): string {
  const parsed = parse(value);
  if (!parsed) return '';
  if (parsed.kind === 'calendar') return dayjs.utc(parsed.text).locale(LOCALE).format(pattern);
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
  // Shift the instant to its wall-clock reading and format that in UTC mode: dayjs's utcOffset()
  // and tz() go through the runtime's local zone and land an hour off inside its DST gap.
  const wallClock = parsed.epochMs + zoneOffsetMinutes(parsed.epochMs, zone) * 60_000;
  return dayjs.utc(wallClock).locale(LOCALE).format(pattern);
}

/**
 * 'YYYY-MM-DD HH:mm' in the user's timezone; '' for an absent or invalid value. An unknown or
 * empty timezone falls back to Asia/Shanghai.
 */
export function formatDateTime(
  value: DateInput,
  timeZone: string | null = DEFAULT_TIMEZONE,
): string {
  return formatIn(value, DATE_TIME_FORMAT, timeZone);
}

/** 'YYYY-MM-DD' of the day in the user's timezone; '' when absent or invalid. */
export function formatDate(value: DateInput, timeZone: string | null = DEFAULT_TIMEZONE): string {
  return formatIn(value, DATE_FORMAT, timeZone);
}

/** 'DD.MM.YYYY' for German documents; '' when absent or invalid. */
export function formatEuropeanDate(
  value: DateInput,
  timeZone: string | null = DEFAULT_TIMEZONE,
): string {
  return formatIn(value, EUROPEAN_DATE_FORMAT, timeZone);
}
