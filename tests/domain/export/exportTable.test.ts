import { describe, expect, it } from 'vitest';
import {
  date,
  dateTime,
  excelMoneyFormat,
  exportStamp,
  safeFileName,
  sheetName,
  wallClockText,
} from '../../../src/domain/export/exportTable';

describe('export cells', () => {
  it('reads a time on the wall clock of the user, a bare date as that day', () => {
    const shanghai = dateTime('2025-01-09T18:30:00.000Z', 'Asia/Shanghai');
    expect(shanghai?.kind === 'dateTime' && wallClockText(shanghai.wallClockMs, true)).toBe(
      '2025-01-10 02:30',
    );
    const berlin = dateTime('2025-07-09T18:30:00.000Z', 'Europe/Berlin');
    expect(berlin?.kind === 'dateTime' && wallClockText(berlin.wallClockMs, true)).toBe(
      '2025-07-09 20:30',
    );
    const day = date('2025-03-01', 'America/New_York');
    expect(day?.kind === 'date' && wallClockText(day.wallClockMs, false)).toBe('2025-03-01');
    expect(dateTime('not a time', 'Asia/Shanghai')).toBeNull();
    expect(dateTime(null, 'Asia/Shanghai')).toBeNull();
  });

  it("formats money in Excel with the currency's symbol", () => {
    expect(excelMoneyFormat('CNY')).toBe('"¥"#,##0.00');
    expect(excelMoneyFormat('EUR')).toBe('"€"#,##0.00');
    expect(excelMoneyFormat('CHF')).toBe('"CHF "#,##0.00');
    // A code the app does not know is printed as given, never breaking out of the quotes.
    expect(excelMoneyFormat('X"Y')).toBe('"XY "#,##0.00');
  });

  it('names sheets and files as Excel and file systems accept them', () => {
    expect(sheetName('订单 全部/已取消[1]')).toBe('订单 全部 已取消 1 ');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName('')).toBe('Sheet1');
    expect(safeFileName('PO1/2:3*?"<>|\u0001x')).toBe('PO1_2_3_______x');
    expect(exportStamp(Date.parse('2026-11-28T15:30:00Z'), 'Asia/Shanghai')).toBe('20261128-2330');
  });
});
