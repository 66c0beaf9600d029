// 采购合同 (settings-messaging-shared §3 "Contract form", "Printable documents (content)", §9):
// party A / B blocks, the report lines (brand, name, typeArticleNo, shipment weeks, quantity,
// taxed unit price and amount), the total (optionally in words), the payment terms of the
// order's payment method with the 30% / 70% split, and the signatures.

import { amountInWords } from '../../domain/documents/amountInWords';
import { firstPaymentOf, roundTo } from '../../domain/documents/amounts';
import { paymentMethodLabel, paymentMethodTerms } from '../../domain/finance/paymentMethods';
import { formatDate } from '../../domain/format/date';
import { formatAmount, formatMoney } from '../../domain/format/money';
import { formatShipmentWeeks } from '../../domain/format/shipment';
import { type OrderDocumentInput, type OrderLine, orderReportLines } from '../input';
import type { Block, DocumentSpec, TableCell } from '../spec';
import { templateFileName, templateOfKind } from '../templates';
import { partyBlock, userContact } from './parties';

export interface ContractLine {
  no: number;
  brand: string;
  name: string;
  typeArticleNo: string;
  shipmentPeriod: string;
  quantity: number;
  taxedPrice: number | null;
  taxedAmount: number | null;
}

export interface ContractFigures {
  currency: string;
  lines: ContractLine[];
  total: number;
  firstPayment: number;
  lastPayment: number;
  paymentMethod: string | null;
  /** The first payment the payment method itself sets (its terms describe that split). */
  methodFirstPayment: number;
}

export function orderCurrency(input: OrderDocumentInput): string {
  const { order } = input;
  return order.currency ?? order.supplier_order_node.order_node_price.currency ?? 'CNY';
}

function contractLine(line: OrderLine, index: number, brand: string | null): ContractLine {
  const node = line.supplier_order_node_line;
  return {
    no: index + 1,
    brand: line.brand_name ?? brand ?? '',
    name: line.product_name ?? line.product.short_description ?? '',
    typeArticleNo:
      line.type_article_no ?? line.product_order_no ?? line.product.product_article_no ?? '',
    shipmentPeriod: formatShipmentWeeks(line.shipment_period),
    quantity: line.qty,
    taxedPrice: node.taxed_price_unit,
    taxedAmount: node.taxed_amount,
  };
}

/**
 * The contract's figures. The total is the sum of the printed lines' taxed amounts. The first
 * payment is the one typed in the export dialog, else the order's suggestion, else: the whole
 * total for ADVANCE_PAYMENT, 30% for the 30/70 method, none (0) for payment after invoice.
 */
export function contractFigures(input: OrderDocumentInput): ContractFigures {
  const { order } = input;
  const lines = orderReportLines(order).map((l, i) => contractLine(l, i, order.brand_name));
  const total = roundTo(lines.reduce((sum, l) => sum + (l.taxedAmount ?? 0), 0));
  const method = order.payment_method;
  const suggested =
    method === 'ADVANCE_PAYMENT'
      ? total
      : method === 'THIRTY_SEVENTY_RATIO_PAYMENT'
        ? firstPaymentOf(total)
        : method === 'INVOICE_PAYMENT' || method === 'INVOICE_PAYMENT_WITH_DISCOUNT'
          ? 0
          : firstPaymentOf(total);
  const first = roundTo(input.firstPaymentAmount ?? order.first_payment_amount ?? suggested);
  const firstPayment = Number.isFinite(first) ? first : firstPaymentOf(total);
  return {
    currency: orderCurrency(input),
    lines,
    total,
    firstPayment,
    lastPayment: roundTo(total - firstPayment),
    paymentMethod: method,
    methodFirstPayment: suggested,
  };
}

