// 出库单, the stock-out delivery list of an order (settings-messaging-shared §3 "Printable
// documents (content)", §9): the boxes with their lines, weights to 3 decimals with each box's
// extra weight spread over its lines by gross weight, customs codes (German and Chinese), origin
// country with the non-EU tag, unit prices and amounts in German locale, delivery company and
// tracking numbers, dates as DD.MM.YYYY.

import type { LogisticsBox } from '../../contract/feedRows';
import { isNonEu } from '../../domain/company/eu';
import { roundTo } from '../../domain/documents/amounts';
import { distributeExtraWeight } from '../../domain/documents/reportContent';
import { formatEuropeanDate } from '../../domain/format/date';
import { formatGermanAmount, formatWeight, lineTotal } from '../../domain/format/money';
import { BOX_TYPES } from '../../domain/orders/logisticsLabels';
import { type OrderDocumentInput, type OrderLine, orderReportLines } from '../input';
import type { Block, DocumentSpec, TableCell } from '../spec';
import { templateFileName, templateOfKind } from '../templates';
import { partyAddress } from './parties';

export const NON_EU_TAG = '非欧盟';
export interface StockOutLine {
  name: string;
  chineseName: string;
  typeArticleNo: string;
  quantity: number;
  unitPrice: number | null;
  amount: number | null;
  /** The line's gross weight plus its share of the box's extra weight. */
  grossWeight: number | null;
  netWeight: number | null;
  customsCodeDe: string;
  customsCodeCn: string;
  originCountry: string;
  nonEu: boolean;
}

export interface StockOutBox {
  name: string;
  type: string;
  currency: string;
  deliveryCompany: string;
  trackingNo: string;
  extraWeight: number;
  lines: StockOutLine[];
  grossWeight: number;
  netWeight: number;
  amount: number;
}

export interface StockOutFigures {
  boxes: StockOutBox[];
  grossWeight: number;
  netWeight: number;
  /** Amount per currency (the boxes of an order normally share one). */
  amounts: Array<{ currency: string; amount: number }>;
}

const weight = (value: number) => roundTo(value, 3);

function stockOutBox(box: LogisticsBox, lines: Map<number, OrderLine>, excluded: Set<number>) {
  const boxLines = box.box_lines.filter(
    (l) => l.order_product_id === null || !excluded.has(l.order_product_id),
  );
  const extra = box.extra_weight ?? 0;
  const shares = distributeExtraWeight(
    boxLines.map((l) => l.gross_weight ?? 0),
    extra,
  );
  const printed: StockOutLine[] = boxLines.map((l, i) => {
    const line = l.order_product_id === null ? undefined : lines.get(l.order_product_id);
    const share = shares[i] ?? 0;
    return {
      name: line?.product_name ?? line?.product.short_description ?? '',
      chineseName: line?.chinese_name ?? '',
      typeArticleNo: line?.type_article_no ?? line?.product_order_no ?? '',
      quantity: l.qty,
      unitPrice: l.price_unit,
      amount: lineTotal(l.price_unit, l.qty),
      grossWeight:
        l.gross_weight === null && share === 0 ? null : weight((l.gross_weight ?? 0) + share),
      netWeight: l.net_weight,
      customsCodeDe: l.customs_code_de ?? '',
      customsCodeCn: l.customs_code_cn ?? '',
      originCountry: l.origin_country ?? '',
      nonEu: isNonEu(l.origin_country),
    };
  });
  return {
    name: box.box_name,
    type: BOX_TYPES.label(box.box_type),
    currency: box.currency,
    deliveryCompany: box.delivery_company ?? '',
    trackingNo: box.tracking_no ?? '',
    extraWeight: weight(extra),
    lines: printed,
    grossWeight: weight(printed.reduce((s, l) => s + (l.grossWeight ?? 0), 0)),
    netWeight: weight(printed.reduce((s, l) => s + (l.netWeight ?? 0), 0)),
    amount: roundTo(printed.reduce((s, l) => s + (l.amount ?? 0), 0)),
  } satisfies StockOutBox;
}

export function stockOutFigures(input: OrderDocumentInput): StockOutFigures {
  const { order } = input;
  const included = new Set(orderReportLines(order).map((l) => l.id));
  const excluded = new Set(
    order.order_product_list.filter((l) => !included.has(l.id)).map((l) => l.id),
  );
  const lines = new Map(order.order_product_list.map((l) => [l.id, l]));
  const boxes = (order.logistics ?? [])
    .map((box) => stockOutBox(box, lines, excluded))
    .filter((box) => box.lines.length > 0);
  const amounts: Array<{ currency: string; amount: number }> = [];
  for (const box of boxes) {
    const entry = amounts.find((a) => a.currency === box.currency);
    if (entry) entry.amount = roundTo(entry.amount + box.amount);
    else amounts.push({ currency: box.currency, amount: box.amount });
  }
  return {
    boxes,
    grossWeight: weight(boxes.reduce((s, b) => s + b.grossWeight, 0)),
    netWeight: weight(boxes.reduce((s, b) => s + b.netWeight, 0)),
    amounts,
  };
}

