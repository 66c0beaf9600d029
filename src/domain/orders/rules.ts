// What the order detail shows and offers (purchasing-core §2.4, §6).
// The detail speaks state names (SIGN, SIGNED) while lists speak numeric codes, so numeric 90
// ("signed for") counts as SIGNED wherever SIGNED is named.

import { formatMoneyAbs, type NumericInput } from '../format/money';
import { toOrderStateCode } from './orderStates';
import { isCancelledOrder, type OrderListItem } from './orderTabs';

type StateValue = number | string | null | undefined;

/** SIGNED in any spelling: the name, code 90 or '90'. SIGN is not included (see isSignOrSigned). */
export function isOrderSigned(state: StateValue): boolean {
  return state !== 'SIGN' && toOrderStateCode(state) === 90;
}

function isSignOrSigned(state: StateValue): boolean {
  return state === 'SIGN' || isOrderSigned(state);
}

/**
 * The buyer may ask to cancel an order before the supplier has ordered the goods: at 10
 * (contract signed) or 20 (contract executed). The spec names the cancel action but not when it
 * is offered; this is our reading (docs/decisions.md).
 */
export const ORDER_CANCEL_REQUEST_STATES = [10, 20] as const;

export function canRequestOrderCancel(state: StateValue): boolean {
  const code = toOrderStateCode(state);
  return code !== null && (ORDER_CANCEL_REQUEST_STATES as readonly number[]).includes(code);
}

/**
 * Whether the order offers 申请取消 (its detail, its list row, its sheet): at 10 or 20, and not
 * once cancelled or already asked (the server refuses both).
 */
export function offersOrderCancelRequest(order: OrderListItem): boolean {
  return canRequestOrderCancel(order.state) && !isCancelledOrder(order);
}

/** The cancel request's words (ours: the spec names the action only; docs/decisions.md). */
export const ORDER_CANCEL_LABELS = {
  REQUEST: '申请取消',
  DIALOG_TITLE: '申请取消订单',
  QUEUED: '取消申请已提交',
  FAILED: '取消申请提交失败, 请稍后重试!',
} as const;

/** The order list's column of row actions. */
export const ORDER_LIST_ACTION_HEADER = '操作';

/** §6: anyone of the company may change the owner unless the order is SIGN or SIGNED. */
export function canChangeOrderOwner(state: StateValue): boolean {
  return !isSignOrSigned(state);
}

export interface OrderDetailVisibility {
  forecastReceiveDate: boolean;
  unpaidAmount: boolean;
  changeOwnerButton: boolean;
}

/** Fields hide at SIGNED as the spec words it; the owner button at SIGN or SIGNED. */
export function orderDetailVisibility(state: StateValue): OrderDetailVisibility {
  const signed = isOrderSigned(state);
  return {
    forecastReceiveDate: !signed,
    unpaidAmount: !signed,
    changeOwnerButton: canChangeOrderOwner(state),
  };
}

export interface OrderProductLine {
  supplier_order_node_line?: { taxed_amount?: NumericInput } | null;
}

/** The line's tax-inclusive total, shown without sign (credit lines arrive negative). */
export function formatOrderLineTotal(line: OrderProductLine, currency?: string | null): string {
  return formatMoneyAbs(line.supplier_order_node_line?.taxed_amount, currency);
}

export type DetailLoadStatus = 'loading' | 'loaded' | 'failed';

/**
 * A detail read from the device: undefined while the read runs, null when the device holds no
 * such record (the offline app's failed load), else the record.
 */
export function detailLoadStatus(record: object | null | undefined): DetailLoadStatus {
  if (record === undefined) return 'loading';
  return record === null ? 'failed' : 'loaded';
}

/**
 * The chat opens only on a loaded order (§2.4: disabled if loading the detail fails; also while
 * the local read runs, ours): its thread, linked sheet and first contact come from the order.
 */
export function canOpenOrderChat(status: DetailLoadStatus): boolean {
  return status === 'loaded';
}
