// Order states (purchasing-core §4.3, settings-messaging-shared §4 "Order state numeric codes" and
// "Logistics status labels"). The order list speaks numeric codes; sheets, the purchase list's
// order table and logistics speak names. Both map to one label so a state reads the same everywhere.

import { labelSet } from '../codeLabels';

/** The numeric codes in the order an order moves through them; cancellation codes last. */
export const ORDER_STATE_CODES = [
  10, 20, 30, 40, 50, 55, 60, 70, 73, 75, 80, 90, -10, -20,
] as const;

export type OrderStateCode = (typeof ORDER_STATE_CODES)[number];

/** Logistics status names and labels; the names the numeric codes share take the same label. */
export const LOGISTICS_STATUSES = labelSet({
  DRAFT: '草稿',
  CONTRACT_SIGNED: '合同已签订',
  CONTRACT_ENFORCED: '合同已执行',
  ORDER_PLACED: '已向供应商下单',
  ORDER_CONFIRMED: '供应商已确认',
  TRANSFERRING: '转运中',
  OVERSEA_PARTIAL: '海外仓部分收货',
  OVERSEA_RECEIVED: '海外仓已收货',
  PACKED_PALLET: '已打托',
  EXPORTED: '已出口',
  IMPORTED: '已进口',
  DOMESTIC_PARTIAL: '国内仓部分收货',
  DOMESTIC_RECEIVED: '国内仓已收货',
  DELIVERED: '已发货',
  SIGNED: '已签收',
  CANCEL_REQUESTED: '取消申请中',
  CANCEL_CONFIRMED: '已确认取消',
});

export type LogisticsStatus = (typeof LOGISTICS_STATUSES.codes)[number];

/** The state name each numeric code stands for. */
export const ORDER_STATE_NAME: Record<OrderStateCode, LogisticsStatus> = {
  10: 'CONTRACT_SIGNED',
  20: 'CONTRACT_ENFORCED',
  30: 'ORDER_PLACED',
  40: 'ORDER_CONFIRMED',
  50: 'OVERSEA_PARTIAL',
  55: 'OVERSEA_RECEIVED',
  60: 'EXPORTED',
  70: 'IMPORTED',
  73: 'DOMESTIC_PARTIAL',
  75: 'DOMESTIC_RECEIVED',
  80: 'DELIVERED',
  90: 'SIGNED',
  [-10]: 'CANCEL_REQUESTED',
  [-20]: 'CANCEL_CONFIRMED',
};

/** Order base state; only CANCELLED is shown by the spec. */
export const ORDER_BASE_STATES = ['CANCELLED'] as const;
export type OrderBaseState = (typeof ORDER_BASE_STATES)[number];

/** Detail screens also send SIGN, a synonym of SIGNED. */
const NAME_SYNONYMS: Readonly<Record<string, LogisticsStatus>> = { SIGN: 'SIGNED' };

export function isOrderStateCode(value: unknown): value is OrderStateCode {
  return typeof value === 'number' && (ORDER_STATE_CODES as readonly number[]).includes(value);
}

/**
 * Reads a state from the wire as a numeric code: a number, a numeric string ('10', '-20') or a
 * state name ('SIGNED', 'SIGN'). Null when it is none of the known states.
 */
export function toOrderStateCode(value: unknown): OrderStateCode | null {
  if (typeof value === 'number') return isOrderStateCode(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^-?\d+$/.test(text)) {
    const code = Number(text);
    return isOrderStateCode(code) ? code : null;
  }
  const name = NAME_SYNONYMS[text] ?? text;
  return ORDER_STATE_CODES.find((code) => ORDER_STATE_NAME[code] === name) ?? null;
}

/** The state name of a numeric code (or of a name, normalising SIGN), null when unknown. */
export function orderStateName(value: unknown): LogisticsStatus | null {
  if (typeof value === 'string') {
    const name = NAME_SYNONYMS[value] ?? value;
    if (LOGISTICS_STATUSES.is(name)) return name;
  }
  const code = toOrderStateCode(value);
  return code === null ? null : ORDER_STATE_NAME[code];
}

/** Label of an order state given as code, numeric string or name; unknown values show as they are. */
export function orderStateLabel(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const name = orderStateName(value);
  return name === null ? String(value) : LOGISTICS_STATUSES.labels[name];
}
