// 箱标, the box labels of an order (settings-messaging-shared §2 "A static box-tag print template
// is fetched"): one 100 × 150 mm page per box with the order number in large
// bold type, the box and "第 n / N 箱", supplier → buyer, the receiver and the buyer's default
// address, delivery company and tracking number, weights, lines and origin countries. The boxes and
// their figures are the stock-out list's, so a label and the 出库单 never disagree (lines left out
// of documents are left off, the box's extra weight is in its gross weight).

import { formatKg } from '../../domain/orders/logistics';
import type { OrderDocumentInput } from '../input';
import { type Block, type DocumentSpec, type Field, LABEL_100X150 } from '../spec';
import { templateFileName, templateOfKind } from '../templates';
import { addressText } from './parties';
import { NON_EU_TAG, type StockOutBox, stockOutFigures } from './stockOut';

export const BOX_LABEL_TEXT = {
  TITLE: '箱标',
  ORDER_NUMBER: '订单号',
  SHIPPER: '发货方：',
  CONSIGNEE: '收货方：',
  RECEIVER: '收货人：',
  ADDRESS: '收货地址：',
  DELIVERY_COMPANY: '快递公司：',
  TRACKING_NO: '快递单号：',
  GROSS_WEIGHT: '毛重：',
  NET_WEIGHT: '净重：',
  CONTENTS: '箱内产品：',
  ORIGIN: '原产国：',
  boxOf: (index: number, count: number) => `第 ${index} / ${count} 箱`,
  contents: (lines: number, quantity: number) => `${lines} 种，共 ${quantity} 件`,
  noBoxes: (order: string) => `订单${order}暂无装箱，没有可打印的箱标。`,
} as const;

export interface BoxLabel {
  orderNumber: string;
  boxName: string;
  /** 1-based position among the order's labels. */
  index: number;
  count: number;
  shipper: string;
  consignee: string;
  receiver: string;
  address: string;
  deliveryCompany: string;
  trackingNo: string;
  grossWeight: number;
  netWeight: number;
  lineCount: number;
  quantity: number;
  /** Distinct origin countries in line order, non-EU ones tagged: 'DE、CH（非欧盟）'. */
  origins: string;
}

function originsOf(box: StockOutBox): string {
  const seen = new Map<string, boolean>();
  for (const line of box.lines) {
    if (line.originCountry && !seen.has(line.originCountry)) {
      seen.set(line.originCountry, line.nonEu);
    }
  }
  return [...seen]
    .map(([country, nonEu]) => (nonEu ? `${country}（${NON_EU_TAG}）` : country))
    .join('、');
}

/**
 * A label is one page: texts of any length are cut to what fits beside their caption (a few
 * lines each), ending in …, so a long company name or address never pushes a label onto a
 * second page. Characters, not bytes: CJK and Latin alike.
 */
export const LABEL_TEXT_LIMITS = {
  party: 40,
  receiver: 30,
  address: 60,
  code: 40,
  origins: 40,
} as const;

export function clipLabelText(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** One label per box the stock-out list prints, in its order. */
export function boxLabels(input: OrderDocumentInput): BoxLabel[] {
  const { order, partyA, partyB } = input;
  const { boxes } = stockOutFigures(input);
  const address = partyA?.default_address ?? null;
  const receiver = address
    ? [address.contacts_name, address.contacts_phone].filter((p) => p?.trim()).join(' ')
    : '';
  const L = LABEL_TEXT_LIMITS;
  return boxes.map((box, i) => ({
    orderNumber: clipLabelText(order.name, L.code),
    boxName: clipLabelText(box.name, L.code),
    index: i + 1,
    count: boxes.length,
    shipper: clipLabelText(partyB?.name ?? '', L.party),
    consignee: clipLabelText(partyA?.name ?? '', L.party),
    receiver: clipLabelText(receiver, L.receiver),
    address: clipLabelText(addressText(address), L.address),
    deliveryCompany: clipLabelText(box.deliveryCompany, L.code),
    trackingNo: clipLabelText(box.trackingNo, L.code),
    grossWeight: box.grossWeight,
    netWeight: box.netWeight,
    lineCount: box.lines.length,
    quantity: box.lines.reduce((sum, l) => sum + l.quantity, 0),
    origins: clipLabelText(originsOf(box), L.origins),
  }));
}

function labelBlocks(label: BoxLabel): Block[] {
  const T = BOX_LABEL_TEXT;
  const fields: Field[] = [
    { label: T.SHIPPER, value: label.shipper },
    { label: T.CONSIGNEE, value: label.consignee },
    { label: T.RECEIVER, value: label.receiver },
    { label: T.ADDRESS, value: label.address },
    { label: T.DELIVERY_COMPANY, value: label.deliveryCompany },
    { label: T.TRACKING_NO, value: label.trackingNo },
    { label: T.GROSS_WEIGHT, value: formatKg(label.grossWeight) },
    { label: T.NET_WEIGHT, value: formatKg(label.netWeight) },
    { label: T.CONTENTS, value: T.contents(label.lineCount, label.quantity) },
    { label: T.ORIGIN, value: label.origins },
  ];
  return [
    { kind: 'heading', text: T.TITLE, level: 1 },
    { kind: 'paragraph', text: T.ORDER_NUMBER, size: 8 },
    { kind: 'paragraph', text: label.orderNumber, size: 22, bold: true },
    {
      kind: 'paragraph',
      text: `${label.boxName}　${T.boxOf(label.index, label.count)}`,
      size: 13,
      bold: true,
    },
    { kind: 'fields', columns: 1, fields },
  ];
}

export function boxLabelsSpec(input: OrderDocumentInput): DocumentSpec {
  const { order } = input;
  const template = templateOfKind('boxLabels');
  const labels = boxLabels(input);
  const blocks: Block[] =
    labels.length === 0
      ? [
          { kind: 'heading', text: BOX_LABEL_TEXT.TITLE, level: 1 },
          { kind: 'paragraph', text: BOX_LABEL_TEXT.noBoxes(order.name) },
        ]
      : labels.flatMap((label, i) => [
          ...(i > 0 ? [{ kind: 'pageBreak' } as const] : []),
          ...labelBlocks(label),
        ]);
  return {
    fileName: templateFileName(template, order.name),
    title: `${BOX_LABEL_TEXT.TITLE} ${order.name}`,
    createdAt: input.now,
    orientation: 'portrait',
    page: LABEL_100X150,
    blocks,
  };
}
