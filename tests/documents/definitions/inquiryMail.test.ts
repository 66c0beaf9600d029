// 询价函 (the supplier inquiry mail, template 202) on hand-made rows: the asked lines without the
// excluded ones and with blank price and delivery cells, both sides' details, the payment method
// asked for, the remark, and the rendered PDF read back with pdftotext.
import { beforeAll, describe, expect, it } from 'vitest';
import { sheetDocumentSpec } from '../../../src/documents/definitions';
import {
  inquiryMailContent,
  inquiryMailSpec,
} from '../../../src/documents/definitions/inquiryMail';
import type { DocumentFonts } from '../../../src/documents/fonts/fontFiles';
import { nodeFontSource } from '../../../src/documents/fonts/node/nodeFontSource';
import { renderPdf } from '../../../src/documents/pdf/render';
import type { FieldsBlock, PartiesBlock, TableBlock } from '../../../src/documents/spec';
import { findTemplate } from '../../../src/documents/templates';
import { pdfPages } from '../poppler';
import { company, sheet, sheetInput } from './fixtures';

const squeeze = (text: string) => text.replace(/\s+/g, '');

function block<K extends 'fields' | 'parties' | 'table'>(
  spec: ReturnType<typeof inquiryMailSpec>,
  kind: K,
) {
  const found = spec.blocks.find((b) => b.kind === kind);
  if (!found) throw new Error(`no ${kind} block`);
  return found as Extract<FieldsBlock | PartiesBlock | TableBlock, { kind: K }>;
}

const value = (lines: { label: string; value: string }[], label: string) =>
  lines.find((l) => l.label === label)?.value;

describe('inquiry mail content', () => {
  it('asks for the report lines only, with brand, model, order number, parameters and quantity', () => {
    const content = inquiryMailContent(sheetInput());
    expect(
      content.lines.map((l) => [l.no, l.brand, l.model, l.orderNo, l.parameter, l.quantity]),
    ).toEqual([
      [1, 'SICK', 'Sensor 1', 'ART-1', '24V DC 1', 2],
      [2, 'SICK', 'Sensor 2', 'ART-2', '24V DC 2', 3],
      [3, 'SICK', 'Sensor 3', 'ART-UNPRICED', '24V DC 3', 1],
    ]);
    expect(content.totalQuantity).toBe(6);
    expect(content.buyer).toBe('苏州恒远机电有限公司');
    expect(content.contact).toBe('陈采购 13600000000');
    expect(content.supplier).toBe('德采工业品（上海）有限公司');
  });

  it('names the supplier from the sheet when its company row is not on the device', () => {
    const content = inquiryMailContent(
      sheetInput({
        partyB: null,
        sheet: sheet({
          supplier_node: { ...sheet().supplier_node, company: { id: 2, name: '德采（备用）' } },
        }),
      }),
    );
    expect(content.supplier).toBe('德采（备用）');
  });
});

describe('inquiry mail spec', () => {
  it('prints the lines with blank price and delivery cells for the supplier, and the totals', () => {
    const spec = inquiryMailSpec(sheetInput());
    expect(spec.fileName).toBe('询价函-BJ2025001.pdf');
    expect(spec.title).toBe('询价函 BJ2025001');
    expect(spec.orientation).toBe('portrait');
    const table = block(spec, 'table');
    expect(table.columns.map((c) => c.header)).toEqual([
      '序号',
      '品牌',
      '型号',
      '订货号',
      '参数',
      '数量',
      '含税单价（请填写）',
      '货期（请填写）',
    ]);
    expect(table.rows[1]).toEqual(['2', 'SICK', 'Sensor 2', 'ART-2', '24V DC 2', '3', '', '']);
    expect(table.totals?.[0]?.[1]).toBe('6');
    // No quoted price leaks into a mail asking for prices.
    const all = JSON.stringify(spec.blocks);
    for (const absent of ['OUT-INVALID', 'OUT-REPLACED', '105', '210', '999']) {
      expect(all).not.toContain(absent);
    }
  });

  it('prints who asks, whom, the payment method asked for, the delivery address and the remark', () => {
    const input = sheetInput({
      sheet: sheet({ remark: '请提供原厂证明', state: 'DRAFT' }),
      partyA: company(1, '苏州恒远机电有限公司', {
        follower: { id: 3, alias: '赵跟单', mobile: '13700000000', phone: null },
      }),
    });
    const spec = inquiryMailSpec(input);
    const fields = block(spec, 'fields').fields;
    expect(value(fields, '询价单号：')).toBe('BJ2025001');
    expect(value(fields, '询价日期：')).toBe('2025-03-15');
    expect(value(fields, '品牌：')).toBe('SICK');
    expect(value(fields, '报价币种：')).toBe('EUR');
    expect(value(fields, '付款方式：')).toBe('30%预付，70%尾款');
    const [supplier, buyer] = block(spec, 'parties').parties;
    expect(supplier?.title).toBe('致（供应商）');
    expect(value(supplier?.lines ?? [], '联系人：')).toBe('赵跟单 13700000000');
    expect(buyer?.title).toBe('询价方');
    expect(value(buyer?.lines ?? [], '联系人：')).toBe('陈采购 13600000000');
    expect(value(buyer?.lines ?? [], '交货地址：')).toBe('江苏省苏州市工业园区金鸡湖大道88号');
    expect(value(buyer?.lines ?? [], '邮箱：')).toBe('info@example.cn');
    const all = JSON.stringify(spec.blocks);
    expect(all).toContain('备注：请提供原厂证明');
    expect(all).toContain('我司拟采购以下SICK品牌产品');
  });

  it('reads 待确认 for an unknown currency and payment method, and 无 for no remark', () => {
    const base = sheet();
    const spec = inquiryMailSpec(
      sheetInput({
        sheet: sheet({
          remark: '  ',
          supplier_node: { ...base.supplier_node, currency: null, payment_method: null },
        }),
      }),
    );
    const fields = block(spec, 'fields').fields;
    expect(value(fields, '报价币种：')).toBe('待确认');
    expect(value(fields, '付款方式：')).toBe('待确认');
    expect(JSON.stringify(spec.blocks)).toContain('备注：无');
  });

  it('is the spec of template 202 for a sheet', () => {
    const template = findTemplate('INQUERY_QUOTATION_SHEET', 202);
    if (!template) throw new Error('no inquiry mail template');
    expect(sheetDocumentSpec(template, sheetInput())).toEqual(inquiryMailSpec(sheetInput()));
  });
});

describe('inquiry mail PDF', () => {
  let fonts: DocumentFonts;
  beforeAll(async () => {
    fonts = await nodeFontSource.load();
  }, 120_000);

  it('reads back the title, both sides, the lines and the request', async () => {
    const bytes = await renderPdf(
      inquiryMailSpec(sheetInput({ sheet: sheet({ remark: '加急' }) })),
      fonts,
    );
    const pages = pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const text = squeeze(pages.join('\n'));
    for (const expected of [
      '询价函',
      '询价单号：BJ2025001',
      '致（供应商）',
      '德采工业品（上海）有限公司',
      '询价方',
      '苏州恒远机电有限公司',
      '陈采购13600000000',
      '含税单价（请填写）',
      'ART-2',
      '24VDC2',
      '合计数量6',
      '备注：加急',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('OUT-INVALID');
  }, 60_000);
});
