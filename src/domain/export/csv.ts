// An export table as CSV (RFC 4180) that Excel and WPS open right on a Chinese Windows: UTF-8 with
// a BOM (without it Excel reads the bytes as GBK and the Chinese turns to mojibake), CRLF line
// ends, fields quoted when they hold a comma, a quote or a line break. An amount is a plain number
// followed by a column of its currency (币种), so a sum works; a time is its wall-clock text in the
// user's timezone. A text that starts like a formula (= + - @, a tab or CR) gets a leading
// apostrophe, so a spreadsheet shows it instead of running it (OWASP "CSV injection"): the data
// comes from other companies' users.

import { type ExportCell, type ExportTable, wallClockText } from './exportTable';

export const CSV_BOM = '\uFEFF';
export const CSV_TYPE = 'text/csv;charset=utf-8';
export const CURRENCY_HEADER_SUFFIX = '币种';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function field(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function cellText(cell: ExportCell): string {
  if (cell === null) return '';
  switch (cell.kind) {
    case 'text':
      return FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text;
    case 'number':
      return String(cell.value);
    case 'money':
      return cell.value.toFixed(2);
    case 'date':
      return wallClockText(cell.wallClockMs, false);
    case 'dateTime':
      return wallClockText(cell.wallClockMs, true);
  }
}

const currencyOf = (cell: ExportCell): string =>
  cell?.kind === 'money' ? (cell.currency ?? '') : '';

/** One CSV line per row, the headers first. */
export function csvLines(table: ExportTable): string[] {
  const headers = table.headers.flatMap((header, i) =>
    table.money[i] ? [header, `${header}${CURRENCY_HEADER_SUFFIX}`] : [header],
  );
  const rows = table.rows.map((row) =>
    row.flatMap((cell, i) =>
      table.money[i] ? [cellText(cell), currencyOf(cell)] : [cellText(cell)],
    ),
  );
  return [headers, ...rows].map((cells) => cells.map(field).join(','));
}

export function csvText(table: ExportTable): string {
  return `${CSV_BOM}${csvLines(table).join('\r\n')}\r\n`;
}
