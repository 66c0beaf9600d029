// The columns of each export, in the screen's order and under its Chinese headers: the order list
// (purchasing-core §2.5), each purchase-list tab (§2.2, the tab's own columns) and an order's
// product lines (§2.4). A cell holds what the screen's cell shows, typed: money as an amount in
// its currency (the screen's 待确认 is an empty cell), times in the user's timezone. The order
// list's state column, a tag and its change time on screen, is two columns here.
import type { StoredOrder } from '../../data/derive';
import type { SheetListRow } from '../../data/lists/sheetListQuery';
import {
  EXCLUDED_LINE_NOTE,
  LINE_EXCLUSIONS,
  lineExclusion,
} from '../../domain/documents/excludedLines';
import {
  date,
  dateTime,
  type ExportCell,
  type ExportColumn,
  money,
  number,
  text,
} from '../../domain/export/exportTable';
import { PAYMENT_STATES, SUPPLIER_INVOICE_STATES } from '../../domain/finance/labels';
import type { OrderListColumn } from '../../domain/list/listSort';
import { ORDER_LIST_COLUMNS } from '../../domain/list/listSort';
import { LIST_TEXT, ORDER_COLUMN_LABELS, PURCHASE_COLUMN_LABELS } from '../../domain/list/listText';
import { ORDER_PRODUCT_COLUMNS } from '../../domain/orders/orderDetail';
import { orderStateLabel } from '../../domain/orders/orderStates';
import {
  type ListColumn,
  SHEET_LIST_TYPE_INFO,
  type SheetListType,
} from '../../domain/purchase/listTypes';
import { listTaxedTotal } from '../../domain/purchase/rules';
import { sheetStateLabel } from '../../domain/purchase/sheetStates';

/** Headers of the columns the screen folds into another. */
export const EXPORT_HEADERS = {
  /** The order list's state tag shows its change time beside it. */
  ORDER_STATE_CHANGE_TIME: '状态变更时间',
  /** An order line's badge: why the documents leave it out (已删除，不计入单据). */
  LINE_NOTE: '备注',
} as const;

const DATE_TIME_WIDTH = 17;

const label = (value: string): ExportCell => text(value || null);

function orderColumn(column: OrderListColumn, timeZone: string): ExportColumn<StoredOrder>[] {
  const header = ORDER_COLUMN_LABELS[column];
  switch (column) {
    case 'brand':
      return [{ header, width: 24, cell: (o) => text(o.brand_name || o.brand?.name) }];
    case 'orderNumber':
      return [{ header, width: 20, cell: (o) => text(o.name) }];
    case 'forecastReceiveDate':
      return [{ header, width: 13, cell: (o) => date(o.forecast_receive_date, timeZone) }];
    case 'state':
      return [
        { header, width: 12, cell: (o) => label(orderStateLabel(o.state)) },
        {
          header: EXPORT_HEADERS.ORDER_STATE_CHANGE_TIME,
          width: DATE_TIME_WIDTH,
          cell: (o) => dateTime(o.state_change_time, timeZone),
        },
      ];
    case 'paymentState':
      return [
        {
          header,
          width: 10,
          cell: (o) => label(PAYMENT_STATES.label(o.supplier_node.inbound_state)),
        },
      ];
    case 'invoiceState':
      return [
        {
          header,
          width: 10,
          cell: (o) => label(SUPPLIER_INVOICE_STATES.label(o.supplier_node.invoice_state)),
        },
      ];
    case 'amount':
      return [
        {
          header,
          width: 16,
          money: true,
          cell: (o) => money(o.supplier_node.taxed_amount, o.supplier_node.currency),
        },
      ];
    case 'createTime':
      return [{ header, width: DATE_TIME_WIDTH, cell: (o) => dateTime(o.create_time, timeZone) }];
    case 'writeTime':
      return [{ header, width: DATE_TIME_WIDTH, cell: (o) => dateTime(o.write_time, timeZone) }];
  }
}

export function orderExportColumns(timeZone: string): ExportColumn<StoredOrder>[] {
  return ORDER_LIST_COLUMNS.flatMap((column) => orderColumn(column, timeZone));
}

/** The purchase list's 含税总价 (listTaxedTotal); empty where the screen says 待确认. */
function taxedTotal({ sheet, order }: SheetListRow, listType: SheetListType): ExportCell {
  const total = listTaxedTotal(sheet, order, SHEET_LIST_TYPE_INFO[listType].table === 'order');
  return total && money(total.taxed_amount, total.currency);
}