function paymentText(figures: ContractFigures): string {
  const { currency, total, firstPayment, lastPayment, paymentMethod } = figures;
  const lines = [`付款方式：${paymentMethodLabel(paymentMethod) || '待确认'}`];
  // The method's terms describe its own split; another first payment (typed in the export
  // dialog) is printed as amounts only, so the contract never contradicts itself.
  const terms = paymentMethodTerms(paymentMethod);
  if (terms && firstPayment === figures.methodFirstPayment) lines.push(`付款条件：${terms}`);
  const first = formatMoney(firstPayment, currency);
  const last = formatMoney(lastPayment, currency);
  // The 30% / 70% shares are named only when the first payment is that split (the export
  // dialog may set another amount).
  if (paymentMethod === 'THIRTY_SEVENTY_RATIO_PAYMENT' && firstPayment === firstPaymentOf(total)) {
    lines.push(`首付款（30%）：${first}；尾款（70%）：${last}`);
  } else if (firstPayment > 0 && lastPayment > 0) {
    lines.push(`首付款：${first}；尾款：${last}`);
  } else if (firstPayment >= total && total > 0) {
    lines.push(`预付款（100%）：${formatMoney(firstPayment, currency)}`);
  }
  return lines.join('\n');
}

export function contractSpec(input: OrderDocumentInput): DocumentSpec {
  const { order } = input;
  const figures = contractFigures(input);
  const { currency } = figures;
  const template = templateOfKind('contract');
  const rows: TableCell[][] = figures.lines.map((l) => [
    String(l.no),
    l.brand,
    l.name,
    l.typeArticleNo,
    l.shipmentPeriod,
    String(l.quantity),
    formatAmount(l.taxedPrice),
    formatAmount(l.taxedAmount),
  ]);
  const blocks: Block[] = [
    { kind: 'heading', text: '采购合同', level: 1 },
    {
      kind: 'fields',
      columns: 2,
      fields: [
        { label: '合同编号：', value: order.name },
        { label: '签订日期：', value: formatDate(order.sign_time ?? input.now, input.timeZone) },
        { label: '询价单号：', value: order.inquiry_no ?? '' },
        { label: '币种：', value: currency },
      ],
    },
    {
      kind: 'parties',
      parties: [
        partyBlock(input.partyA, { title: '甲方（买方）', contact: userContact(input.user) }),
        partyBlock(input.partyB, {
          title: '乙方（卖方）',
          contact: order.supplier_order_node.contacts_user?.name ?? null,
          follower: input.partyA?.follower ?? null,
        }),
      ],
    },
    { kind: 'heading', text: '一、产品明细', level: 2 },
    {
      kind: 'table',
      columns: [
        { header: '序号', width: 4, align: 'center' },
        { header: '品牌', width: 10 },
        { header: '产品名称', width: 16 },
        { header: '型号/订货号', width: 18 },
        { header: '货期', width: 7, align: 'center' },
        { header: '数量', width: 6, align: 'right' },
        { header: `含税单价（${currency}）`, width: 12, align: 'right' },
        { header: `含税金额（${currency}）`, width: 13, align: 'right' },
      ],
      rows,
      totals: [[{ text: '合计', span: 7, align: 'right' }, formatAmount(figures.total)]],
    },
  ];
  if (input.amountInWords !== false && currency === 'CNY') {
    blocks.push({ kind: 'paragraph', text: `合计金额（大写）：${amountInWords(figures.total)}` });
  }
  blocks.push(
    { kind: 'heading', text: '二、付款方式', level: 2 },
    { kind: 'paragraph', text: paymentText(figures) },
    { kind: 'spacer', height: 12 },
    {
      kind: 'signatures',
      parties: [
        { title: '甲方（买方）', lines: [input.partyA?.name ?? ''] },
        { title: '乙方（卖方）', lines: [input.partyB?.name ?? ''] },
      ],
    },
  );
  return {
    fileName: templateFileName(template, order.name),
    title: `采购合同 ${order.name}`,
    createdAt: input.now,
    orientation: 'portrait',
    blocks,
  };
}
