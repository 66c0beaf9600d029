// What each column of the purchase list shows (purchasing-core §2.2, §4.1, §4.2, §4.4, §9): the
// inquiry table's cells from the sheet, the order table's extra cells from the sheet's order;
// money with 待确认 when absent, times in the user's timezone; the number has a copy button. The
// phone card shows the same fields under their labels.
import type { SheetListRow } from '../../../data/lists/sheetListQuery';
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
import { listTaxedTotal } from '../../../domain/purchase/rules';
import {
  isSheetState,
  SHEET_STATE_GROUP,
  type SheetStateGroup,
  sheetStateLabel,
} from '../../../domain/purchase/sheetStates';
import { CopyNumber } from '../../common/CopyNumber';
import { CardBody } from '../../lists/ListCards';
import { type Column, tableColumns } from '../../lists/ListTable';
import classes from '../../lists/lists.module.css';
import { Tag } from '../../lists/Tag';
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
    <Tag color={color} data-testid="sheet-state">
      {sheetStateLabel(state)}
    </Tag>
  );
}

/** The number with its copy button (larger on a phone's card, for touch) and the 待同步 mark. */
function PurchaseNumber({ row, copySize = 'sm' }: { row: SheetListRow; copySize?: 'sm' | 'md' }) {
  return (
    <span>
      <span className={classes.number}>{row.sheet.name || LIST_TEXT.UNNUMBERED}</span>{' '}
      {row.sheet.name && <CopyNumber value={row.sheet.name} named size={copySize} />}{' '}
      <PendingMark row={row.sheet} />
    </span>
  );
}

/** What a row shows changes with these: the sheet's and its order's versions, the 待同步 mark. */
export function purchaseRowVersion({ sheet, order }: SheetListRow): string {
  return `${sheet.id}:${sheet.version}:${isPendingRow(sheet)}:${order?.version ?? ''}`;
}

/** The tax-inclusive total (listTaxedTotal), 待确认 where the list shows none. */
function taxedTotal({ sheet, order }: SheetListRow, listType: SheetListType): string {
  const total = listTaxedTotal(sheet, order, SHEET_LIST_TYPE_INFO[listType].table === 'order');
  return total ? formatMoney(total.taxed_amount, total.currency) : MONEY_PLACEHOLDER;
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
  return tableColumns(SHEET_LIST_TYPE_INFO[listType].columns, {
    labels: PURCHASE_COLUMN_LABELS,
    widths: WIDTHS,
    sortKeys: SHEET_SORT_KEY_OF_COLUMN,
    cell: (column, row: SheetListRow, index) => cell(column, row, index, listType, timeZone),
  });
}

/** The phone card: number and state on top, then the tab's other columns under their labels. */
export function PurchaseCard({
  row,
  index,
  type,
  timeZone,
}: {
  row: SheetListRow;
  index: number;
  type: SheetListType;
  timeZone: string;
}) {
  const fields = SHEET_LIST_TYPE_INFO[type].columns.filter(
    (column) => column !== 'index' && column !== 'purchaseNumber' && column !== 'state',
  );
  return (
    <CardBody
      title={<PurchaseNumber row={row} copySize="md" />}
      tag={<StateTag state={row.sheet.state} />}
      fields={fields.map((column) => ({
        key: column,
        label: PURCHASE_COLUMN_LABELS[column],
        value: cell(column, row, index, type, timeZone),
      }))}
    />
  );
}
