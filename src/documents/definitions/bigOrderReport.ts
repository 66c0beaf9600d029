// 大额订单合同报告, the big-order contract report (settings-messaging-shared §3 "Printable
// documents (content)", §5, §9): the order nodes, payment method, tax rate, exchange rate, extra
// fee, the lines with their rounded taxed unit prices, total and untaxed amounts, the 97% total
// variant and the times the order reached each state. Its template is a confirm-order one: the
// export dialog warns when the supplier quotation number is missing (bigOrderWarning).

import {
  BIG_ORDER_TOTAL_RATIO,
  bigOrderTotalVariant,
  roundTo,
} from '../../domain/documents/amounts';
import { bigOrderReportWarning } from '../../domain/documents/contractExport';
import {
  ORDER_INVOICE_STATES,
  PAYMENT_STATES,
  SUPPLIER_INVOICE_STATES,
} from '../../domain/finance/labels';
import { paymentMethodLabel } from '../../domain/finance/paymentMethods';
import { formatDate, formatDateTime } from '../../domain/format/date';
import { formatAmount } from '../../domain/format/money';
import { orderStateLabel } from '../../domain/orders/orderStates';
import { type OrderDocumentInput, orderReportLines } from '../input';
import type { DocumentSpec, TableCell } from '../spec';
import { templateFileName, templateOfKind } from '../templates';
import { orderCurrency } from './contract';
import { formatTaxRate } from './invoice';

export interface BigOrderLine {
  no: number;
  name: string;
  typeArticleNo: string;
  quantity: number;
  /** Taxed unit price rounded to the cent. */
  taxedPrice: number | null;
  taxedAmount: number | null;
  untaxedAmount: number | null;
}

export interface BigOrderNode {
  role: string;
  company: string;
  /** The node's inbound (payment) state: 未付款, 部分付款 …. */
  paymentState: string;
  invoiceState: string;
}

export interface BigOrderFigures {
  currency: string;
  lines: BigOrderLine[];
  total: number;
  untaxedTotal: number;
  /** The total × 0.97. */
  totalVariant: number;
  extraFee: number | null;
  taxRate: number | null;
  exchangeRate: number | null;
  nodes: BigOrderNode[];
  stateTimes: Array<{ state: string; time: string }>;
}

/** The warning of the confirm-order template: null when the supplier quotation number is set. */
export function bigOrderWarning(input: OrderDocumentInput): string | null {
  return bigOrderReportWarning(
    templateOfKind('bigOrderReport').confirmOrder,
    input.order.supplier_quotation_no ?? null,
  );
}

function stateLabel(
  labels: { label(code: string | null | undefined): string },
  code: string | null,
) {
  return labels.label(code);
}

export function bigOrderFigures(input: OrderDocumentInput): BigOrderFigures {
  const { order, partyA, partyB } = input;
  const lines = orderReportLines(order).map((l, i) => {
    const node = l.supplier_order_node_line;
    return {
      no: i + 1,
      name: l.product_name ?? l.product.short_description ?? '',
      typeArticleNo: l.type_article_no ?? l.product_order_no ?? '',
      quantity: l.qty,
      taxedPrice: node.taxed_price_unit === null ? null : roundTo(node.taxed_price_unit),
      taxedAmount: node.taxed_amount,
      untaxedAmount: node.amount ?? null,
    };
  });
  const total = roundTo(lines.reduce((s, l) => s + (l.taxedAmount ?? 0), 0));
  const untaxedTotal = roundTo(lines.reduce((s, l) => s + (l.untaxedAmount ?? 0), 0));
  const companyName = (id: number) =>
    id === partyA?.id ? partyA.name : id === partyB?.id ? partyB.name : `#${id}`;
  const nodes: BigOrderNode[] = order.order_node_list.map((n) => {
    const supplier = n.company.id === order.supplier_order_node.company_id;
    return {
      role: supplier ? '供应商' : n.company.id === order.company_id ? '采购方' : '节点',
      company: companyName(n.company.id),
      paymentState: stateLabel(PAYMENT_STATES, n.inbound_state),
      invoiceState: stateLabel(
        supplier ? SUPPLIER_INVOICE_STATES : ORDER_INVOICE_STATES,
        n.invoice_state,
      ),
    };
  });
  return {
    currency: orderCurrency(input),
    lines,
    total,
    untaxedTotal,
    totalVariant: bigOrderTotalVariant(total),
    extraFee: order.extra_fee ?? null,
    taxRate: order.tax_rate ?? null,
    exchangeRate: order.exchange_rate ?? null,
    nodes,
    stateTimes: order.order_state_log_list.map((log) => ({
      state: orderStateLabel(log.state),
      time: formatDateTime(log.time, input.timeZone),
    })),
  };
}

