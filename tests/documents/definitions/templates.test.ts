import { describe, expect, it } from 'vitest';
import { orderDocumentSpec, sheetDocumentSpec } from '../../../src/documents/definitions';
import { DocumentSpecError } from '../../../src/documents/spec';
import {
  findTemplate,
  REPORT_TEMPLATES,
  templateFileName,
  templatesFor,
} from '../../../src/documents/templates';
import { amountInWords } from '../../../src/domain/documents/amountInWords';
import { orderInput, sheetInput, shippedOrder } from './fixtures';

describe('report templates', () => {
  it('lists four order templates, and the quotation and the inquiry mail for sheets, with unique ids', () => {
    expect(templatesFor('ORDER').map((t) => t.name)).toEqual([
      '采购合同',
      '大额订单合同报告',
      '出库单',
      '发票',
    ]);
    expect(templatesFor('INQUERY_QUOTATION_SHEET').map((t) => [t.id, t.kind, t.name])).toEqual([
      [201, 'quotation', '报价单'],
      [202, 'inquiryMail', '询价函'],
    ]);
    expect(new Set(REPORT_TEMPLATES.map((t) => t.id)).size).toBe(REPORT_TEMPLATES.length);
    expect(REPORT_TEMPLATES.filter((t) => t.confirmOrder).map((t) => t.kind)).toEqual([
      'bigOrderReport',
    ]);
  });

  it('finds a template only in its own module', () => {
    expect(findTemplate('ORDER', 101)?.kind).toBe('contract');
    expect(findTemplate('INQUERY_QUOTATION_SHEET', 101)).toBeNull();
    expect(findTemplate('ORDER', 999)).toBeNull();
  });

  it('names the file after the number, replacing what a file system refuses', () => {
    const contract = findTemplate('ORDER', 101);
    if (!contract) throw new Error('no contract template');
    expect(templateFileName(contract, 'PO2025001')).toBe('采购合同-PO2025001.pdf');
    expect(templateFileName(contract, ' a/b:c\n ')).toBe('采购合同-a_b_c.pdf');
    expect(templateFileName(contract, '')).toBe('采购合同-101.pdf');
  });
});

describe('amountInWords', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [1010, '壹仟零壹拾元整'],
    [1234.5, '壹仟贰佰叁拾肆元伍角整'],
    [100.05, '壹佰元零伍分'],
    [0.05, '伍分'],
    [0.5, '伍角整'],
    [10000, '壹万元整'],
    [100010000, '壹亿零壹万元整'],
    [3335.12, '叁仟叁佰叁拾伍元壹角贰分'],
    [1.005, '壹元零壹分'],
    [-3, '负叁元整'],
    [216859.28, '贰拾壹万陆仟捌佰伍拾玖元贰角捌分'],
    [Number.NaN, ''],
    [1e12, ''],
  ])('%s → %s', (value, words) => {
    expect(amountInWords(value)).toBe(words);
  });
});

describe('definitions by template', () => {
  it('renders every order template for an order and refuses the sheet template', () => {
    const input = orderInput({ order: shippedOrder() });
    expect(templatesFor('ORDER').map((t) => orderDocumentSpec(t, input).fileName)).toEqual([
      '采购合同-PO2025001.pdf',
      '大额订单合同报告-PO2025001.pdf',
      '出库单-PO2025001.pdf',
      '发票-PO2025001.pdf',
    ]);
    const quotation = findTemplate('INQUERY_QUOTATION_SHEET', 201);
    if (!quotation) throw new Error('no quotation template');
    expect(() => orderDocumentSpec(quotation, input)).toThrow(DocumentSpecError);
    expect(sheetDocumentSpec(quotation, sheetInput()).fileName).toBe('报价单-BJ2025001.pdf');
    const mail = findTemplate('INQUERY_QUOTATION_SHEET', 202);
    if (!mail) throw new Error('no inquiry mail template');
    expect(sheetDocumentSpec(mail, sheetInput()).fileName).toBe('询价函-BJ2025001.pdf');
    expect(() => orderDocumentSpec(mail, input)).toThrow('模板 202 不适用于订单');
    const contract = findTemplate('ORDER', 101);
    if (!contract) throw new Error('no contract template');
    expect(() => sheetDocumentSpec(contract, sheetInput())).toThrow('不适用于报价单');
  });
});
