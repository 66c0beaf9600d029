import { describe, expect, it } from 'vitest';
import { wrapText } from '../../src/documents/pdf/lineBreak';

/** Monospace stand-in for the font: CJK and full-width marks 2 units, everything else 1. */
const measure = (text: string) =>
  [...text].reduce((w, ch) => w + (/[\u3000-\u9FFF\uFF00-\uFFEF]/.test(ch) ? 2 : 1), 0);

describe('wrapText', () => {
  it.each([
    ['breaks between any two CJK characters', '采购合同一式两份', 8, ['采购合同', '一式两份']],
    [
      'keeps Latin words whole, breaking at spaces',
      'Lieferung frei Haus',
      10,
      ['Lieferung', 'frei Haus'],
    ],
    ['splits a word longer than the line', 'Edelstahlschraube', 6, ['Edelst', 'ahlsch', 'raube']],
    [
      'glues closing punctuation to the character before',
      '双方各执一，自签字',
      10,
      ['双方各执', '一，自签字'],
    ],
    [
      'glues opening punctuation to the character after',
      '手套大号（丁腈）',
      10,
      ['手套大号', '（丁腈）'],
    ],
    ['breaks between a Latin word and CJK', 'Stückpreis单价', 11, ['Stückpreis', '单价']],
    ['keeps explicit line breaks and empty lines', 'a\n\nb', 10, ['a', '', 'b']],
    ['never returns no line', '', 10, ['']],
    ['drops spaces at a line start', 'frei    Haus', 5, ['frei', 'Haus']],
  ])('%s', (_name, text, width, expected) => {
    expect(wrapText(text, width, measure)).toEqual(expected);
  });

  // Narrower than a glued group (税），is 3 characters) the group itself must be split.
  it('starts no line with closing punctuation at any width that holds 3 characters', () => {
    const text =
      '付款条件：货到后三十日内付清全部货款（含增值税），逾期付款的，每日按未付金额的万分之五支付违约金。';
    for (let width = 6; width <= 40; width++) {
      const lines = wrapText(text, width, measure);
      expect(lines.join('')).toBe(text);
      for (const line of lines.slice(1)) expect(line).not.toMatch(/^[，。：）]/);
      for (const line of lines.slice(0, -1)) expect(line).not.toMatch(/（$/);
    }
  });
});