export function bigOrderReportSpec(input: OrderDocumentInput): DocumentSpec {
  const { order } = input;
  const figures = bigOrderFigures(input);
  const { currency } = figures;
  const template = templateOfKind('bigOrderReport');
  const variantLabel = `${Math.round(BIG_ORDER_TOTAL_RATIO * 100)}%金额`;
  const rows: TableCell[][] = figures.lines.map((l) => [
    String(l.no),
    l.name,
    l.typeArticleNo,
    String(l.quantity),
    formatAmount(l.taxedPrice),
    formatAmount(l.untaxedAmount),
    formatAmount(l.taxedAmount),
  ]);
  return {
    fileName: templateFileName(template, order.name),
    title: `大额订单合同报告 ${order.name}`,
    createdAt: input.now,
    orientation: 'portrait',
    blocks: [
      { kind: 'heading', text: '大额订单合同报告', level: 1 },
      {
        kind: 'fields',
        columns: 2,
        fields: [
          { label: '订单号：', value: order.name },
          { label: '报告日期：', value: formatDate(input.now, input.timeZone) },
          { label: '采购方：', value: input.partyA?.name ?? '' },
          { label: '供应商：', value: input.partyB?.name ?? '' },
          { label: '供应商报价单号：', value: order.supplier_quotation_no ?? '' },
          { label: '付款方式：', value: paymentMethodLabel(order.payment_method) || '待确认' },
          { label: '税率：', value: formatTaxRate(figures.taxRate) },
          {
            label: '汇率：',
            value: figures.exchangeRate === null ? '' : String(roundTo(figures.exchangeRate, 4)),
          },
          { label: '附加费用：', value: formatAmount(figures.extraFee ?? 0) },
          { label: '币种：', value: currency },
        ],
      },
      { kind: 'heading', text: '订单节点', level: 2 },
      {
        kind: 'table',
        columns: [
          { header: '节点', width: 8 },
          { header: '公司', width: 24 },
          { header: '付款状态', width: 10 },
          { header: '开票状态', width: 10 },
        ],
        rows: figures.nodes.map((n) => [n.role, n.company, n.paymentState, n.invoiceState]),
      },
      { kind: 'heading', text: '产品明细', level: 2 },
      {
        kind: 'table',
        columns: [
          { header: '序号', width: 4, align: 'center' },
          { header: '产品名称', width: 16 },
          { header: '型号/订货号', width: 18 },
          { header: '数量', width: 6, align: 'right' },
          { header: '含税单价', width: 11, align: 'right' },
          { header: '不含税金额', width: 12, align: 'right' },
          { header: '含税金额', width: 12, align: 'right' },
        ],
        rows,
        totals: [
          [
            { text: '合计', span: 5, align: 'right' },
            formatAmount(figures.untaxedTotal),
            formatAmount(figures.total),
          ],
          [{ text: variantLabel, span: 6, align: 'right' }, formatAmount(figures.totalVariant)],
        ],
      },
      {
        kind: 'fields',
        columns: 2,
        fields: [
          { label: '含税总金额：', value: `${formatAmount(figures.total)} ${currency}` },
          { label: '不含税总金额：', value: `${formatAmount(figures.untaxedTotal)} ${currency}` },
          {
            label: `${variantLabel}：`,
            value: `${formatAmount(figures.totalVariant)} ${currency}`,
          },
        ],
      },
      { kind: 'heading', text: '节点时间', level: 2 },
      {
        kind: 'table',
        columns: [
          { header: '状态', width: 20 },
          { header: '时间', width: 20 },
        ],
        rows: figures.stateTimes.map((s) => [s.state, s.time]),
      },
    ],
  };
}
