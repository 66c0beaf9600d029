import { describe, expect, it } from 'vitest';
import {
  NON_EU_TAG,
  stockOutFigures,
  stockOutSpec,
} from '../../../src/documents/definitions/stockOut';
import type { TableBlock } from '../../../src/documents/spec';
import { company, order, orderInput, shippedOrder } from './fixtures';

describe('stock-out figures', () => {
  const figures = stockOutFigures(orderInput({ order: shippedOrder() }));

  it('spreads each box extra weight over its lines by gross weight, to the gram', () => {
    expect(figures.boxes.map((b) => b.lines.map((l) => l.grossWeight))).toEqual([
      [6.9, 4.6],
      [1, 2.001],
    ]);
    expect(figures.boxes.map((b) => [b.grossWeight, b.netWeight])).toEqual([
      [11.5, 9],
      [3.001, 2.8],
    ]);
    expect([figures.grossWeight, figures.netWeight]).toEqual([14.501, 11.8]);
  });

  it('leaves out box lines of excluded order lines, prices the rest and tags non-EU origins', () => {
    const [first, second] = figures.boxes;
    expect(first?.lines.map((l) => [l.typeArticleNo, l.amount, l.originCountry, l.nonEu])).toEqual([
      ['S7-1 / 6ES7-1', 50, 'DE', false],
      ['S7-2 / 6ES7-2', 2469, 'CH', true],
    ]);
    expect(second?.lines.map((l) => l.nonEu)).toEqual([false, true]);
    expect(first?.amount).toBe(2519);
    expect(figures.amounts).toEqual([{ currency: 'EUR', amount: 2539 }]);
    expect(second?.type).toBe('托盘');
  });

  it('has no boxes for an order not yet shipped', () => {
    expect(stockOutFigures(orderInput({ order: order() })).boxes).toEqual([]);
  });
});

describe('stock-out spec', () => {
  it('prints German amounts, 3-decimal weights, customs codes, DD.MM.YYYY and tracking numbers', () => {
    const spec = stockOutSpec(orderInput({ order: shippedOrder() }));
    expect(spec.fileName).toBe('出库单-PO2025001.pdf');
    const tables = spec.blocks.filter((b): b is TableBlock => b.kind === 'table');
    expect(tables).toHaveLength(2);
    expect(tables[0]?.rows[1]).toEqual([
      '2',
      'Produkt 2\n可编程控制器',
      'S7-2 / 6ES7-2',
      '2',
      '1.234,50',
      '2.469,00',
      '4,600',
      '3,500',
      '90261000000',
      '9026101000',
      `CH ${NON_EU_TAG}`,
    ]);
    expect(tables[0]?.totals?.[0]?.slice(1, 4)).toEqual(['2.519,00', '11,500', '9,000']);
    const all = JSON.stringify(spec.blocks);
    expect(all).toContain('15.03.2025');
    expect(all).toContain('SF1000000000001');
    expect(all).toContain('2.539,00 EUR');
    expect(all).toContain('14,501');
    expect(all).not.toContain('999,00');
    // The consignee in China is outside the EU: the tag under the title.
    expect(spec.blocks[1]).toEqual({ kind: 'tag', text: NON_EU_TAG, align: 'right' });
    const german = stockOutSpec(
      orderInput({
        order: shippedOrder(),
        partyA: company(1, 'Müller GmbH', {
          country: 'DE',
          default_address: null,
        }),
      }),
    );
    expect(german.blocks.some((b) => b.kind === 'tag')).toBe(false);
  });
});
