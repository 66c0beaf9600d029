// The sort and filter entries of the purchase list and the order list: one multiEntry index,
// `*list_keys` on sheets and on orders (schema version 3), holding for each row one entry per
// sortable field: [company, slot, field, absent, value…]. A slot is the row's state (a sheet's
// state name; an order's state code with its invoiced and cancelled flags), so a tab, and a
// state filter, is a set of slots and every one of its sorts is one ordered range per slot,
// merged (src/data/lists/listStreams.ts). `absent` (0 or 1) puts rows without a value after the others
// in either direction, as the server sorts ("nulls last"). The 'find' entries were the earlier
// starts-or-ends number search; the number search now reads its column (numberColumn.ts).
// Pure functions: derive.ts and the version 3 upgrade call them.

import type { OrderRow, SheetRow } from '../../contract/feedRows';
import {
  ORDER_STATE_CODES,
  orderStateName,
  toOrderStateCode,
} from '../../domain/orders/orderStates';
import {
  FULLY_INVOICED,
  ORDER_TABS,
  type OrderTab,
  orderInTab,
} from '../../domain/orders/orderTabs';
import {
  type ListColumn,
  listTypesOfSheet,
  SHEET_LIST_TYPE_INFO,
  type SheetListType,
} from '../../domain/purchase/listTypes';
import {
  isSheetState,
  SHEET_STATE_GROUP,
  SHEET_STATES,
  type SheetStateGroup,
} from '../../domain/purchase/sheetStates';

/** The index's name (a multiEntry index's name is its field). */
export const LIST_KEYS_INDEX = 'list_keys';

/** A value an entry sorts by: text, a number, or [name, id] for an owner. */
export type EntryValue = string | number | readonly [string, number];

/** [company, slot, field, 0, value, …tail] or, without a value, [company, slot, field, 1, …tail]. */
export type ListEntry = readonly [number, string, string, 0 | 1, ...(EntryValue | number)[]];

/** The slot of states this client does not know (a newer server's): shown only under ALL. */
export const OTHER_SLOT = '~';

const entry = (
  companyId: number,
  slot: string,
  field: string,
  value: EntryValue | null,
  tail: readonly number[] = [],
): ListEntry =>
  value === null
    ? [companyId, slot, field, 1, ...tail]
    : [companyId, slot, field, 0, value, ...tail];

const textValue = (value: string | null | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const numberValue = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

// ——— sheets ———

export const SHEET_FIELDS = ['name', 'brand', 'owner', 'amount', 'changed', 'created'] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];

export function sheetSlot(state: string): string {
  return isSheetState(state) ? state : OTHER_SLOT;
}

/** The fields sheets and orders both sort by, read alike from either row. */
type SharedField = 'name' | 'brand' | 'amount' | 'changed' | 'created';

function sharedFieldValue(row: SheetRow | OrderRow, field: SharedField): EntryValue | null {
  switch (field) {
    case 'name':
      return textValue(row.name);
    case 'brand':
      return textValue(row.brand_name) ?? textValue(row.brand?.name);
    case 'amount':
      return numberValue(row.supplier_node?.taxed_amount);
    case 'changed':
      return textValue(row.state_change_time);
    case 'created':
      return textValue(row.create_time);
  }
}

export function sheetFieldValue(row: SheetRow, field: SheetField): EntryValue | null {
  if (field !== 'owner') return sharedFieldValue(row, field);
  const owner = row.current_node?.contacts_user;
  return owner ? [owner.name, owner.id] : null;
}

/**
 * 'find': each number in lower case forwards (`>`) and backwards (`<`), so "starts with" and "ends
 * with" are each one range of the index. No list reads them since the number column answers
 * "contains" (numberColumn.ts); bench/number-search.ts measures them as its baseline, and
 * dropping them needs a schema version that rewrites `list_keys`.
 */
export const FIND_FIELD = 'find';

const reversed = (text: string): string => [...text].reverse().join('');

function findEntries(
  companyId: number,
  slot: string,
  numbers: ReadonlyArray<string | null | undefined>,
): ListEntry[] {
  return numbers.flatMap((number) => {
    const text = textValue(number)?.toLowerCase();
    return text === undefined
      ? []
      : [
          entry(companyId, slot, FIND_FIELD, `>${text}`),
          entry(companyId, slot, FIND_FIELD, `<${reversed(text)}`),
        ];
  });
}

/** The two prefixes under which a search for `text` finds the numbers starting or ending with it. */
export function findPrefixes(text: string): [string, string] {
  const lower = text.toLowerCase();
  return [`>${lower}`, `<${reversed(lower)}`];
}

export function sheetListKeys(companyId: number, row: SheetRow): ListEntry[] {
  const slot = sheetSlot(row.state);
  const entries = SHEET_FIELDS.map((field) =>
    entry(companyId, slot, field, sheetFieldValue(row, field)),
  );
  entries.push(...findEntries(companyId, slot, [row.name]));
  // A sheet of an order tab without an order still sorts by the order's columns, last.
  const tab = orderTableTab(row.state);
  if (tab !== null && row.order === null) {
    for (const field of purchaseFieldsOf(tab)) {
      entries.push(entry(companyId, purchaseSlot(tab), field, null, [row.id]));
    }
  }
  return entries;
}

/** The slots of a purchase-list tab, in state order (the state column sorts by them). */
export function sheetSlotsOf(listType: SheetListType): string[] {
  const known = SHEET_STATES.filter((state) => listTypesOfSheet(state).includes(listType));
  return [...known, ...(listType === 'ALL' ? [OTHER_SLOT] : [])].sort();
}

