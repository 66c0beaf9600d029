import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvText } from '../../../src/domain/export/csv';
import {
  dateTime,
  type ExportColumn,
  money,
  number,
  tableOf,
  text,
} from '../../../src/domain/export/exportTable';

type Row = { name: string; amount: number | null; currency: string | null; at: string | null };

const columns: ExportColumn<Row>[] = [
  { header: '序号', width: 6, cell: (_row, index) => number(index + 1) },
  { header: '名称', width: 20, cell: (row) => text(row.name) },
  { header: '金额', width: 12, money: true, cell: (row) => money(row.amount, row.currency) },
  { header: '时间', width: 17, cell: (row) => dateTime(row.at, 'Asia/Shanghai') },
];

const csv = (rows: Row[]) =>
  csvText(
    tableOf(
      '表',
      columns,
      rows.map((row, i) => columns.map((c) => c.cell(row, i))),
    ),
  );

describe('csvText', () => {
  it('starts with a BOM, ends lines with CRLF, gives money a currency column', () => {
    const out = csv([
      { name: '伺服电机', amount: 1234.5, currency: 'EUR', at: '2025-01-09T02:00:00.000Z' },
      { name: '无金额', amount: null, currency: null, at: null },
    ]);
    expect(out.startsWith(CSV_BOM)).toBe(true);
    expect(out.slice(1).split('\r\n')).toEqual([
      '序号,名称,金额,金额币种,时间',
      '1,伺服电机,1234.50,EUR,2025-01-09 10:00',
      '2,无金额,,,',
      '',
    ]);
  });

  it('quotes commas, quotes and line breaks', () => {
    const out = csv([{ name: 'a,"b"\nc', amount: 1, currency: 'CNY', at: null }]);
    expect(out.slice(1).split('\r\n')[1]).toBe('1,"a,""b""\nc",1.00,CNY,');
  });

  it('keeps a text that looks like a formula from running', () => {
    for (const name of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx']) {
      const line = csv([{ name, amount: null, currency: null, at: null }])
        .slice(1)
        .split('\r\n')[1];
      expect(line?.split(',')[1]?.replace(/^"/, '').startsWith("'")).toBe(true);
    }
    // A negative amount is a number, not a formula.
    const line = csv([{ name: 'x', amount: -5, currency: 'CNY', at: null }]).split('\r\n')[1];
    expect(line).toBe('1,x,-5.00,CNY,');
  });

  it('reads a money text as the wire may send it, and yuan when no currency', () => {
    expect(money('1234.565', null)).toEqual({ kind: 'money', value: 1234.565, currency: 'CNY' });
    expect(money('', 'EUR')).toBeNull();
    expect(money('abc', 'EUR')).toBeNull();
  });
});
