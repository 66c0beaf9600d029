// What each column of the purchase list shows (purchasing-core §2.2, §4.1, §4.2, §4.4, §9): the
// inquiry table's cells from the sheet, the order table's extra cells from the sheet's order;
// money with 待确认 when absent, times in the user's timezone. The phone card shows the same
// fields under their labels.
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SheetListRow } from '../../../data/sheetListQuery';
import { PAYMENT_STATES, SUPPLIER_INVOICE_STATES } from '../../../domain/finance/labels';
import { formatDate, formatDateTime } from '../../../domain/format/date';
import { formatMoney, MONEY_PLACEHOLDER } from '../../../domain/format/money';
import { SHEET_SORT_KEY_OF_COLUMN } from '../../../domain/list/listSort';
import { LIST_TEXT, PURCHASE_COLUMN_LABELS } from '../../../domain/list/listText';
import {
  type ListColumn,
  SHEET_LIST_TYPE_INFO,
  type SheetListType,
} from '../../../domain/purchase/listTypes';
import { showsListTotal } from '../../../domain/purchase/rules';
import {
  isSheetState,
  SHEET_STATE_GROUP,
  type SheetStateGroup,
  sheetStateLabel,
} from '../../../domain/purchase/sheetStates';
import type { Column } from '../../lists/ListTable';
import classes from '../../lists/lists.module.css';
import { isPendingRow, PendingMark } from '../../sync/PendingMark';

const WIDTHS: Record<ListColumn, number> = {
  index: 64,
  purchaseNumber: 210,
  brand: 170,
  owner: 110,
  taxedTotal: 140,
  forecastReceiveDate: 130,
  state: 110,
  stateChangeTime: 150,
  paymentState: 110,
  invoiceState: 110,
  signTime: 150,
  createTime: 150,
};

/** Tag colours of the state groups (display only). */
const GROUP_COLOR: Record<SheetStateGroup, string> = {
  DRAFT: 'gray',
  INQUIRED: 'blue',
  QUOTE_UNREAD: 'red',
  REPLIED: 'teal',
  ORDERING: 'violet',
  AWAITING_PAYMENT: 'orange',
  CANCELLED: 'gray',
  AWAITING_RECEIPT: 'cyan',
  NO_QUOTE: 'yellow',
  SIGNED: 'green',
};

function StateTag({ state }: { state: string }) {
  const color = isSheetState(state) ? GROUP_COLOR[SHEET_STATE_GROUP[state]] : 'gray';
  return (
    <Badge color={color} variant="light" data-testid="sheet-state">
      {sheetStateLabel(state)}
    </Badge>
  );
}

function PurchaseNumber({ row }: { row: SheetListRow }) {
  return (
    <>
      <span className={classes.number}>{row.sheet.name || LIST_TEXT.UNNUMBERED}</span>{' '}
      <PendingMark row={row.sheet} />
    </>
  );
}

/** What a row shows changes with these: the sheet's and its order's versions, the 待同步 mark. */
export function purchaseRowVersion({ sheet, order }: SheetListRow): string {
  return `${sheet.id}:${sheet.version}:${isPendingRow(sheet)}:${order?.version ?? ''}`;
}

/** The tax-inclusive total: the order's amount on the order table; on the inquiry table only in
 * the states the list shows it in (§4.2), 待确认 otherwise. */
function taxedTotal({ sheet, order }: SheetListRow, listType: SheetListType): string {
  if (SHEET_LIST_TYPE_INFO[listType].table === 'order') {
    const node = order?.supplier_node ?? sheet.supplier_node;
    return formatMoney(node.taxed_amount, node.currency);
  }
  if (!showsListTotal(sheet.state)) return MONEY_PLACEHOLDER;
  return formatMoney(sheet.supplier_node.taxed_amount, sheet.supplier_node.currency);
}

function cell(
  column: ListColumn,
  row: SheetListRow,
  index: number,
  listType: SheetListType,
  timeZone: string,
) {
  const { sheet, order } = row;
  switch (column) {
    case 'index':
      return index + 1;
    case 'purchaseNumber':
      return <PurchaseNumber row={row} />;
    case 'brand':
      return sheet.brand_name || sheet.brand?.name || '';
    case 'owner':
      return sheet.current_node.contacts_user?.name ?? '';
    case 'taxedTotal':
      return taxedTotal(row, listType);
    case 'forecastReceiveDate':
      return formatDate(order?.forecast_receive_date, timeZone);
    case 'state':
      return <StateTag state={sheet.state} />;
    case 'stateChangeTime':
      return formatDateTime(sheet.state_change_time, timeZone);
    case 'paymentState':
      return PAYMENT_STATES.label(order?.supplier_node.inbound_state);
    case 'invoiceState':
      return SUPPLIER_INVOICE_STATES.label(order?.supplier_node.invoice_state);
    case 'signTime':
      return formatDateTime(order?.sign_time, timeZone);
    case 'createTime':
      return formatDateTime(sheet.create_time, timeZone);
  }
}

export function purchaseColumns(listType: SheetListType, timeZone: string): Column<SheetListRow>[] {
  return SHEET_LIST_TYPE_INFO[listType].columns.map((column) => ({
    key: column,
    header: PURCHASE_COLUMN_LABELS[column],
    ...(column === 'index' ? {} : { sortKey: SHEET_SORT_KEY_OF_COLUMN[column] }),
    width: WIDTHS[column],
    render: (row, index) => cell(column, row, index, listType, timeZone),
  }));
}

/** The phone card: number and state on top, then the tab's other columns under their labels. */
export function PurchaseCard({
  row,
  index,
  listType,
  timeZone,
}: {
  row: SheetListRow;
  index: number;
  listType: SheetListType;
  timeZone: string;
}) {
  const fields = SHEET_LIST_TYPE_INFO[listType].columns.filter(
    (column) => column !== 'index' && column !== 'purchaseNumber' && column !== 'state',
  );
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <PurchaseNumber row={row} />
        <StateTag state={row.sheet.state} />
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        {fields.map((column) => (
          <div key={column}>
            <Text size="xs" c="dimmed">
              {PURCHASE_COLUMN_LABELS[column]}
            </Text>
            <Text size="sm" component="div" truncate>
              {cell(column, row, index, listType, timeZone)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