function originCell(line: StockOutLine): string {
  return line.nonEu ? `${line.originCountry} ${NON_EU_TAG}` : line.originCountry;
}

function boxBlocks(box: StockOutBox, index: number): Block[] {
  const rows: TableCell[][] = box.lines.map((l, i) => [
    String(i + 1),
    [l.name, l.chineseName].filter(Boolean).join('\n'),
    l.typeArticleNo,
    String(l.quantity),
    formatGermanAmount(l.unitPrice),
    formatGermanAmount(l.amount),
    formatWeight(l.grossWeight),
    formatWeight(l.netWeight),
    l.customsCodeDe,
    l.customsCodeCn,
    originCell(l),
  ]);
  return [
    { kind: 'heading', text: `${index + 1}. ${box.name}（${box.type}）`, level: 2 },
    {
      kind: 'fields',
      columns: 2,
      fields: [
        { label: '快递公司：', value: box.deliveryCompany },
        { label: '运单号：', value: box.trackingNo },
        { label: '附加重量（kg）：', value: formatWeight(box.extraWeight) },
        { label: '币种：', value: box.currency },
      ],
    },
    {
      kind: 'table',
      size: 7.5,
      columns: [
        { header: '序号', width: 4, align: 'center' },
        { header: '产品名称/清关品名', width: 16 },
        { header: '型号/订货号', width: 16 },
        { header: '数量', width: 5, align: 'right' },
        { header: `单价（${box.currency}）`, width: 9, align: 'right' },
        { header: `金额（${box.currency}）`, width: 10, align: 'right' },
        { header: '毛重（kg）', width: 8, align: 'right' },
        { header: '净重（kg）', width: 8, align: 'right' },
        { header: '德国海关编码', width: 10 },
        { header: '中国海关编码', width: 10 },
        { header: '原产国', width: 8 },
      ],
      rows,
      totals: [
        [
          { text: '小计', span: 5, align: 'right' },
          formatGermanAmount(box.amount),
          formatWeight(box.grossWeight),
          formatWeight(box.netWeight),
          { text: '', span: 3 },
        ],
      ],
    },
  ];
}

export function stockOutSpec(input: OrderDocumentInput): DocumentSpec {
  const { order, partyA, partyB } = input;
  const figures = stockOutFigures(input);
  const template = templateOfKind('stockOutList');
  const address = partyA?.default_address;
  const blocks: Block[] = [{ kind: 'heading', text: '出库单', level: 1 }];
  if (isNonEu(address?.country ?? partyA?.country)) {
    blocks.push({ kind: 'tag', text: NON_EU_TAG, align: 'right' });
  }
  blocks.push({
    kind: 'fields',
    columns: 2,
    fields: [
      { label: '订单号：', value: order.name },
      { label: '出库日期：', value: formatEuropeanDate(input.now, input.timeZone) },
      { label: '收货方：', value: partyA?.name ?? '' },
      { label: '发货方：', value: partyB?.name ?? '' },
      { label: '收货地址：', value: partyAddress(partyA) },
      {
        label: '收货人：',
        value: address ? `${address.contacts_name} ${address.contacts_phone}`.trim() : '',
      },
      { label: '箱数：', value: String(figures.boxes.length) },
      {
        label: '总金额：',
        value: figures.amounts
          .map((a) => `${formatGermanAmount(a.amount)} ${a.currency}`)
          .join('，'),
      },
      { label: '总毛重（kg）：', value: formatWeight(figures.grossWeight) },
      { label: '总净重（kg）：', value: formatWeight(figures.netWeight) },
    ],
  });
  if (figures.boxes.length === 0) {
    blocks.push({ kind: 'paragraph', text: '该订单暂无出库箱。' });
  }
  figures.boxes.forEach((box, i) => {
    blocks.push(...boxBlocks(box, i));
  });
  blocks.push({
    kind: 'signatures',
    parties: [
      { title: '发货方', lines: [partyB?.name ?? ''] },
      { title: '收货方', lines: [partyA?.name ?? ''] },
    ],
  });
  return {
    fileName: templateFileName(template, order.name),
    title: `出库单 ${order.name}`,
    createdAt: input.now,
    orientation: 'landscape',
    blocks,
  };
}