export function sheetSlotsOfGroups(groups: readonly SheetStateGroup[]): Set<string> {
  return new Set(SHEET_STATES.filter((state) => groups.includes(SHEET_STATE_GROUP[state])));
}

// ——— orders ———

export const ORDER_FIELDS = ['name', 'brand', 'amount', 'changed', 'created', 'written'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/**
 * The purchase list's order tabs show four columns of the sheet's order. Their entries are kept
 * on the order, under the slot `P:<tab>` of the tab the order's sheet is in, and end with the
 * sheet id (the row the purchase list shows).
 */
export const PURCHASE_FIELD_OF_COLUMN = {
  forecastReceiveDate: 'forecast',
  paymentState: 'payment',
  invoiceState: 'invoice',
  signTime: 'signed',
} as const satisfies Partial<Record<ListColumn, string>>;
export type PurchaseField =
  (typeof PURCHASE_FIELD_OF_COLUMN)[keyof typeof PURCHASE_FIELD_OF_COLUMN];

export const purchaseSlot = (listType: SheetListType): string => `P:${listType}`;

function purchaseFieldsOf(listType: SheetListType): PurchaseField[] {
  return SHEET_LIST_TYPE_INFO[listType].columns.flatMap((column) =>
    column in PURCHASE_FIELD_OF_COLUMN
      ? [PURCHASE_FIELD_OF_COLUMN[column as keyof typeof PURCHASE_FIELD_OF_COLUMN]]
      : [],
  );
}

/** The code, with `I` when the supplier invoiced in full and `C` when the base state is cancelled. */
function slotOf(code: string, invoiced: boolean, cancelled: boolean): string {
  return `${code}${invoiced ? 'I' : ''}${cancelled ? 'C' : ''}`;
}

type OrderClass = Pick<OrderRow, 'state' | 'order_base_state'> & {
  supplier_node: { invoice_state: string | null };
};

export function orderSlot(row: OrderClass): string {
  const code = toOrderStateCode(row.state);
  return slotOf(
    code === null ? OTHER_SLOT : String(code),
    row.supplier_node?.invoice_state === FULLY_INVOICED,
    row.order_base_state === 'CANCELLED',
  );
}

/** One order of every slot, the slot's representative for the tab rules. */
const ORDER_CLASSES: Array<{ slot: string; code: number | null; row: OrderClass }> = [
  ...ORDER_STATE_CODES,
  null,
].flatMap((code) =>
  [false, true].flatMap((invoiced) =>
    [false, true].map((cancelled) => {
      const row: OrderClass = {
        state: code ?? Number.NaN,
        order_base_state: cancelled ? 'CANCELLED' : null,
        supplier_node: { invoice_state: invoiced ? FULLY_INVOICED : null },
      };
      return { slot: orderSlot(row), code, row };
    }),
  ),
);

const ORDER_SLOTS_OF_TAB = new Map<OrderTab, string[]>(
  ORDER_TABS.map((tab) => [
    tab,
    ORDER_CLASSES.filter((c) => orderInTab(tab, c.row)).map((c) => c.slot),
  ]),
);

export function orderSlotsOf(tab: OrderTab): string[] {
  return ORDER_SLOTS_OF_TAB.get(tab) ?? [];
}

export function orderSlotsOfCodes(codes: readonly number[]): Set<string> {
  return new Set(
    ORDER_CLASSES.filter((c) => c.code !== null && codes.includes(c.code)).map((c) => c.slot),
  );
}

export function orderFieldValue(row: OrderRow, field: OrderField): EntryValue | null {
  return field === 'written' ? textValue(row.write_time) : sharedFieldValue(row, field);
}

export function purchaseFieldValue(row: OrderRow, field: PurchaseField): EntryValue | null {
  switch (field) {
    case 'forecast':
      return textValue(row.forecast_receive_date);
    case 'payment':
      return textValue(row.supplier_node?.inbound_state);
    case 'invoice':
      return textValue(row.supplier_node?.invoice_state);
    case 'signed':
      return textValue(row.sign_time);
  }
}

/**
 * The purchase-list tab the order's sheet is in: the server mirrors an order's state on its
 * sheet (server/purchasing/orderService.ts), so it follows from the order's state code.
 */
export function purchaseTabOfOrder(state: number | string): SheetListType | null {
  const name = orderStateName(state);
  return name === null ? null : orderTableTab(name);
}

/** The purchase-list tab showing the order table that a sheet in `state` is in, if any. */
function orderTableTab(state: string): SheetListType | null {
  return (
    listTypesOfSheet(state).find(
      (listType) => listType !== 'ALL' && SHEET_LIST_TYPE_INFO[listType].table === 'order',
    ) ?? null
  );
}

export function orderListKeys(companyId: number, row: OrderRow): ListEntry[] {
  const slot = orderSlot(row);
  const entries = ORDER_FIELDS.map((field) =>
    entry(companyId, slot, field, orderFieldValue(row, field)),
  );
  // The order list's number search finds the order number and the purchase number.
  entries.push(...findEntries(companyId, slot, [row.name, row.inquiry_no]));
  const tab = purchaseTabOfOrder(row.state);
  if (tab !== null && row.sheet_id !== null) {
    for (const field of purchaseFieldsOf(tab)) {
      entries.push(
        entry(companyId, purchaseSlot(tab), field, purchaseFieldValue(row, field), [row.sheet_id]),
      );
    }
  }
  return entries;
}
