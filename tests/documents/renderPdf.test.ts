import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFonts } from '../../src/documents/fonts/fontFiles';
import { nodeFontSource } from '../../src/documents/fonts/node/nodeFontSource';
import { DocumentSpecError, renderPdf } from '../../src/documents/pdf/render';
import type { DocumentSpec } from '../../src/documents/spec';
import { inkShare, pdfPages, rasterPage } from './poppler';
import { contractSpec, LONG_CHINESE, table } from './samples';

let fonts: DocumentFonts;
beforeAll(async () => {
  fonts = await nodeFontSource.load();
}, 120_000);

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** pdftotext -layout spaces words out: compare with all white space removed. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** Rendered pages are kept for a look (test-results/ is not committed). */
function keepPng(name: string, png: Buffer) {
  mkdirSync('test-results/documents', { recursive: true });
  writeFileSync(`test-results/documents/${name}.png`, png);
}

describe('renderPdf', () => {
  it('gives the same bytes for the same spec', async () => {
    const a = await renderPdf(contractSpec(), fonts);
    const b = await renderPdf(contractSpec(), fonts);
    expect(sha(a)).toBe(sha(b));
    // …and different bytes when the data differ (the check is not vacuous).
    const c = await renderPdf({ ...contractSpec(), createdAt: '2025-03-15T08:00:00.000Z' }, fonts);
    expect(sha(c)).not.toBe(sha(a));
  });

  it('writes Chinese and German text that extracts verbatim', async () => {
    const pages = pdfPages(await renderPdf(contractSpec(), fonts));
    expect(pages).toHaveLength(1);
    const text = squeeze(pages[0] ?? '');
    for (const expected of [
      '采购合同',
      '合同编号：PO2025001',
      'Datum:14.03.2025',
      'Müller&SöhneGmbH,Straße12,80331München',
      '非欧盟',
      '甲方（买方）',
      '乙方（卖方）',
      '不锈钢螺栓M8×40第1号',
      'EdelstahlschraubeDIN933Nr.2',
      '合计Summe216.859,28',
      '签字（盖章）：',
      '第1/1页',
    ]) {
      expect(text).toContain(expected);
    }
    // The long paragraph wraps over several lines and loses no character.
    expect(text).toContain(squeeze(LONG_CHINESE));
    const layout = pdfPages(await renderPdf(contractSpec(), fonts), 'layout');
    const paragraphLines = (layout[0] ?? '')
      .split('\n')
      .filter((l) => /万分之五|协商|本合同/.test(l));
    expect(paragraphLines.length).toBeGreaterThanOrEqual(2);
    expect(text).not.toMatch(/[\uFFFD\uE000-\uF8FF]/);
  });

  it('never starts a line with closing punctuation', async () => {
    const pages = pdfPages(await renderPdf(contractSpec(), fonts), 'layout');
    expect((pages[0] ?? '').split('\n').length).toBeGreaterThan(20);
    for (const line of (pages[0] ?? '').split('\n')) {
      expect(line.trim()).not.toMatch(/^[，。、；：！？）》」』】]/);
    }
  });

  it('runs a long table over 3 pages with the header and page numbers on each', async () => {
    const spec: DocumentSpec = {
      ...contractSpec(),
      blocks: [{ kind: 'heading', text: '报价单' }, table(100)],
    };
    const bytes = await renderPdf(spec, fonts);
    keepPng('table-2', rasterPage(bytes, 2).png);
    const pages = pdfPages(bytes);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      const text = squeeze(page);
      expect(text).toContain('品名/Artikel');
      expect(text).toContain('单价Stückpreis');
      expect(text).toContain(`第${i + 1}/3页`);
    });
    // Every row is there once, in order, and none is cut across two pages.
    const all = squeeze(pages.join(''));
    let at = 0;
    for (let n = 1; n <= 100; n++) {
      const name = n % 2 === 1 ? `不锈钢螺栓M8×40第${n}号` : `EdelstahlschraubeDIN933Nr.${n}`;
      const row = `${n}${name}${9 + n}1.234,56`;
      const found = all.indexOf(row, at);
      expect(found, `row ${n}`).toBeGreaterThanOrEqual(at);
      at = found + row.length;
      expect(pages.filter((p) => squeeze(p).includes(row))).toHaveLength(1);
    }
    expect(squeeze(pages[2] ?? '')).toContain('合计Summe216.859,28');
  });

  it('splits a row taller than a page by lines, header repeated', async () => {
    const huge = Array.from({ length: 90 }, (_, i) => `第${i + 1}行说明`).join('\n');
    const spec: DocumentSpec = {
      ...contractSpec(),
      blocks: [{ ...table(0), rows: [['1', huge, '1', '1,00', '1,00']], totals: [] }],
    };
    const pages = pdfPages(await renderPdf(spec, fonts));
    expect(pages).toHaveLength(2);
    expect(squeeze(pages[1] ?? '')).toContain('品名/Artikel');
    const all = squeeze(pages.join(''));
    for (let i = 1; i <= 90; i++) expect(all).toContain(`第${i}行说明`);
  });

  it('lays out A4 portrait or landscape', async () => {
    for (const [orientation, width, height] of [
      ['portrait', 595.28, 841.89],
      ['landscape', 841.89, 595.28],
    ] as const) {
      const doc = await PDFDocument.load(
        await renderPdf({ ...contractSpec(), orientation }, fonts),
      );
      const size = doc.getPage(0).getSize();
      expect(size.width).toBeCloseTo(width, 1);
      expect(size.height).toBeCloseTo(height, 1);
      expect(doc.getTitle()).toBe('采购合同 PO2025001');
      expect(doc.getCreationDate()?.toISOString()).toBe('2025-03-14T08:00:00.000Z');
    }
  });

  it('draws the glyphs (the rendered page is not blank)', async () => {
    const spec: DocumentSpec = {
      ...contractSpec(),
      blocks: [
        { kind: 'heading', text: '采购合同' },
        { kind: 'paragraph', text: LONG_CHINESE.repeat(3), size: 12 },
      ],
    };
    const page = rasterPage(await renderPdf(spec, fonts), 1);
    keepPng('text-only-1', page.png);
    // Text only, no rules: the ink comes from the glyphs (a broken subset draws blank glyphs).
    expect(inkShare(page)).toBeGreaterThan(0.02);
    const full = rasterPage(await renderPdf(contractSpec(), fonts), 1);
    keepPng('contract-1', full.png);
    expect(inkShare(full)).toBeGreaterThan(0.02);
  });

  it('draws □ for a character the fonts lack instead of dropping it', async () => {
    const spec: DocumentSpec = {
      ...contractSpec(),
      // 𠮷 (U+20BB7) and an emoji are outside the subset; the zero-width joiner is dropped.
      blocks: [{ kind: 'paragraph', text: '供应商：𠮷野家 😀\u200d有限公司' }],
    };
    const text = squeeze(pdfPages(await renderPdf(spec, fonts))[0] ?? '');
    expect(text).toContain('供应商：□野家□有限公司');
  });

  it('rejects a bad date and a table row of the wrong width with a clear message', async () => {
    await expect(renderPdf({ ...contractSpec(), createdAt: 'gestern' }, fonts)).rejects.toThrow(
      DocumentSpecError,
    );
    const bad: DocumentSpec = {
      ...contractSpec(),
      blocks: [{ ...table(1), rows: [['1', '2']] }],
    };
    await expect(renderPdf(bad, fonts)).rejects.toThrow(
      new DocumentSpecError('表格第 1 行有 2 列，应为 5 列'),
    );
  });
});
