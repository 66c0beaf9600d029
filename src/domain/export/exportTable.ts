// A list exported to a file (ecosystem review §2, "Export"): a table of typed cells, the same for
// Excel and CSV. Money stays a number with its currency beside it (Excel shows it with the
// currency's format and can sum it), a time is its wall-clock reading in the user's timezone (a
// spreadsheet date has no zone), a calendar date stays that day. Pure: the export worker builds
// the files from these (src/features/export).

import { currencyPrefix, DEFAULT_CURRENCY } from '../format/currency';
import { toEpochMs, zoneOffsetMinutes } from '../format/date';
import { decimalToNumber, parseDecimal } from '../format/decimal';

export type ExportCell =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'money'; value: number; currency: string }
  /** Epoch ms of the wall-clock reading taken as UTC (what a spreadsheet date holds). */
  | { kind: 'date'; wallClockMs: number }
  | { kind: 'dateTime'; wallClockMs: number }
  | null;

export interface ExportColumn<R> {
  header: string;
  /** Width in characters (Excel's unit). */
  width: number;
  /** Its cells are money: a CSV gives their currency a column of its own. */
  money?: boolean;
  cell(row: R, index: number): ExportCell;
}

export interface ExportTable {
  /** The sheet's name in Excel (at most 31 characters, none of : \ / ? * [ ]). */
  sheet: string;
  headers: string[];
  widths: number[];
  /** Per column: whether it holds money. */
  money: boolean[];
  rows: ExportCell[][];
}

export const text = (value: string | null | undefined): ExportCell =>
  value ? { kind: 'text', text: value } : null;

export const number = (value: number | null | undefined): ExportCell =>
  typeof value === 'number' && Number.isFinite(value) ? { kind: 'number', value } : null;

/** An amount as the wire holds it (number or decimal text); null when absent. */
export function money(
  value: number | string | null | undefined,
  currency: string | null | undefined,
): ExportCell {
  const parsed = parseDecimal(value);
  if (!parsed) return null;
  // No currency means yuan, as the screens print it (formatMoney).
  return {
    kind: 'money',
    value: decimalToNumber(parsed),
    currency: currency?.trim() || DEFAULT_CURRENCY,
  };
}

/** An instant read in `timeZone` (a bare YYYY-MM-DD stays that day); null when absent. */
function wallClock(value: string | null | undefined, timeZone: string): number | null {
  if (!value) return null;
  const epochMs = toEpochMs(value);
  if (epochMs === null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return epochMs;
  return epochMs + zoneOffsetMinutes(epochMs, timeZone) * 60_000;
}

export function dateTime(value: string | null | undefined, timeZone: string): ExportCell {
  const wallClockMs = wallClock(value, timeZone);
  return wallClockMs === null ? null : { kind: 'dateTime', wallClockMs };
}

export function date(value: string | null | undefined, timeZone: string): ExportCell {
  const wallClockMs = wallClock(value, timeZone);
  return wallClockMs === null ? null : { kind: 'date', wallClockMs };
}

export function tableOf<R>(
  sheet: string,
  columns: readonly ExportColumn<R>[],
  rows: readonly ExportCell[][],
): ExportTable {
  return {
    sheet: sheetName(sheet),
    headers: columns.map((column) => column.header),
    widths: columns.map((column) => column.width),
    money: columns.map((column) => column.money === true),
    rows: [...rows],
  };
}

export const rowCells = <R>(columns: readonly ExportColumn<R>[], row: R, index: number) =>
  columns.map((column) => column.cell(row, index));

/** Excel refuses these in a sheet name and more than 31 characters. */
export function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Excel's number format of an amount in `currency`: '"¥"#,##0.00' (a negative gets its minus). */
export function excelMoneyFormat(currency: string): string {
  const prefix = currencyPrefix(currency).replace(/"/g, '');
  return prefix ? `"${prefix}"#,##0.00` : '#,##0.00';
}

export const EXCEL_DATE_FORMAT = 'yyyy-mm-dd';
export const EXCEL_DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock reading as the screen prints it: 2025-01-09 10:00, or the day alone. */
export function wallClockText(wallClockMs: number, withTime: boolean): string {
  const d = new Date(wallClockMs);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return withTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : day;
}

/** A file name's time stamp in the user's timezone: 20261128-1530. */
export function exportStamp(epochMs: number, timeZone: string): string {
  const wall = new Date(epochMs + zoneOffsetMinutes(epochMs, timeZone) * 60_000);
  const day = `${wall.getUTCFullYear()}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}`;
  return `${day}-${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}`;
}

const REFUSED_IN_FILE_NAMES = new Set('\\/:*?"<>|');

/** A file name without characters a file system refuses (an order number never has any). */
export function safeFileName(name: string): string {
  const safe = [...name].map((c) => (c < ' ' || REFUSED_IN_FILE_NAMES.has(c) ? '_' : c));
  return safe.join('').slice(0, 120);
}
