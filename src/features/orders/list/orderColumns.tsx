// What each column of the order list shows (purchasing-core §2.5, §4.3, §4.4, §9): brand with its
// grade tag, order number, expected arrival, state with its change time, payment and invoice
// state, amount (待确认 when absent), created and modified in the user's timezone. Cancelled
// orders are greyed and their number struck through. The phone card shows the same fields.
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
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
import type { Column } from '../../lists/ListTable';
import classes from '../../lists/lists.module.css';
import { isPendingRow, PendingMark } from '../../sync/PendingMark';

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
        <Badge size="xs" variant="outline" data-testid="brand-grade">
          {BRAND_GRADES.label(grade)}
        </Badge>
      )}
    </>
  );
}

function OrderNumber({ order }: { order: StoredOrder }) {
  return (
    <>
      <span className={classes.number}>{order.name}</span> <PendingMark row={order} />
    </>
  );
}

function State({ order, timeZone }: { order: StoredOrder; timeZone: string }) {
  return (
    <>
      <Badge color={stateColor(order)} variant="light" data-testid="order-state">
        {orderStateLabel(order.state)}
      </Badge>{' '}
      <Text span size="xs" c="dimmed">
        {formatDateTime(order.state_change_time, timeZone)}
      </Text>
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

export function orderColumns(timeZone: string): Column<StoredOrder>[] {
  return ORDER_LIST_COLUMNS.map((column) => {
    const sortKey = ORDER_SORT_KEY_OF_COLUMN[column];
    return {
      key: column,
      header: ORDER_COLUMN_LABELS[column],
      ...(sortKey ? { sortKey } : {}),
      width: WIDTHS[column],
      render: (order) => cell(column, order, timeZone),
    };
  });
}

const CARD_FIELDS = ORDER_LIST_COLUMNS.filter(
  (column) => column !== 'orderNumber' && column !== 'state',
);

export function OrderCard({ order, timeZone }: { order: StoredOrder; timeZone: string }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <OrderNumber order={order} />
        <Badge color={stateColor(order)} variant="light" data-testid="order-state">
          {orderStateLabel(order.state)}
        </Badge>
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        {CARD_FIELDS.map((column) => (
          <div key={column}>
            <Text size="xs" c="dimmed">
              {ORDER_COLUMN_LABELS[column]}
            </Text>
            <Text size="sm" component="div" truncate>
              {cell(column, order, timeZone)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
