import { mkdirSync, writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderDocumentSpec } from '../../../src/documents/definitions';
import {
  BOX_LABEL_TEXT,
  boxLabels,
  boxLabelsSpec,
  clipLabelText,
  LABEL_TEXT_LIMITS,
} from '../../../src/documents/definitions/boxLabels';
import type { DocumentFonts } from '../../../src/documents/fonts/fontFiles';
import { nodeFontSource } from '../../../src/documents/fonts/node/nodeFontSource';
import { renderPdf } from '../../../src/documents/pdf/render';
import { DocumentSpecError, LABEL_100X150 } from '../../../src/documents/spec';
import { findTemplate, templatesFor } from '../../../src/documents/templates';
import { inkShare, pdfPages, rasterPage } from '../poppler';
import { box, boxLine, order, orderInput, shippedOrder } from './fixtures';

let fonts: DocumentFonts;
beforeAll(async () => {
  fonts = await nodeFontSource.load();
}, 120_000);

function boxLabelTemplate() {
  const template = findTemplate('ORDER', 105);
  if (!template) throw new Error('no box-label template');
  return template;
}

const squeeze = (text: string) => text.replace(/\s+/g, '');
const MM = 72 / 25.4;

describe('box labels', () => {
  it('makes one label per box with the stock-out figures, parties and receiver', () => {
    const labels = boxLabels(orderInput({ order: shippedOrder() }));
    expect(labels).toHaveLength(2);
    const [first, second] = labels;
    expect(first).toEqual({
      orderNumber: 'PO2025001',
      boxName: 'PO2025001-1',
      index: 1,
      count: 2,
      shipper: '德采工业品（上海）有限公司',
      consignee: '苏州恒远机电有限公司',
      receiver: '张收货 13900000000',
      address: '江苏省苏州市工业园区金鸡湖大道88号',
      deliveryCompany: '顺丰速运',
      trackingNo: 'SF1000000000001',
      // 6 + 4 kg and the box's 1.5 kg extra; the line of the INVALID order line is left off.
      grossWeight: 11.5,
      netWeight: 9,
      lineCount: 2,
      quantity: 6,
      origins: 'DE、CH（非欧盟）',
    });
    expect(second).toMatchObject({
      index: 2,
      count: 2,
      grossWeight: 3.001,
      lineCount: 2,
      quantity: 2,
      origins: 'DE、US（非欧盟）',
    });
  });

  it('leaves off a box whose every line is excluded, and counts the rest', () => {
    const shipped = shippedOrder();
    const only = box(3, { box_lines: [boxLine(31, { order_product_id: 6 })] });
    const labels = boxLabels(
      orderInput({ order: { ...shipped, logistics: [only, ...(shipped.logistics ?? [])] } }),
    );
    expect(labels.map((l) => [l.boxName, l.index, l.count])).toEqual([
      ['PO2025001-1', 1, 2],
      ['PO2025001-2', 2, 2],
    ]);
  });

  it('prints the receiver empty when the buyer has no default address', () => {
    const base = orderInput({ order: shippedOrder() });
    const [label] = boxLabels({
      ...base,
      partyA: base.partyA && { ...base.partyA, default_address: null },
    });
    expect([label?.receiver, label?.address]).toEqual(['', '']);
  });

  it('is template 105, outside the report-export dropdown but found for the generate route', () => {
    const template = findTemplate('ORDER', 105);
    expect(template?.kind).toBe('boxLabels');
    expect(template?.listed).toBe(false);
    expect(templatesFor('ORDER').map((t) => t.id)).not.toContain(105);
    if (!template) throw new Error('no box-label template');
    const spec = orderDocumentSpec(template, orderInput({ order: shippedOrder() }));
    expect(spec.fileName).toBe('箱标-PO2025001.pdf');
    expect(spec.page).toEqual(LABEL_100X150);
    expect(spec.blocks.filter((b) => b.kind === 'pageBreak')).toHaveLength(1);
  });
});

