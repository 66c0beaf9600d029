// The words of the order detail's logistics (物流) and invoice (发票) panels
// (settings-messaging-shared §3 "Order lines", §7 invoice log). State names come from the shared
// label sets: boxes LOGISTICS_BOX_STATES (enums/logisticsStates), invoices INVOICE_STATUSES
// (finance/paymentMethods), the same the invoice document prints.

import { labelSet } from '../codeLabels';
import { LOGISTICS_BOX_STATES } from '../enums/logisticsStates';
import { INVOICE_STATUSES } from '../finance/paymentMethods';

export const LOGISTICS_LABELS = {
  LOGISTICS: '物流',
  INVOICES: '发票',
  NO_LOGISTICS: '暂无物流信息',
  NO_INVOICES: '暂无发票',
  PRINT_LABELS: '打印标签',
  PRINT_INVOICE: '打印发票',
  PRINT_LABELS_DISABLED: '该订单还没有装箱，暂无可打印的标签',
  DELIVERY_COMPANY: '快递公司',
  TRACKING_NO: '快递单号',
  GROSS_WEIGHT: '毛重',
  NET_WEIGHT: '净重',
  EXTRA_WEIGHT: '附加重量',
  PRODUCT: '产品',
  QTY: '数量',
  TRACKING_LOG: '物流跟踪',
  NO_LOG: '暂无跟踪记录',
  INVOICE_NUMBER: '发票号码',
  INVOICE_DATE: '开票日期',
  TAXED_AMOUNT: '含税金额',
  UNTAXED_AMOUNT: '不含税金额',
  INVOICE_LOG: '发票进度',
  LOG_TIME: '时间',
  LOG_PLACE: '地点',
  LOG_INFO: '信息',
  UNKNOWN_PRODUCT: '（订单中无此产品）',
  EMPTY: '—',
} as const;

/** The columns of a tracking or invoice progress log, in display order. */
export const LOG_COLUMNS = [
  LOGISTICS_LABELS.LOG_TIME,
  LOGISTICS_LABELS.LOG_PLACE,
  LOGISTICS_LABELS.LOG_INFO,
] as const;

export const BOX_TYPES = labelSet({ CARTON: '纸箱', PALLET: '托盘' });

export { INVOICE_STATUSES, LOGISTICS_BOX_STATES };
