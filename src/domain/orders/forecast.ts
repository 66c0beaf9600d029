// Correcting an order's expected arrival date (purchasing-core §7.1 PATCH
// orders/{id}/forecast_receive_date; the spec shows the date on the order detail, not its rules or
// words, so both are ours: docs/decisions.md). One rule for the detail's date picker, the outbox
// effect and the server: a real calendar day, not before today, on an order that is neither
// signed for (90) nor cancelled.

import { formatDate } from '../format/date';
import { toOrderStateCode } from './orderStates';
import { isCancelledOrder, type OrderListItem } from './orderTabs';

export const FORECAST_MESSAGES = {
  IN_PAST: '预计到货日期不能早于今天',
  INVALID_DATE: '预计到货日期格式有误',
  CLOSED: '订单已签收或已取消，不能修改预计到货日期',
} as const;

export const FORECAST_LABELS = {
  EDIT: '修改',
  /** The button's accessible name and the dialog's title. */
  DIALOG_TITLE: '修改预计到货日期',
  FIELD: '预计到货日期',
  PLACEHOLDER: '请选择日期',
  SAVE: '保存',
  CANCEL: '取消',
  /** The dialog's close (×) button. */
  CLOSE: '关闭',
  QUEUED: '预计到货日期已修改',
  FAILED: '预计到货日期修改失败，请稍后重试!',
} as const;

/** Names of the date picker's controls (its arrows and level buttons carry no text). */
export const CALENDAR_ARIA_LABELS = {
  monthLevelControl: '选择月份',
  yearLevelControl: '选择年份',
  nextMonth: '下个月',
  previousMonth: '上个月',
  nextYear: '下一年',
  previousYear: '上一年',
  nextDecade: '下一个十年',
  previousDecade: '上一个十年',
} as const;

/** Whether the order takes a new expected arrival date (the server refuses the others). */
export function offersForecastEdit(order: OrderListItem): boolean {
  const code = toOrderStateCode(order.state);
  return code !== null && code !== 90 && !isCancelledOrder(order);
}

/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** Today in `timeZone`, YYYY-MM-DD: the earliest date the order accepts. */
export function earliestForecastDate(nowMs: number, timeZone: string): string {
  return formatDate(nowMs, timeZone);
}

/** Why `date` cannot be the expected arrival date at `nowMs` in `timeZone`, or null. */
export function forecastDateProblem(date: string, nowMs: number, timeZone: string): string | null {
  if (!isCalendarDate(date)) return FORECAST_MESSAGES.INVALID_DATE;
  return date < earliestForecastDate(nowMs, timeZone) ? FORECAST_MESSAGES.IN_PAST : null;
}
