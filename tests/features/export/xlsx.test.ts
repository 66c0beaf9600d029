// The workbook writer (src/features/export/xlsx.ts), read back by an independent reader
// (read-excel-file) and by its parts: text that XML must escape or cannot hold, shared strings,
// money formats per currency, dates as serial days, the frozen header, columns past Z.
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  dateTime,
  type ExportCell,
  money,
  number,
  text,
} from '../../../src/domain/export/exportTable';
import { columnName, xlsxBytes } from '../../../src/features/export/xlsx';

const table = (rows: ExportCell[][], headers = ['名称', '金额', '时间']) => ({
  sheet: '订单 <全部> & 1',
  headers,
  widths: headers.map(() => 12),
  money: headers.map(() => false),
  rows,
});

describe('xlsxBytes', () => {
  it('writes text XML cannot hold as it can, and reads back as written', async () => {
    const bytes = xlsxBytes(
      table([
        [
          text('<a & "b">\u0001 end '),
          money(-1234.5, 'EUR'),
          dateTime('2025-01-09T18:30:00Z', 'Asia/Shanghai'),
        ],
        [text('<a & "b">\u0001 end '), money(7, 'CNY'), null],
        [text('=1+1'), number(3), null],
      ]),
    );
    const rows = await readSheet(Buffer.from(bytes), { trim: false });
    expect(rows[0]).toEqual(['名称', '金额', '时间']);
    expect(rows[1]?.slice(0, 2)).toEqual(['<a & "b"> end ', -1234.5]);
    const time = rows[1]?.[2] as unknown as Date;
    expect(time).toBeInstanceOf(Date);
    expect(time.toISOString()).toBe('2025-01-10T02:30:00.000Z');
    expect(rows[2]).toEqual(['<a & "b"> end ', 7, null]);
    // A formula-like text stays text: the workbook has no formulas.
    expect(rows[3]).toEqual(['=1+1', 3, null]);
  });

  it('keeps each string once, a format per currency, the header bold and frozen', () => {
    const parts = unzipSync(
      xlsxBytes(
        table([
          [text('西门子'), money(1, 'EUR'), null],
          [text('西门子'), money(2, 'CNY'), null],
          [text('ABB'), money(3, 'EUR'), null],
        ]),
      ),
    );
    const part = (name: string) => strFromU8(parts[name] ?? new Uint8Array());
    expect(part('xl/sharedStrings.xml')).toContain('count="6" uniqueCount="5"');
    const styles = part('xl/styles.xml');
    expect(styles).toContain('formatCode="&quot;€&quot;#,##0.00"');
    expect(styles).toContain('formatCode="&quot;¥&quot;#,##0.00"');
    expect(styles).toContain('formatCode="yyyy-mm-dd hh:mm"');
    const sheet = part('xl/worksheets/sheet1.xml');
    expect(sheet).toContain('state="frozen"');
    expect(sheet).toContain('<c r="A1" s="1" t="s">');
    // Both EUR cells share one style, the CNY cell another.
    const styleOf = (ref: string) => new RegExp(`<c r="${ref}" s="(\\d+)"`).exec(sheet)?.[1];
    expect(styleOf('B2')).toBe(styleOf('B4'));
    expect(styleOf('B3')).not.toBe(styleOf('B2'));
    expect(part('xl/workbook.xml')).toContain('name="订单 &lt;全部&gt; &amp; 1"');
  });

  it('names columns past Z as Excel does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});
