// Date-range shortcuts of the list filters (settings-messaging-shared §3 "Static data", §9
// "Date shortcuts: all, today, yesterday, last 7, 30 and 180 days"). A range is whole calendar
// days in the user's timezone: "last 7 days" is today and the 6 days before it.
// Day boundaries are computed with Intl rather than dayjs.tz, which goes through the runtime's
// own zone and is an hour off inside its DST gap (see format/date.ts).

import { labelSet } from '../codeLabels';
import { DEFAULT_TIMEZONE, isValidTimeZone, zoneOffsetMinutes } from '../format/date';

export const DATE_SHORTCUTS = labelSet({
  all: '全部',
  today: '今天',
  yesterday: '昨天',
  last7: '最近7天',
  last30: '最近30天',
  last180: '最近180天',
});
export type DateShortcut = (typeof DATE_SHORTCUTS.codes)[number];

/** The shortcuts a date filter offers beside its calendar; "all" is the empty field (cleared). */
export const DATE_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'last180'] as const;

/** [first day offset, last day offset] relative to today; null = no date filter. */
const SHORTCUT_DAYS: Record<DateShortcut, readonly [number, number] | null> = {
  all: null,
  today: [0, 0],
  yesterday: [-1, -1],
  last7: [-6, 0],
  last30: [-29, 0],
  last180: [-179, 0],
};

const DAY_MS = 86_400_000;

/** Milliseconds the zone's wall clock is ahead of UTC at the instant. */
function offsetMs(epochMs: number, timeZone: string): number {
  return zoneOffsetMinutes(epochMs, timeZone) * 60_000;
}

/** The instant the zone's day (given as UTC midnight of that calendar date) begins. */
function startOfZonedDay(utcMidnight: number, timeZone: string): number {
  const first = utcMidnight - offsetMs(utcMidnight, timeZone);
  // Second pass: the offset at the real instant may differ across a DST change.
  return utcMidnight - offsetMs(first, timeZone);
}

/** UTC midnight of the calendar day the zone's wall clock shows at `nowMs`. */
function zonedToday(nowMs: number, timeZone: string): number {
  const wallClock = nowMs + offsetMs(nowMs, timeZone);
  return wallClock - (((wallClock % DAY_MS) + DAY_MS) % DAY_MS);
}

const zoneOrDefault = (timeZone: string) =>
  isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;

/**
 * [first, last] calendar days (YYYY-MM-DD, both included) of a shortcut at `nowMs` in `timeZone`:
 * the value a list's date-range filter keeps, which the list reads as whole days in the same
 * zone (list/listFilters.ts). null for "all".
 */
export function dateShortcutDays(
  shortcut: DateShortcut,
  nowMs: number,
  timeZone: string = DEFAULT_TIMEZONE,
): readonly [string, string] | null {
  const days = SHORTCUT_DAYS[shortcut];
  if (days === null) return null;
  const today = zonedToday(nowMs, zoneOrDefault(timeZone));
  const day = (offset: number) => new Date(today + offset * DAY_MS).toISOString().slice(0, 10);
  return [day(days[0]), day(days[1])];
}

/**
 * [start, end] epoch milliseconds (end inclusive: the last millisecond of the last day) of a
 * shortcut at `nowMs` in `timeZone` (an unknown zone falls back to Asia/Shanghai); null for
 * "all", which sets no date filter.
 */
export function dateShortcutRange(
  shortcut: DateShortcut,
  nowMs: number,
  timeZone: string = DEFAULT_TIMEZONE,
): readonly [number, number] | null {
  const days = SHORTCUT_DAYS[shortcut];
  if (days === null) return null;
  const zone = zoneOrDefault(timeZone);
  const today = zonedToday(nowMs, zone);
  const start = startOfZonedDay(today + days[0] * DAY_MS, zone);
  const end = startOfZonedDay(today + (days[1] + 1) * DAY_MS, zone) - 1;
  return [start, end];
}
