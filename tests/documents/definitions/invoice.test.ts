import { describe, expect, it } from 'vitest';
import {
  chooseInvoice,
  formatTaxRate,
  invoiceFigures,
  invoiceSpec,
} from '../../../src/documents/definitions/invoice';
import type { TableBlock } from '../../../src/documents/spec';
import { invoice, order, orderInput } from './fixtures';

const invoiced = (invoices = [invoice()]) => orderInput({ order: order({ invoices }) });

describe('invoice figures', () => {
  it('prints the lines of report lines and totals them taxed and untaxed', () => {
    const figures = invoiceFigures(invoiced());
    expect(
      figures?.lines.map((l) => [l.typeArticleNo, l.quantity, l.unitPrice, l.taxedAmount]),
    ).toEqual([
      ['S7-1 / 6ES7-1', 2, 885, 2000.1],
      ['S7-2 / 6ES7-2', 3, 295, 1000.02],
    ]);
    expect([figures?.untaxedTotal, figures?.taxedTotal, figures?.tax]).toEqual([
      2655, 3000.12, 345.12,
    ]);
  });

  it('chooses the asked invoice, else the first not canceled; none without invoices', () => {
    const list = [invoice({ id: 1, state: 'CANCELED' }), invoice({ id: 2 }), invoice({ id: 3 })];
    expect(chooseInvoice(invoiced(list))?.id).toBe(2);
    expect(chooseInvoice({ ...invoiced(list), invoiceId: 3 })?.id).toBe(3);
    expect(chooseInvoice({ ...invoiced(list), invoiceId: 99 })).toBeNull();
    expect(invoiceFigures(orderInput())).toBeNull();
  });

  it.each([
    [0.13, '13%'],
    [0.06, '6%'],
    [null, ''],
  ])('tax rate %s → %s', (rate, text) => {
    expect(formatTaxRate(rate)).toBe(text);
  });
});

describe('invoice spec', () => {
  it('has number, reference orders, customer, totals, tax rate, 顺丰 and the log', () => {
    const spec = invoiceSpec(invoiced([invoice({ delivery_company: null })]));
    expect(spec.fileName).toBe('发票-12345678.pdf');
    const all = JSON.stringify(spec.blocks);
    for (const expected of [
      '"发票号码：","value":"12345678"',
      '"开票日期：","value":"2025-04-02"',
      '"关联订单：","value":"PO2025001"',
      '"客户公司：","value":"苏州恒远机电有限公司"',
      '"税率：","value":"13%"',
      '"快递公司：","value":"顺丰"',
      'SF1234567890123',
      '3,000.12 CNY',
      '2,655.00 CNY',
      '已邮寄',
    ]) {
      expect(all).toContain(expected);
    }
    const [lines, log] = spec.blocks.filter((b): b is TableBlock => b.kind === 'table');
    expect(lines?.rows[0]).toEqual([
      '1',
      '可编程控制器',
      'S7-1 / 6ES7-1',
      '2',
      '885.00',
      '1,000.05',
      '1,770.00',
      '2,000.10',
    ]);
    expect(lines?.totals?.[1]?.[1]).toBe('345.12');
    expect(log?.rows).toEqual([
      ['2025-04-02 10:00', '上海', '发票已开具'],
      ['2025-04-03 17:30', '苏州', '已签收'],
    ]);
    expect(all).not.toContain('9,999.00');
  });

  it('says so when the order has no invoice', () => {
    expect(JSON.stringify(invoiceSpec(orderInput()).blocks)).toContain('订单PO2025001暂无发票。');
  });
});
