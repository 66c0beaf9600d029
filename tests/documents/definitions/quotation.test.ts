import { describe, expect, it } from 'vitest';
import {
  formatTariffRatio,
  quotationFigures,
  quotationSpec,
} from '../../../src/documents/definitions/quotation';
import type { TableBlock } from '../../../src/documents/spec';
import { sheet, sheetInput } from './fixtures';

describe('quotation figures', () => {
  it('prices the report lines with and without tariff, outside the CNY stage without VAT', () => {
    const figures = quotationFigures(sheetInput({ sheet: sheet({ state: 'INQUIRY_SENT' }) }));
    expect(figures.currency).toBe('EUR');
    expect(figures.withVat).toBe(false);
    expect(
      figures.lines.map((l) => [
        l.orderNo,
        l.shipmentPeriod,
        l.tariffRatio,
        l.unitPriceWithTariff,
        l.unitPriceWithoutTariff,
        l.total,
      ]),
    ).toEqual([
      ['ART-1', '4-6周', 0.05, 105, 100, 210],
      ['ART-2', '1-3周', 0.08, 100, 92.59, 300],
      ['ART-UNPRICED', '待确认', 0.05, null, null, null],
    ]);
    expect([figures.total, figures.firstPayment, figures.balance]).toEqual([510, 153, 357]);
  });

  it.each([
    // state, CNY VAT fee, currency, with VAT, unit prices with tariff, total, 30%, 70%
    ['QUOTATION_SENT', true, 'CNY', true, [118.65, 113], 576.3, 172.89, 403.41],
    ['QUOTATION_SENT', false, 'CNY', false, [105, 100], 510, 153, 357],
    ['CONTRACT_ENFORCED', true, 'CNY', true, [118.65, 113], 576.3, 172.89, 403.41],
    ['DRAFT', true, 'EUR', false, [105, 100], 510, 153, 357],
  ] as const)(
    '%s with VAT fee %s → %s',
    (state, fee, currency, vat, units, total, first, balance) => {
      const figures = quotationFigures(sheetInput({ sheet: sheet({ state }), hasCnyVatFee: fee }));
      expect(figures.currency).toBe(currency);
      expect(figures.withVat).toBe(vat);
      expect(figures.lines.slice(0, 2).map((l) => l.unitPriceWithTariff)).toEqual(units);
      expect([figures.total, figures.firstPayment, figures.balance]).toEqual([
        total,
        first,
        balance,
      ]);
    },
  );

  it.each([
    // the sheet row's flag (absent: a row stored by an older app), the input's, with VAT
    [true, undefined, true],
    [false, undefined, false],
    [null, undefined, false],
    [undefined, undefined, false],
    [true, false, false],
    [false, true, true],
  ] as const)('sheet flag %s, input %s → VAT %s', (rowFlag, inputFlag, vat) => {
    const row =
      rowFlag === undefined
        ? sheet({ state: 'QUOTATION_SENT' })
        : sheet({ state: 'QUOTATION_SENT', has_cny_vat_fee: rowFlag });
    const input = sheetInput(
      inputFlag === undefined ? { sheet: row } : { sheet: row, hasCnyVatFee: inputFlag },
    );
    const figures = quotationFigures(input);
    expect(figures.withVat).toBe(vat);
    expect(figures.lines[0]?.unitPriceWithTariff).toBe(vat ? 118.65 : 105);
  });

  it("applies the synced sheet's VAT fee only in the CNY-priced stage", () => {
    const draft = quotationFigures(
      sheetInput({ sheet: sheet({ state: 'DRAFT', has_cny_vat_fee: true }) }),
    );
    expect([draft.currency, draft.withVat, draft.total]).toEqual(['EUR', false, 510]);
  });

  it('takes the tariff out of the VAT price: 113 / 1.08 = 104.63', () => {
    const figures = quotationFigures(sheetInput({ hasCnyVatFee: true }));
    expect(figures.lines[1]?.unitPriceWithoutTariff).toBe(104.63);
    expect(figures.lines[0]?.unitPriceWithoutTariff).toBe(113);
  });

  it.each([
    [0.05, '5%'],
    [0.125, '12.5%'],
    [0, '0%'],
    [null, ''],
  ])('tariff %s → %s', (ratio, text) => {
    expect(formatTariffRatio(ratio)).toBe(text);
  });
});

describe('quotation spec', () => {
  it('prints lines, totals and the split, without the excluded lines', () => {
    const spec = quotationSpec(sheetInput({ hasCnyVatFee: true }));
    expect(spec.fileName).toBe('报价单-BJ2025001.pdf');
    expect(spec.orientation).toBe('landscape');
    const table = spec.blocks.find((b) => b.kind === 'table') as TableBlock;
    expect(table.rows).toHaveLength(3);
    expect(table.rows[1]).toEqual([
      '2',
      'SICK\nSensor 2',
      'ART-2\n24V DC 2',
      '传感器',
      '3',
      '1-3周',
      '8%',
      '104.63',
      '113.00',
      '339.00',
    ]);
    expect(table.rows[2]?.slice(7)).toEqual(['待确认', '待确认', '待确认']);
    expect(table.totals?.map((r) => r[1])).toEqual(['576.30', '172.89', '403.41']);
    const all = JSON.stringify(spec.blocks);
    expect(all).toContain('CNY（含13%增值税）');
    expect(all).toContain('首付款30%：¥172.89，尾款70%：¥403.41');
    expect(all).not.toContain('OUT-INVALID');
    expect(all).not.toContain('OUT-REPLACED');
  });
});