function purchaseCell(
  column: ListColumn,
  listType: SheetListType,
  timeZone: string,
): (row: SheetListRow, index: number) => ExportCell {
  switch (column) {
    case 'index':
      return (_row, index) => number(index + 1);
    case 'purchaseNumber':
      // A sheet made offline has no number until the server gives it one: named as on screen.
      return ({ sheet }) => text(sheet.name || LIST_TEXT.UNNUMBERED);
    case 'brand':
      return ({ sheet }) => text(sheet.brand_name || sheet.brand?.name);
    case 'owner':
      return ({ sheet }) => text(sheet.current_node.contacts_user?.name);
    case 'taxedTotal':
      return (row) => taxedTotal(row, listType);
    case 'forecastReceiveDate':
      return ({ order }) => date(order?.forecast_receive_date, timeZone);
    case 'state':
      return ({ sheet }) => label(sheetStateLabel(sheet.state));
    case 'stateChangeTime':
      return ({ sheet }) => dateTime(sheet.state_change_time, timeZone);
    case 'paymentState':
      return ({ order }) => label(PAYMENT_STATES.label(order?.supplier_node.inbound_state));
    case 'invoiceState':
      return ({ order }) =>
        label(SUPPLIER_INVOICE_STATES.label(order?.supplier_node.invoice_state));
    case 'signTime':
      return ({ order }) => dateTime(order?.sign_time, timeZone);
    case 'createTime':
      return ({ sheet }) => dateTime(sheet.create_time, timeZone);
  }
}

const PURCHASE_WIDTHS: Record<ListColumn, number> = {
  index: 6,
  purchaseNumber: 20,
  brand: 24,
  owner: 10,
  taxedTotal: 16,
  forecastReceiveDate: 13,
  state: 10,
  stateChangeTime: DATE_TIME_WIDTH,
  paymentState: 10,
  invoiceState: 10,
  signTime: DATE_TIME_WIDTH,
  createTime: DATE_TIME_WIDTH,
};

export function purchaseExportColumns(
  listType: SheetListType,
  timeZone: string,
): ExportColumn<SheetListRow>[] {
  return SHEET_LIST_TYPE_INFO[listType].columns.map((column) => ({
    header: PURCHASE_COLUMN_LABELS[column],
    width: PURCHASE_WIDTHS[column],
    ...(column === 'taxedTotal' && { money: true }),
    cell: purchaseCell(column, listType, timeZone),
  }));
}

type OrderLine = StoredOrder['order_product_list'][number];

const absolute = (value: number | null | undefined) =>
  typeof value === 'number' ? Math.abs(value) : value;

/**
 * An order's product table (OrderProducts.tsx): prices without sign, as the screen shows them, and
 * the badge of a line the documents leave out as a note.
 */
export function orderLineExportColumns(currency: string | null): ExportColumn<OrderLine>[] {
  const header = Object.fromEntries(ORDER_PRODUCT_COLUMNS) as Record<
    (typeof ORDER_PRODUCT_COLUMNS)[number][0],
    string
  >;
  return [
    { header: header.index, width: 6, cell: (_line, index) => number(index + 1) },
    { header: header.productType, width: 22, cell: (line) => text(line.product.product_type) },
    { header: header.articleNo, width: 22, cell: (line) => text(line.product.product_article_no) },
    {
      header: header.parameters,
      width: 36,
      cell: (line) => text(line.product.short_description),
    },
    { header: header.qty, width: 8, cell: (line) => number(line.qty) },
    {
      header: header.unitPrice,
      width: 14,
      money: true,
      cell: (line) => money(absolute(line.supplier_order_node_line?.taxed_price_unit), currency),
    },
    {
      header: header.total,
      width: 16,
      money: true,
      cell: (line) => money(absolute(line.supplier_order_node_line?.taxed_amount), currency),
    },
    {
      header: EXPORT_HEADERS.LINE_NOTE,
      width: 18,
      cell: (line) => {
        const exclusion = lineExclusion(line);
        return exclusion && text(`${LINE_EXCLUSIONS.label(exclusion)}，${EXCLUDED_LINE_NOTE}`);
      },
    },
  ];
}
