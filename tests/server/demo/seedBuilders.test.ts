import { describe, expect, it } from 'vitest';
import { tinyPdf, tinyPng } from '../../../server/demo/seed/attachments';
import { orderNumber, sheetNumber } from '../../../server/demo/seed/documents';
import { supplierQuote } from '../../../server/demo/seed/quotes';
import { Random } from '../../../server/demo/seed/random';
import { orderCodeOfSheetState, SHEET_PATHS } from '../../../server/demo/seed/timeline';
import { QUOTE_COMMENT_REASONS } from '../../../src/domain/enums/quoteCommentReasons';
import { SHEET_STATES } from '../../../src/domain/purchase/sheetStates';

describe('seed builders', () => {
  it('draws the same numbers from the same seed, and independent ones from forks', () => {
    const draw = (rng: Random) => Array.from({ length: 5 }, () => rng.int(1, 6));
    expect(draw(new Random(42))).toEqual(draw(new Random(42)));
    expect(draw(new Random(42))).not.toEqual(draw(new Random(43)));
    expect(draw(new Random(42).fork('a'))).toEqual(draw(new Random(42).fork('a')));
    expect(draw(new Random(42).fork('a'))).not.toEqual(draw(new Random(42).fork('b')));
    const dice = new Random(7);
    const rolls = new Set(Array.from({ length: 500 }, () => dice.int(1, 3)));
    expect([...rolls].sort()).toEqual([1, 2, 3]);
    expect(new Random(1).uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('walks every sheet state from DRAFT, through CONTRACT_SIGNED exactly when it is an order', () => {
    for (const state of SHEET_STATES) {
      const path = SHEET_PATHS[state];
      expect(path[0]).toBe('DRAFT');
      expect(path.at(-1)).toBe(state);
      expect(path.includes('CONTRACT_SIGNED'), state).toBe(orderCodeOfSheetState(state) !== null);
    }
  });

  it('numbers sheets and orders like the API (prefix, Shanghai day, six digits)', () => {
    const ms = Date.parse('2026-03-01T17:00:00Z'); // already 2 March in Shanghai
    expect(sheetNumber(42, ms)).toBe('XJ20260302000042');
    expect(orderNumber(7, ms)).toBe('PO20260302000007');
  });

  it('quotes a line for the simulator in the shape quoteSheet takes', () => {
    const rng = new Random(3);
    const at = Date.parse('2026-05-01T00:00:00Z');
    const line = { id: 9, qty: 3, productArticleNo: '6ES7214-1AG40-0XB0' };
    const quoted = supplierQuote(rng, line, { isCcc: false }, at);
    expect(quoted).toMatchObject({
      lineId: 9,
      quote_state: 'QUOTED',
      shipment_period: expect.any(Number),
    });
    expect(String(quoted.taxed_price_unit)).toMatch(/^\d+\.\d{2}$/);
    expect(Number(quoted.taxed_price_unit)).toBeGreaterThan(2680 * 0.9);
    expect(quoted.validity_end_date).toMatch(/^2026-(05|06|07)-\d{2}$/);
    expect(supplierQuote(rng, line, { isCcc: true }, at).quote_state).toBe('CCC');
    const refused = supplierQuote(rng, line, null, at, 'QUOTE_REFUSED');
    expect(refused).toMatchObject({ quote_state: 'QUOTE_REFUSED', taxed_price_unit: null });
    expect(QUOTE_COMMENT_REASONS.map((r) => r.text)).toContain(refused.quote_comment);
  });

  it('makes real PNG and PDF files', () => {
    const png = tinyPng(new Random(1));
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const pdf = new TextDecoder().decode(tinyPdf('Quotation (XJ1)'));
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(Quotation \\(XJ1\\))');
  });
});
