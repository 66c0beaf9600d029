// What each column of the order list shows (purchasing-core §2.5, §4.3, §4.4, §9): brand with its
// grade tag, order number, expected arrival, state with its change time, payment and invoice
// state, amount (待确认 when absent), created and modified in the user's timezone, and the row's
// action (申请取消 at 10/20); the number has a copy button. Cancelled orders are greyed and their
// number struck through. The phone card shows the same fields and action.
import { Group, Stack } from '@mantine/core';
import type { StoredOrder } from '../../../data/derive';
import { BRAND_GRADES } from '../../../domain/catalog/brandLabels';
import { PAYMENT_STATES, SUPPLIER_INVOICE_STATES } from '../../../domain/finance/labels';
import { formatDate, formatDateTime } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/money';
import {
  ORDER_LIST_COLUMNS,
  ORDER_SORT_KEY_OF_COLUMN,
  type OrderListColumn,
} from '../../../domain/list/listSort';
import { ORDER_COLUMN_LABELS } from '../../../domain/list/listText';
import { orderStateLabel, toOrderStateCode } from '../../../domain/orders/orderStates';
import { isCancelledOrder } from '../../../domain/orders/orderTabs';
import { ORDER_LIST_ACTION_HEADER, offersOrderCancelRequest } from '../../../domain/orders/rules';
import { CopyNumber } from '../../common/CopyNumber';
import { CardBody } from '../../lists/ListCards';
import { type Column, tableColumns } from '../../lists/ListTable';
import classes from '../../lists/lists.module.css';
import { Tag } from '../../lists/Tag';
import { isPendingRow, PendingMark } from '../../sync/PendingMark';
import { OrderCancelButton } from '../OrderCancelRequest';

const WIDTHS: Record<OrderListColumn, number> = {
  brand: 200,
  orderNumber: 200,
  forecastReceiveDate: 120,
  state: 190,
  paymentState: 100,
  invoiceState: 100,
  amount: 140,
  createTime: 150,
  writeTime: 150,
};

function stateColor(order: StoredOrder): string {
  if (isCancelledOrder(order)) return 'gray';
  const code = toOrderStateCode(order.state);
  if (code === 90) return 'green';
  if (code === 10) return 'orange';
  return 'cyan';
}

function Brand({ order }: { order: StoredOrder }) {
  const grade = order.brand?.grade;
  return (
    <>
      {order.brand_name || order.brand?.name || ''}{' '}
      {grade && (
        <Tag color="blue" variant="outline" size="xs" data-testid="brand-grade">
          {BRAND_GRADES.label(grade)}
        </Tag>
      )}
    </>
  );
}

/** The number with its copy button (larger on a phone's card, for touch) and the 待同步 mark. */
function OrderNumber({ order, copySize = 'sm' }: { order: StoredOrder; copySize?: 'sm' | 'md' }) {
  return (
    <span>
      <span className={classes.number}>{order.name}</span>{' '}
      {order.name && <CopyNumber value={order.name} named size={copySize} />}{' '}
      <PendingMark row={order} />
    </span>
  );
}

function StateTag({ order }: { order: StoredOrder }) {
  return (
    <Tag color={stateColor(order)} data-testid="order-state">
      {orderStateLabel(order.state)}
    </Tag>
  );
}

function State({ order, timeZone }: { order: StoredOrder; timeZone: string }) {
  return (
    <>
      <StateTag order={order} />{' '}
      <span className={classes.subtle}>{formatDateTime(order.state_change_time, timeZone)}</span>
    </>
  );
}

/** What a row shows changes with these: the order's version and its 待同步 mark. */
export function orderRowVersion(order: StoredOrder): string {
  return `${order.id}:${order.version}:${isPendingRow(order)}`;
}

function cell(column: OrderListColumn, order: StoredOrder, timeZone: string) {
  switch (column) {
    case 'brand':
      return <Brand order={order} />;
    case 'orderNumber':
      return <OrderNumber order={order} />;
    case 'forecastReceiveDate':
      return formatDate(order.forecast_receive_date, timeZone);
    case 'state':
      return <State order={order} timeZone={timeZone} />;
    case 'paymentState':
      return PAYMENT_STATES.label(order.supplier_node.inbound_state);
    case 'invoiceState':
      return SUPPLIER_INVOICE_STATES.label(order.supplier_node.invoice_state);
    case 'amount':
      return formatMoney(order.supplier_node.taxed_amount, order.supplier_node.currency);
    case 'createTime':
      return formatDateTime(order.create_time, timeZone);
    case 'writeTime':
      return formatDateTime(order.write_time, timeZone);
  }
}

/** The row's actions: 申请取消 where the order offers it (its dialog keeps its clicks). */
function RowActions({ order, size }: { order: StoredOrder; size: 'xs' | 'sm' }) {
  if (!offersOrderCancelRequest(order)) return null;
  return <OrderCancelButton orderId={order.id} orderName={order.name} size={size} />;
}

const ACTION_COLUMN: Column<StoredOrder> = {
  key: 'actions',
  header: ORDER_LIST_ACTION_HEADER,
  width: 110,
  render: (order) => <RowActions order={order} size="xs" />,
};

export function orderColumns(timeZone: string): Column<StoredOrder>[] {
  return [
    ...tableColumns(ORDER_LIST_COLUMNS, {
      labels: ORDER_COLUMN_LABELS,
      widths: WIDTHS,
      sortKeys: ORDER_SORT_KEY_OF_COLUMN,
      cell: (column, order: StoredOrder) => cell(column, order, timeZone),
    }),
    ACTION_COLUMN,
  ];
}

const CARD_FIELDS = ORDER_LIST_COLUMNS.filter(
  (column) => column !== 'orderNumber' && column !== 'state',
);

/** The phone's card: the table's fields, then the row's action (the table's 操作 column). */
export function OrderCard({ row, timeZone }: { row: StoredOrder; timeZone: string }) {
  return (
    <Stack gap="xs">
      <CardBody
        title={<OrderNumber order={row} copySize="md" />}
        tag={<StateTag order={row} />}
        fields={CARD_FIELDS.map((column) => ({
          key: column,
          label: ORDER_COLUMN_LABELS[column],
          value: cell(column, row, timeZone),
        }))}
      />
      {offersOrderCancelRequest(row) && (
        <Group justify="flex-end">
          <RowActions order={row} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
