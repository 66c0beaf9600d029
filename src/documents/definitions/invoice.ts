// 发票, the invoice of an order (settings-messaging-shared §3 "Printable documents (content)",
// §7 invoice log, §9 顺丰): number, reference orders, customer company, lines (quantity, prices),
// totals taxed and untaxed, tax rate, date, and the express info with its progress log.

import type { OrderInvoice } from '../../contract/feedRows';
import { roundTo } from '../../domain/documents/amounts';
import { INVOICE_DELIVERY_COMPANY } from '../../domain/documents/reportContent';
import { INVOICE_STATUSES } from '../../domain/finance/paymentMethods';
import { formatDateTime } from '../../domain/format/date';
import { formatAmount } from '../../domain/format/money';
import { type OrderDocumentInput, orderReportLines } from '../input';
import type { Block, DocumentSpec, TableCell } from '../spec';
import { templateFileName, templateOfKind } from '../templates';

export interface InvoiceLine {
  name: string;
  typeArticleNo: string;
  quantity: number;
  unitPrice: number;
  taxedUnitPrice: number;
  amount: number;
  taxedAmount: number;
}

export interface InvoiceFigures {
  invoice: OrderInvoice;
  lines: InvoiceLine[];
  untaxedTotal: number;
  taxedTotal: number;
  tax: number;
}

/** The invoice asked for, else the order's first one not canceled; null when there is none. */
export function chooseInvoice(input: OrderDocumentInput): OrderInvoice | null {
  const invoices = input.order.invoices ?? [];
  if (input.invoiceId !== undefined && input.invoiceId !== null) {
    return invoices.find((i) => i.id === input.invoiceId) ?? null;
  }
  return invoices.find((i) => i.state !== 'CANCELED') ?? invoices[0] ?? null;
}

/** '13%'; '' when absent. */
export function formatTaxRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined || !Number.isFinite(rate)
    ? ''
    : `${roundTo(rate * 100, 2)}%`;
}

/**
 * The printed lines and totals: lines of order lines left out of reports go, and the totals are
 * those of the printed lines (equal to the invoice's own when nothing is left out).
 */
export function invoiceFigures(input: OrderDocumentInput): InvoiceFigures | null {
  const invoice = chooseInvoice(input);
  if (!invoice) return null;
  const { order } = input;
  const included = new Set(orderReportLines(order).map((l) => l.id));
  const orderLines = new Map(order.order_product_list.map((l) => [l.id, l]));
  const lines = invoice.lines
    .filter(
      (l) =>
        l.order_id !== order.id || l.order_product_id === null || included.has(l.order_product_id),
    )
    .map((l) => {
      const line = l.order_product_id === null ? undefined : orderLines.get(l.order_product_id);
      return {
        name: line?.chinese_name ?? line?.product_name ?? '',
        typeArticleNo: line?.type_article_no ?? line?.product_order_no ?? '',
        quantity: l.qty,
        unitPrice: l.price_unit,
        taxedUnitPrice: l.taxed_price_unit,
        amount: l.amount,
        taxedAmount: l.taxed_amount,
      };
    });
  const untaxedTotal = roundTo(lines.reduce((s, l) => s + l.amount, 0));
  const taxedTotal = roundTo(lines.reduce((s, l) => s + l.taxedAmount, 0));
  return { invoice, lines, untaxedTotal, taxedTotal, tax: roundTo(taxedTotal - untaxedTotal) };
}

function invoiceBlocks(figures: InvoiceFigures, input: OrderDocumentInput): Block[] {
  const { invoice } = figures;
  const currency = invoice.currency;
  const rows: TableCell[][] = figures.lines.map((l, i) => [
    String(i + 1),
    l.name,
    l.typeArticleNo,
    String(l.quantity),
    formatAmount(l.unitPrice),
    formatAmount(l.taxedUnitPrice),
    formatAmount(l.amount),
    formatAmount(l.taxedAmount),
  ]);
  const blocks: Block[] = [
    {
      kind: 'fields',
      columns: 2,
      fields: [
        { label: '发票号码：', value: invoice.number },
        { label: '开票日期：', value: invoice.invoice_date },
        {
          label: '客户公司：',
          value: invoice.customer_company?.name ?? input.partyA?.name ?? '',
        },
        { label: '开票方：', value: input.partyB?.name ?? '' },
        {
          label: '关联订单：',
          value: invoice.reference_orders.map((o) => o.name ?? String(o.id)).join('、'),
        },
        { label: '发票状态：', value: INVOICE_STATUSES.label(invoice.state) },
        { label: '税率：', value: formatTaxRate(invoice.tax_rate) },
        { label: '币种：', value: currency },
      ],
    },
    {
      kind: 'table',
      columns: [
        { header: '序号', width: 4, align: 'center' },
        { header: '货物名称', width: 14 },
        { header: '型号/订货号', width: 18 },
        { header: '数量', width: 6, align: 'right' },
        { header: '不含税单价', width: 11, align: 'right' },
        { header: '含税单价', width: 11, align: 'right' },
        { header: '不含税金额', width: 12, align: 'right' },
        { header: '含税金额', width: 12, align: 'right' },
      ],
      rows,
      totals: [
        [
          { text: '合计', span: 6, align: 'right' },
          formatAmount(figures.untaxedTotal),
          formatAmount(figures.taxedTotal),
        ],
        [
          { text: `税额（${formatTaxRate(invoice.tax_rate)}）`, span: 7, align: 'right' },
          formatAmount(figures.tax),
        ],
      ],
    },
    {
      kind: 'fields',
      columns: 2,
      fields: [
        { label: '不含税合计：', value: `${formatAmount(figures.untaxedTotal)} ${currency}` },
        { label: '含税合计：', value: `${formatAmount(figures.taxedTotal)} ${currency}` },
      ],
    },
    { kind: 'heading', text: '快递信息', level: 2 },
    {
      kind: 'fields',
      columns: 2,
      fields: [
        { label: '快递公司：', value: INVOICE_DELIVERY_COMPANY },
        { label: '快递单号：', value: invoice.tracking_no ?? '' },
      ],
    },
  ];
  if (invoice.logs.length > 0) {
    blocks.push({
      kind: 'table',
      columns: [
        { header: '时间', width: 14 },
        { header: '地点', width: 10 },
        { header: '信息', width: 30 },
      ],
      rows: invoice.logs.map((log) => [
        formatDateTime(log.create_time, input.timeZone),
        log.location ?? '',
        log.remark,
      ]),
    });
  }
  return blocks;
}

export function invoiceSpec(input: OrderDocumentInput): DocumentSpec {
  const { order } = input;
  const figures = invoiceFigures(input);
  const template = templateOfKind('invoice');
  const blocks: Block[] = [{ kind: 'heading', text: '发票', level: 1 }];
  if (figures) blocks.push(...invoiceBlocks(figures, input));
  else blocks.push({ kind: 'paragraph', text: `订单${order.name}暂无发票。` });
  return {
    fileName: templateFileName(template, figures?.invoice.number ?? order.name),
    title: `发票 ${figures?.invoice.number ?? order.name}`,
    createdAt: input.now,
    orientation: 'portrait',
    blocks,
  };
}
