import { describe, expect, it } from 'vitest';
import {
  bigOrderFigures,
  bigOrderReportSpec,
  bigOrderWarning,
} from '../../../src/documents/definitions/bigOrderReport';
import type { TableBlock } from '../../../src/documents/spec';
import { line, order, orderInput } from './fixtures';

const priced = (id: number, qty: number, unit: number, taxed: number, untaxed: number) =>
  line(id, {
    qty,
    supplier_order_node_line: { taxed_price_unit: unit, taxed_amount: taxed, amount: untaxed },
  });

const bigOrder = () =>
  order({
    supplier_quotation_no: 'BJ202503140001',
    extra_fee: 120.5,
    exchange_rate: 7.85123,
    order_node_list: [
      { company: { id: 1 }, inbound_state: 'PARTIAL_RECEIPT', invoice_state: 'NO_INVOICE' },
      { company: { id: 2 }, inbound_state: 'RECEIPTED', invoice_state: 'PARTIAL' },
    ],
    order_state_log_list: [
      { state: 10, time: '2025-03-14T02:00:00.000Z' },
      { state: 30, time: '2025-03-16T06:30:00.000Z' },
    ],
    order_product_list: [
      priced(1, 2, 1000.05, 2000.1, 1770),
      priced(2, 3, 333.335, 1000.01, 885),
      priced(3, 1, 335, 335, 296.46),
      line(4, {
        quote_state: 'INVALID',
        type_article_no: 'OUT-INVALID',
        supplier_order_node_line: { taxed_price_unit: 9999, taxed_amount: 9999, amount: 8848.67 },
      }),
    ],
  });

describe('big-order report figures', () => {
  it('rounds the taxed unit prices, totals taxed and untaxed, and takes 97%', () => {
    const figures = bigOrderFigures(orderInput({ order: bigOrder() }));
    expect(figures.lines.map((l) => [l.typeArticleNo, l.taxedPrice])).toEqual([
      ['S7-1 / 6ES7-1', 1000.05],
      ['S7-2 / 6ES7-2', 333.34],
      ['S7-3 / 6ES7-3', 335],
    ]);
    expect([figures.total, figures.untaxedTotal, figures.totalVariant]).toEqual([
      3335.11, 2951.46, 3235.06,
    ]);
    expect([figures.taxRate, figures.exchangeRate, figures.extraFee]).toEqual([
      0.13, 7.85123, 120.5,
    ]);
  });

  it('names the nodes and the times each state was reached', () => {
    const figures = bigOrderFigures(orderInput({ order: bigOrder() }));
    expect(figures.nodes).toEqual([
      {
        role: '采购方',
        company: '苏州恒远机电有限公司',
        paymentState: '部分付款',
        invoiceState: '未开票',
      },
      {
        role: '供应商',
        company: '德采工业品（上海）有限公司',
        paymentState: '已付款',
        invoiceState: '部分开票',
      },
    ]);
    expect(figures.stateTimes).toEqual([
      { state: '合同已签订', time: '2025-03-14 10:00' },
      { state: '已向供应商下单', time: '2025-03-16 14:30' },
    ]);
  });

  it('warns when the supplier quotation number is missing', () => {
    expect(bigOrderWarning(orderInput({ order: bigOrder() }))).toBeNull();
    expect(bigOrderWarning(orderInput({ order: order({ supplier_quotation_no: null }) }))).toBe(
      '该订单未填写供应商的报价单号。',
    );
  });
});

describe('big-order report spec', () => {
  it('prints the fields, nodes, lines with the 97% row and state times', () => {
    const spec = bigOrderReportSpec(orderInput({ order: bigOrder() }));
    expect(spec.fileName).toBe('大额订单合同报告-PO2025001.pdf');
    const all = JSON.stringify(spec.blocks);
    for (const expected of [
      '"供应商报价单号：","value":"BJ202503140001"',
      '"付款方式：","value":"30%预付，70%尾款"',
      '"税率：","value":"13%"',
      '"汇率：","value":"7.8512"',
      '"附加费用：","value":"120.50"',
      '3,335.11 CNY',
      '2,951.46 CNY',
      '"97%金额：","value":"3,235.06 CNY"',
    ]) {
      expect(all).toContain(expected);
    }
    const tables = spec.blocks.filter((b): b is TableBlock => b.kind === 'table');
    expect(tables.map((t) => t.rows.length)).toEqual([2, 3, 2]);
    expect(tables[1]?.rows[1]?.[4]).toBe('333.34');
    expect(tables[1]?.totals?.[1]?.[1]).toBe('3,235.06');
    expect(all).not.toContain('OUT-INVALID');
  });
});
