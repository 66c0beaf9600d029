// 报价单 / procurement report of a price sheet (settings-messaging-shared §3 "Printable documents
// (content)", §4 CNY-priced stage and excluded lines, §9): per line the product (brand, name,
// order number, parameter, Chinese trade name), quantity, shipment weeks, tariff ratio, unit price
// with and without tariff and the line total; the total with its 30% / 70% split (first-pay
// ratio 0.3). In the CNY-priced stage, CNY unit prices carry 13% VAT when the sheet has a CNY
// VAT fee (the input's hasCnyVatFee, else the sheet row's has_cny_vat_fee).

import {
  balancePaymentOf,
  cnyUnitPriceWithVat,
  FIRST_PAYMENT_RATIO,
  firstPaymentOf,
  isCnyPricedStage,
  multiplyRound,
  roundTo,
  unitPriceWithoutTariff,
} from '../../domain/documents/amounts';
import { paymentMethodLabel } from '../../domain/finance/paymentMethods';
import { formatDate } from '../../domain/format/date';
import { formatAmount, formatMoney } from '../../domain/format/money';
import { formatShipmentWeeks } from '../../domain/format/shipment';
import { type SheetDocumentInput, type SheetLine, sheetReportLines } from '../input';
import type { DocumentSpec, TableCell } from '../spec';
import { templateFileName, templateOfKind } from '../templates';
import { partyBlock, userContact } from './parties';

export interface QuotationLine {
  no: number;
  brand: string;
  name: string;
  orderNo: string;
  parameter: string;
  chineseName: string;
  quantity: number;
  shipmentPeriod: string;
  /** Fraction (0.05); null when the product has none. */
  tariffRatio: number | null;
  unitPriceWithTariff: number | null;
  unitPriceWithoutTariff: number | null;
  total: number | null;
}

export interface QuotationFigures {
  currency: string;
  /** The sheet is in the CNY-priced stage and its CNY prices carry 13% VAT. */
  withVat: boolean;
  lines: QuotationLine[];
  total: number;
  firstPayment: number;
  balance: number;
}

/** '5%', '12.5%'; '' when absent. */
export function formatTariffRatio(ratio: number | null): string {
  if (ratio === null || !Number.isFinite(ratio)) return '';
  return `${roundTo(ratio * 100, 2)}%`;
}

function quotationLine(
  line: SheetLine,
  index: number,
  input: SheetDocumentInput,
  withVat: boolean,
): QuotationLine {
  const { sheet } = input;
  const quoted = sheet.supplier_node.price_map[String(line.id)]?.taxed_price_unit ?? null;
  const tariff = line.product.tariff ?? null;
  const withTariff = quoted === null ? null : cnyUnitPriceWithVat(quoted, withVat);
  return {
    no: index + 1,
    brand: sheet.brand_name ?? sheet.brand?.name ?? '',
    name: line.product_type ?? '',
    orderNo: line.product_article_no ?? '',
    parameter: line.short_description ?? '',
    chineseName: line.product.chinese_name ?? '',
    quantity: line.qty,
    shipmentPeriod: formatShipmentWeeks(line.shipment_period),
    tariffRatio: tariff,
    unitPriceWithTariff: withTariff,
    unitPriceWithoutTariff:
      withTariff === null ? null : unitPriceWithoutTariff(withTariff, tariff ?? 0),
    total: withTariff === null ? null : multiplyRound(withTariff, line.qty),
  };
}

export function quotationFigures(input: SheetDocumentInput): QuotationFigures {
  const { sheet } = input;
  const cnyStage = isCnyPricedStage(sheet.state);
  const currency = cnyStage ? 'CNY' : (sheet.supplier_node.currency ?? 'CNY');
  // The export dialog's choice, else the synced sheet's flag (absent in older rows: no VAT).
  const hasFee = input.hasCnyVatFee ?? sheet.has_cny_vat_fee === true;
  const withVat = cnyStage && hasFee;
  const lines = sheetReportLines(sheet).map((l, i) => quotationLine(l, i, input, withVat));
  const total = roundTo(lines.reduce((sum, l) => sum + (l.total ?? 0), 0));
  return {
    currency,
    withVat,
    lines,
    total,
    firstPayment: firstPaymentOf(total),
    balance: balancePaymentOf(total),
  };
}

export function quotationSpec(input: SheetDocumentInput): DocumentSpec {
  const { sheet } = input;
  const figures = quotationFigures(input);
  const { currency } = figures;
  const template = templateOfKind('quotation');
  const rows: TableCell[][] = figures.lines.map((l) => [
    String(l.no),
    [l.brand, l.name].filter(Boolean).join('\n'),
    [l.orderNo, l.parameter].filter(Boolean).join('\n'),
    l.chineseName,
    String(l.quantity),
    l.shipmentPeriod,
    formatTariffRatio(l.tariffRatio),
    formatAmount(l.unitPriceWithoutTariff),
    formatAmount(l.unitPriceWithTariff),
    formatAmount(l.total),
  ]);
  const firstPercent = Math.round(FIRST_PAYMENT_RATIO * 100);
  const percent = `${firstPercent}%`;
  const balancePercent = `${100 - firstPercent}%`;
  return {
    fileName: templateFileName(template, sheet.name),
    title: `报价单 ${sheet.name}`,
    createdAt: input.now,
    orientation: 'landscape',
    blocks: [
      { kind: 'heading', text: '报价单', level: 1 },
      {
        kind: 'fields',
        columns: 2,
        fields: [
          { label: '报价单号：', value: sheet.name },
          { label: '报价日期：', value: formatDate(input.now, input.timeZone) },
          { label: '品牌：', value: sheet.brand_name ?? sheet.brand?.name ?? '' },
          { label: '币种：', value: figures.withVat ? `${currency}（含13%增值税）` : currency },
          {
            label: '付款方式：',
            value: paymentMethodLabel(sheet.supplier_node.payment_method) || '待确认',
          },
          { label: '行数：', value: String(figures.lines.length) },
        ],
      },
      {
        kind: 'parties',
        parties: [
          partyBlock(input.partyA, { title: '询价方', contact: userContact(input.user) }),
          partyBlock(input.partyB, {
            title: '报价方',
            contact: null,
            follower: input.partyA?.follower ?? null,
          }),
        ],
      },
      {
        kind: 'table',
        size: 8,
        columns: [
          { header: '序号', width: 4, align: 'center' },
          { header: '品牌/产品名称', width: 16 },
          { header: '订货号/参数', width: 18 },
          { header: '清关品名', width: 10 },
          { header: '数量', width: 5, align: 'right' },
          { header: '货期', width: 7, align: 'center' },
          { header: '关税率', width: 6, align: 'right' },
          { header: `不含关税单价（${currency}）`, width: 11, align: 'right' },
          { header: `含关税单价（${currency}）`, width: 11, align: 'right' },
          { header: `总价（${currency}）`, width: 12, align: 'right' },
        ],
        rows,
        totals: [
          [{ text: '合计', span: 9, align: 'right' }, formatAmount(figures.total)],
          [
            { text: `首付款（${percent}）`, span: 9, align: 'right' },
            formatAmount(figures.firstPayment),
          ],
          [
            { text: `尾款（${balancePercent}）`, span: 9, align: 'right' },
            formatAmount(figures.balance),
          ],
        ],
      },
      {
        kind: 'paragraph',
        text: `报价总额：${formatMoney(figures.total, currency)}；首付款${percent}：${formatMoney(figures.firstPayment, currency)}，尾款${balancePercent}：${formatMoney(figures.balance, currency)}。`,
      },
    ],
  };
}
