// Purchase sheet (inquiry quotation) states and the grouped labels users read
// (purchasing-core §4.1, settings-messaging-shared §4 "Inquiry sheet labels").

export const SHEET_STATES = [
  'DRAFT',
  'INQUIRY_WAITING',
  'DELAY_INQUIRY',
  'INQUIRY_SENT',
  'INQUIRY_PUSH',
  'EXPENSE_EXAMINE',
  'EXPENSE_APPROVED',
  'INQUIRY_REPLIED',
  'FOLLOWED_UP',
  'QUOTATION_SENT',
  'QUOTATION_REFUSE',
  'CONTRACT_AUDITING',
  'CONTRACT_SENT',
  'CONTRACT_SIGNED',
  'CONTRACT_ENFORCED',
  'ORDER_PLACED',
  'ORDER_CONFIRMED',
  'OVERSEA_PARTIAL',
  'OVERSEA_RECEIVED',
  'EXPORTED',
  'IMPORTED',
  'DOMESTIC_PARTIAL',
  'DOMESTIC_RECEIVED',
  'DELIVERED',
  'CANCELLED',
  'CANCEL_REQUESTED',
  'CANCEL_CONFIRMED',
  'SIGN',
  'SIGNED',
] as const;

export type SheetState = (typeof SHEET_STATES)[number];

export const SHEET_STATE_GROUPS = {
  DRAFT: '草稿',
  INQUIRED: '已询价',
  QUOTE_UNREAD: '报价未读',
  REPLIED: '已报价',
  ORDERING: '下单中',
  AWAITING_PAYMENT: '待付款',
  CANCELLED: '已取消',
  AWAITING_RECEIPT: '待收货',
  NO_QUOTE: '暂无报价',
  SIGNED: '已签收',
} as const;

export type SheetStateGroup = keyof typeof SHEET_STATE_GROUPS;

/** Which label group each state shows as. States the spec's table omits are marked (see docs/decisions.md). */
export const SHEET_STATE_GROUP: Record<SheetState, SheetStateGroup> = {
  DRAFT: 'DRAFT',
  INQUIRY_WAITING: 'INQUIRED',
  INQUIRY_SENT: 'INQUIRED',
  INQUIRY_PUSH: 'INQUIRED',
  DELAY_INQUIRY: 'INQUIRED',
  EXPENSE_EXAMINE: 'INQUIRED',
  EXPENSE_APPROVED: 'INQUIRED', // not in the spec's table: still waiting for the supplier's quote
  INQUIRY_REPLIED: 'QUOTE_UNREAD',
  QUOTATION_SENT: 'REPLIED',
  FOLLOWED_UP: 'REPLIED',
  QUOTATION_REFUSE: 'NO_QUOTE',
  CONTRACT_AUDITING: 'ORDERING',
  CONTRACT_SENT: 'ORDERING', // not in the spec's table: the contract is out for signing
  CONTRACT_SIGNED: 'AWAITING_PAYMENT',
  CONTRACT_ENFORCED: 'AWAITING_RECEIPT',
  ORDER_PLACED: 'AWAITING_RECEIPT',
  ORDER_CONFIRMED: 'AWAITING_RECEIPT',
  OVERSEA_PARTIAL: 'AWAITING_RECEIPT',
  OVERSEA_RECEIVED: 'AWAITING_RECEIPT',
  EXPORTED: 'AWAITING_RECEIPT',
  IMPORTED: 'AWAITING_RECEIPT',
  DOMESTIC_PARTIAL: 'AWAITING_RECEIPT',
  DOMESTIC_RECEIVED: 'AWAITING_RECEIPT',
  DELIVERED: 'AWAITING_RECEIPT',
  CANCELLED: 'CANCELLED',
  CANCEL_REQUESTED: 'CANCELLED',
  CANCEL_CONFIRMED: 'CANCELLED',
  SIGN: 'SIGNED', // not in the spec's table: the detail screens' synonym of SIGNED
  SIGNED: 'SIGNED',
};

export function isSheetState(value: unknown): value is SheetState {
  return typeof value === 'string' && (SHEET_STATES as readonly string[]).includes(value);
}

/** The Chinese label of a state; an unknown code from a newer server is shown as it is. */
export function sheetStateLabel(state: string): string {
  return isSheetState(state) ? SHEET_STATE_GROUPS[SHEET_STATE_GROUP[state]] : state;
}