describe('box label PDF', () => {
  it('renders each label on its own 100 × 150 mm page, without page numbers', async () => {
    const bytes = await renderPdf(boxLabelsSpec(orderInput({ order: shippedOrder() })), fonts);
    const pages = pdfPages(bytes).map(squeeze);
    expect(pages).toHaveLength(2);
    pages.forEach((text, i) => {
      expect(text).toContain('箱标');
      expect(text).toContain('PO2025001');
      expect(text).toContain(`PO2025001-${i + 1}${squeeze(BOX_LABEL_TEXT.boxOf(i + 1, 2))}`);
      expect(text).toContain(`快递单号：SF100000000000${i + 1}`);
      expect(text).toContain('发货方：德采工业品（上海）有限公司');
      expect(text).toContain('收货人：张收货13900000000');
      expect(text).toContain('收货地址：江苏省苏州市工业园区金鸡湖大道88号');
      expect(text).not.toContain('页');
    });
    expect(pages[0]).toContain('毛重：11.500kg');
    expect(pages[0]).toContain('箱内产品：2种，共6件');
    expect(pages[0]).toContain('原产国：DE、CH（非欧盟）');
    expect(pages[1]).toContain('毛重：3.001kg');

    const doc = await PDFDocument.load(bytes);
    for (const page of doc.getPages()) {
      expect(page.getWidth()).toBeCloseTo(100 * MM, 1);
      expect(page.getHeight()).toBeCloseTo(150 * MM, 1);
    }
    // The order number is the largest text on the label: it has a line of its own.
    const layout = pdfPages(bytes, 'layout')[0] ?? '';
    expect(layout.split('\n').map((l) => l.trim())).toContain('PO2025001');

    const first = rasterPage(bytes, 1, 100);
    mkdirSync('test-results/documents', { recursive: true });
    writeFileSync('test-results/documents/box-label-1.png', first.png);
    expect(first.width).toBeLessThan(first.height);
    expect(inkShare(first)).toBeGreaterThan(0.02);
  });

  it('prints one page saying there is nothing to label for an order without boxes', async () => {
    const bytes = await renderPdf(boxLabelsSpec(orderInput({ order: order() })), fonts);
    const pages = pdfPages(bytes).map(squeeze);
    expect(pages).toEqual([expect.stringContaining(squeeze(BOX_LABEL_TEXT.noBoxes('PO2025001')))]);
  });

  it('keeps A4 for documents that name no page format', async () => {
    const spec = boxLabelsSpec(orderInput({ order: shippedOrder() }));
    const { page: _label, ...a4 } = spec;
    const doc = await PDFDocument.load(await renderPdf(a4, fonts));
    expect(doc.getPage(0).getWidth()).toBeCloseTo(595.28, 1);
    expect(doc.getPage(0).getHeight()).toBeCloseTo(841.89, 1);
    expect(squeeze(pdfPages(await renderPdf(a4, fonts))[0] ?? '')).toContain('第1/2页');
  });
});

describe('page formats', () => {
  it('refuses a page format with no room to write', async () => {
    const spec = boxLabelsSpec(orderInput({ order: shippedOrder() }));
    for (const page of [
      { ...LABEL_100X150, marginMm: 30 },
      { ...LABEL_100X150, widthMm: Number.NaN },
      { ...LABEL_100X150, marginMm: -1 },
    ]) {
      await expect(renderPdf({ ...spec, page }, fonts)).rejects.toThrow(DocumentSpecError);
    }
  });

  it('keeps each label on one page however long the names and address are', async () => {
    const input = orderInput({ order: shippedOrder() });
    const { partyA, partyB } = input;
    if (!partyA?.default_address || !partyB) throw new Error('the fixture has both parties');
    input.partyA = {
      ...partyA,
      name: '非常非常长的公司名称有限责任公司'.repeat(4),
      default_address: {
        ...partyA.default_address,
        street: '很长的街道名称'.repeat(20),
        contacts_name: '收货人'.repeat(10),
      },
    };
    input.partyB = { ...partyB, name: 'Supplier with a rather long name GmbH & Co. KG '.repeat(3) };
    const [first] = boxLabels(input);
    expect([...(first?.address ?? '')]).toHaveLength(LABEL_TEXT_LIMITS.address);
    expect(first?.address.endsWith('…')).toBe(true);
    const bytes = await renderPdf(orderDocumentSpec(boxLabelTemplate(), input), fonts);
    expect(pdfPages(bytes)).toHaveLength(boxLabels(input).length);
  });

  it('cuts a text to its limit with …, by characters', () => {
    expect(clipLabelText('  短文本 ', 10)).toBe('短文本');
    expect(clipLabelText('一二三四五六', 4)).toBe('一二三…');
    expect(clipLabelText('abcd', 4)).toBe('abcd');
  });
});
