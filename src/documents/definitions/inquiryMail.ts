// 询价函, the supplier inquiry mail (settings-messaging-shared §1, one of the six printable
// documents): what a buyer sends a supplier to ask for prices. The spec lists it but shows no
// contents, so the reading is ours (docs/decisions.md, "Document definitions"): the sheet's
// products (brand, model, order number, parameters, quantity) with blank price and delivery
// columns for the supplier to fill, who asks (the buyer company, the user as contact, where to
// deliver) and whom, the payment method asked for and the sheet's remark. A sheet carries no
// requested delivery date, so none is invented: the supplier is asked to state its 货期.

import { paymentMethodLabel } from '../../domain/finance/paymentMethods';
import { formatDate } from '../../domain/format/date';
import { type SheetDocumentInput, sheetReportLines } from '../input';
import type { DocumentSpec, Field, TableCell } from '../spec';
import { templateFileName, templateOfKind } from '../templates';
import { partyAddress } from './parties';

/** One asked line: what the supplier is to price. */
export interface InquiryMailLine {
  no: number;
  brand: string;
  model: string;
  orderNo: string;
  parameter: string;
  quantity: number;
}

export interface InquiryMailContent {
  /** The supplier the mail is addressed to (its company row's name, else the sheet's). */
  supplier: string;
  /** The buyer company asking (party A). */
  buyer: string;
  /** The user sending it: name and mobile. */
  contact: string;
  brand: string;
  lines: InquiryMailLine[];
  totalQuantity: number;
}

const text = (v: string | null | undefined): string => v?.trim() ?? '';
const joined = (...parts: Array<string | null | undefined>) =>
  parts.map(text).filter(Boolean).join(' ');

/** The printed lines (deleted, INVALID and REPLACED lines are not asked about). */
export function inquiryMailContent(input: SheetDocumentInput): InquiryMailContent {
  const { sheet } = input;
  const brand = text(sheet.brand_name ?? sheet.brand?.name);
  const lines = sheetReportLines(sheet).map((line, index) => ({
    no: index + 1,
    brand,
    model: text(line.product_type),
    orderNo: text(line.product_article_no),
    parameter: text(line.short_description),
    quantity: line.qty,
  }));
  return {
    supplier: text(input.partyB?.name ?? sheet.supplier_node.company?.name),
    buyer: text(input.partyA?.name),
    contact: joined(input.user.name, input.user.mobile),
    brand,
    lines,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}

/** The asking side's lines: company, contact, e-mail, website and where the goods go. */
function buyerFields(input: SheetDocumentInput, content: InquiryMailContent): Field[] {
  const company = input.partyA;
  return [
    { label: '公司名称：', value: content.buyer },
    { label: '联系人：', value: content.contact },
    { label: '邮箱：', value: text(input.user.email ?? company?.email) },
    { label: '网址：', value: text(company?.website) },
    { label: '交货地址：', value: partyAddress(company) },
  ];
}

/** The supplier's lines; its sales manager following the buyer (party A's follower) as contact. */
function supplierFields(input: SheetDocumentInput, content: InquiryMailContent): Field[] {
  const follower = input.partyA?.follower ?? null;
  return [
    { label: '公司名称：', value: content.supplier },
    {
      label: '联系人：',
      value: follower ? joined(follower.alias, follower.mobile ?? follower.phone) : '',
    },
    { label: '邮箱：', value: text(input.partyB?.email) },
    { label: '地址：', value: partyAddress(input.partyB) },
  ];
}

export function inquiryMailSpec(input: SheetDocumentInput): DocumentSpec {
  const { sheet } = input;
  const content = inquiryMailContent(input);
  const template = templateOfKind('inquiryMail');
  const date = formatDate(input.now, input.timeZone);
  const rows: TableCell[][] = content.lines.map((l) => [
    String(l.no),
    l.brand,
    l.model,
    l.orderNo,
    l.parameter,
    String(l.quantity),
    '',
    '',
  ]);
  const brandText = content.brand ? `${content.brand}品牌` : '';
  return {
    fileName: templateFileName(template, sheet.name),
    title: `询价函 ${sheet.name}`,
    createdAt: input.now,
    orientation: 'portrait',
    blocks: [
      { kind: 'heading', text: '询价函', level: 1 },
      {
        kind: 'fields',
        columns: 2,
        fields: [
          { label: '询价单号：', value: sheet.name },
          { label: '询价日期：', value: date },
          { label: '品牌：', value: content.brand },
          { label: '报价币种：', value: text(sheet.supplier_node.currency) || '待确认' },
          {
            label: '付款方式：',
            value: paymentMethodLabel(sheet.supplier_node.payment_method) || '待确认',
          },
          { label: '产品行数：', value: String(content.lines.length) },
        ],
      },
      {
        kind: 'parties',
        parties: [
          { title: '致（供应商）', lines: supplierFields(input, content) },
          { title: '询价方', lines: buyerFields(input, content) },
        ],
      },
      {
        kind: 'paragraph',
        text: `${content.supplier || '供应商'}：\n您好！我司拟采购以下${brandText}产品，烦请报价，并注明含税单价、货期、报价币种及报价有效期，确认付款方式。谢谢！`,
      },
      {
        kind: 'table',
        size: 8,
        columns: [
          { header: '序号', width: 4, align: 'center' },
          { header: '品牌', width: 8 },
          { header: '型号', width: 13 },
          { header: '订货号', width: 13 },
          { header: '参数', width: 16 },
          { header: '数量', width: 5, align: 'right' },
          { header: '含税单价（请填写）', width: 13, align: 'right' },
          { header: '货期（请填写）', width: 12, align: 'center' },
        ],
        rows,
        totals: [
          [{ text: '合计数量', span: 5, align: 'right' }, String(content.totalQuantity), '', ''],
        ],
      },
      { kind: 'paragraph', text: `备注：${text(sheet.remark) || '无'}` },
      {
        kind: 'paragraph',
        text: `请于收到本函后尽快回复报价。如有疑问，请联系${content.contact || '询价方'}。`,
      },
      { kind: 'spacer', height: 12 },
      {
        kind: 'paragraph',
        text: [content.buyer, date].filter(Boolean).join('\n'),
        align: 'right',
      },
    ],
  };
}
