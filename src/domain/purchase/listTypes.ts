// The purchase list's sheetType tabs (purchasing-core §2.2): breadcrumb, table, columns, filters,
// which sheets each tab holds, and where a row click leads.
// The spec does not say which sheets a tab holds; membership follows the sheet-state label groups
// (docs/decisions.md), so a tab and the state tag of its rows always agree.

import { SHEET_STATE_GROUP, type SheetStateGroup } from './sheetStates';

export const SHEET_LIST_TYPES = [
  'INQUIRY',
  'REPLIED',
  'OUTBOUND_PAYING',
  'CARGO_RECEIVING',
  'SIGNED',
  'ALL',
] as const;

export type SheetListType = (typeof SHEET_LIST_TYPES)[number];

export type ListTable = 'inquiry' | 'order';

export const LIST_COLUMNS = [
  'index',
  'purchaseNumber',
  'brand',
  'owner',
  'taxedTotal',
  'forecastReceiveDate',
  'state',
  'stateChangeTime',
  'paymentState',
  'invoiceState',
  'signTime',
  'createTime',
] as const;

export type ListColumn = (typeof LIST_COLUMNS)[number];

/** Search-form keys (from the server's quick-search form) shown only on some tabs. */
export const SUPPLIER_INVOICE_STATE_FILTER = 'supplier_invoice_state';
export const SUPPLIER_OUTBOUND_STATE_FILTER = 'supplier_outbound_state';
const RESTRICTED_FILTERS = [SUPPLIER_INVOICE_STATE_FILTER, SUPPLIER_OUTBOUND_STATE_FILTER] as const;

interface ListTypeInfo {
  breadcrumb: string;
  table: ListTable;
  /** Columns in display order. */
  columns: readonly ListColumn[];
  /** Restricted search-form keys this tab shows; unrestricted keys show everywhere. */
  filters: readonly (typeof RESTRICTED_FILTERS)[number][];
  /** Label groups of the sheets the tab holds; 'every' for ALL. */
  groups: readonly SheetStateGroup[] | 'every';
}

const INQUIRY_COLUMNS = [
  'index',
  'purchaseNumber',
  'brand',
  'owner',
  'taxedTotal',
  'state',
  'stateChangeTime',
  'createTime',
] as const satisfies readonly ListColumn[];

export const SHEET_LIST_TYPE_INFO: Record<SheetListType, ListTypeInfo> = {
  INQUIRY: {
    breadcrumb: '询价中',
    table: 'inquiry',
    columns: INQUIRY_COLUMNS.filter((column) => column !== 'taxedTotal'),
    filters: [],
    groups: ['DRAFT', 'INQUIRED', 'NO_QUOTE'],
  },
  REPLIED: {
    breadcrumb: '已报价',
    table: 'inquiry',
    columns: INQUIRY_COLUMNS,
    filters: [],
    groups: ['QUOTE_UNREAD', 'REPLIED', 'ORDERING'],
  },
  OUTBOUND_PAYING: {
    breadcrumb: '待付款',
    table: 'order',
    columns: INQUIRY_COLUMNS,
    filters: [],
    groups: ['AWAITING_PAYMENT'],
  },
  CARGO_RECEIVING: {
    breadcrumb: '待收货',
    table: 'order',
    columns: [
      'index',
      'purchaseNumber',
      'brand',
      'owner',
      'taxedTotal',
      'forecastReceiveDate',
      'state',
      'stateChangeTime',
      'createTime',
    ],
    filters: [],
    groups: ['AWAITING_RECEIPT'],
  },
  SIGNED: {
    breadcrumb: '已签收',
    table: 'order',
    columns: [
      'index',
      'purchaseNumber',
      'brand',
      'owner',
      'taxedTotal',
      'state',
      'stateChangeTime',
      'paymentState',
      'invoiceState',
      'signTime',
      'createTime',
    ],
    filters: [SUPPLIER_INVOICE_STATE_FILTER, SUPPLIER_OUTBOUND_STATE_FILTER],
    groups: ['SIGNED'],
  },
  ALL: {
    breadcrumb: '全部',
    table: 'inquiry',
    columns: INQUIRY_COLUMNS,
    filters: [],
    groups: 'every',
  },
};

export const DEFAULT_SHEET_LIST_TYPE: SheetListType = 'ALL';

export function isSheetListType(value: unknown): value is SheetListType {
  return typeof value === 'string' && (SHEET_LIST_TYPES as readonly string[]).includes(value);
}

/** Columns whose header sorts the list ("header labels are sortable"); the row number does not. */
export function isSortableColumn(column: ListColumn): boolean {
  return column !== 'index';
}

/** Whether a quick-search field of the server's form is shown on this tab. */
export function searchFieldVisible(listType: SheetListType, key: string): boolean {
  const restricted = (RESTRICTED_FILTERS as readonly string[]).includes(key);
  return !restricted || (SHEET_LIST_TYPE_INFO[listType].filters as readonly string[]).includes(key);
}

/** Whether a sheet in `state` appears in the tab. Unknown states from a newer server appear only in ALL. */
export function sheetInList(listType: SheetListType, state: string): boolean {
  const { groups } = SHEET_LIST_TYPE_INFO[listType];
  if (groups === 'every') return true;
  const group: SheetStateGroup | undefined = (SHEET_STATE_GROUP as Record<string, SheetStateGroup>)[
    state
  ];
  return group !== undefined && groups.includes(group);
}

/** The tabs a sheet in `state` appears in, in tab order. */
export function listTypesOfSheet(state: string): SheetListType[] {
  return SHEET_LIST_TYPES.filter((listType) => sheetInList(listType, state));
}

export interface PurchaseRowClick {
  listType: SheetListType;
  /** The row's id: the sheet id on the inquiry table. */
  id: number | string;
  /** The order id of the row, when the sheet has become an order. */
  orderId?: number | string | null;
  /** The row's position in the list, kept for previous/next paging on the detail page. */
  index: number;
  /** The list's filters as the address carries them, kept for paging. */
  filter: string;
}

export type PurchaseRowTarget =
  | {
      path: '/inquiry-quotation/order-detail';
      search: {
        id: number | string;
        type: SheetListType;
        module: 'ORDER';
        index: number;
        filter: string;
      };
    }
  | {
      path: '/inquiry-quotation/detail';
      search: { id: number | string; index: number; filter: string };
    };

/**
 * A row with an order opens the order detail; any other row, in ALL too, opens the sheet detail,
 * since a sheet without an order has no order detail to show.
 */
export function purchaseRowTarget(row: PurchaseRowClick): PurchaseRowTarget {
  const { orderId, index, filter } = row;
  if (orderId !== undefined && orderId !== null && orderId !== '') {
    return {
      path: '/inquiry-quotation/order-detail',
      search: { id: orderId, type: row.listType, module: 'ORDER', index, filter },
    };
  }
  return { path: '/inquiry-quotation/detail', search: { id: row.id, index, filter } };
}
