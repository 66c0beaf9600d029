import { describe, expect, it } from 'vitest';
import { contractFigures, contractSpec } from '../../../src/documents/definitions/contract';
import type { DocumentSpec, PartiesBlock, TableBlock } from '../../../src/documents/spec';
import { order, orderInput } from './fixtures';

const table = (spec: DocumentSpec) => spec.blocks.find((b) => b.kind === 'table') as TableBlock;
const text = (spec: DocumentSpec) => JSON.stringify(spec.blocks);

describe('contract figures', () => {
  it('prints the report lines only, with shipment weeks, and totals them', () => {
    const figures = contractFigures(orderInput());
    expect(figures.lines.map((l) => [l.no, l.typeArticleNo, l.shipmentPeriod, l.quantity])).toEqual(
      [
        [1, 'S7-1 / 6ES7-1', '1-3周', 2],
        [2, 'S7-2 / 6ES7-2', '2-4周', 3],
        [3, 'S7-3 / 6ES7-3', '待确认', 1],
      ],
    );
    expect(figures.total).toBe(3335.12);
    expect(figures.currency).toBe('CNY');
  });

  it.each([
    // method, first payment typed, order suggestion, expected first, expected last
    ['THIRTY_SEVENTY_RATIO_PAYMENT', null, null, 1000.54, 2334.58],
    ['THIRTY_SEVENTY_RATIO_PAYMENT', 1500, null, 1500, 1835.12],
    ['THIRTY_SEVENTY_RATIO_PAYMENT', null, 1200.5, 1200.5, 2134.62],
    ['ADVANCE_PAYMENT', null, null, 3335.12, 0],
    ['INVOICE_PAYMENT', null, null, 0, 3335.12],
  ] as const)('%s, typed %s, suggested %s → %s + %s', (method, typed, suggested, first, last) => {
    const input = orderInput({
      order: order({ payment_method: method, first_payment_amount: suggested }),
      firstPaymentAmount: typed,
    });
    const figures = contractFigures(input);
    expect([figures.firstPayment, figures.lastPayment]).toEqual([first, last]);
  });
});

describe('contract spec', () => {
  it('has the parties, the table with its total, words, terms and signatures', () => {
    const spec = contractSpec(orderInput());
    expect(spec.fileName).toBe('采购合同-PO2025001.pdf');
    expect(spec.createdAt).toBe('2025-03-15T08:00:00.000Z');
    const parties = spec.blocks.find((b) => b.kind === 'parties') as PartiesBlock;
    expect(parties.parties.map((p) => p.title)).toEqual(['甲方（买方）', '乙方（卖方）']);
    const [a, b] = parties.parties;
    expect(a?.lines).toContainEqual({ label: '联系人：', value: '陈采购 13600000000' });
    expect(a?.lines).toContainEqual({
      label: '地址：',
      value: '江苏省苏州市工业园区金鸡湖大道88号',
    });
    expect(a?.lines).toContainEqual({ label: '纳税人识别号：', value: '91320500MA1XXXXX0X' });
    expect(b?.lines).toContainEqual({ label: '公司名称：', value: '德采工业品（上海）有限公司' });
    expect(b?.lines).toContainEqual({ label: '跟单：', value: '赵跟单 13700000000' });
    const t = table(spec);
    expect(t.rows).toHaveLength(3);
    expect(t.rows[0]).toEqual([
      '1',
      'SIEMENS',
      'Produkt 1',
      'S7-1 / 6ES7-1',
      '1-3周',
      '2',
      '1,000.05',
      '2,000.10',
    ]);
    expect(t.totals?.[0]?.[1]).toBe('3,335.12');
    const all = text(spec);
    expect(all).toContain('合计金额（大写）：叁仟叁佰叁拾伍元壹角贰分');
    expect(all).toContain('首付款（30%）：¥1,000.54；尾款（70%）：¥2,334.58');
    expect(all).toContain('签订日期：');
    expect(all).toContain('2025-03-14');
    for (const out of ['OUT-INVALID', 'OUT-REPLACED', 'OUT-DELETED']) {
      expect(all).not.toContain(out);
    }
    expect(spec.blocks.at(-1)?.kind).toBe('signatures');
  });

  it('names the 30% / 70% shares only when the first payment is that split', () => {
    const typed = text(contractSpec(orderInput({ firstPaymentAmount: 1500 })));
    expect(typed).toContain('首付款：¥1,500.00；尾款：¥1,835.12');
    expect(typed).not.toContain('（30%）');
    // The method's terms describe the 30% / 70% split, so they are left out for another one.
    expect(typed).not.toContain('付款条件');
    expect(text(contractSpec(orderInput()))).toContain('付款条件');
  });

  it('leaves the words out on request, and prints the advance for advance payment', () => {
    const spec = contractSpec(
      orderInput({
        order: order({ payment_method: 'ADVANCE_PAYMENT' }),
        amountInWords: false,
      }),
    );
    expect(text(spec)).not.toContain('大写');
    expect(text(spec)).toContain('预付款（100%）：¥3,335.12');
    expect(text(spec)).toContain('合同签订后3天内预付100%货款');
  });

  it('prints empty party values rather than failing when a company row is missing', () => {
    const spec = contractSpec(orderInput({ partyB: null }));
    const parties = spec.blocks.find((b) => b.kind === 'parties') as PartiesBlock;
    expect(parties.parties[1]?.lines[0]).toEqual({ label: '公司名称：', value: '' });
  });
});
