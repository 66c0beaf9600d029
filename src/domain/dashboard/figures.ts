// What the 工作台 (home dashboard) counts, as rules over one order: the month and brand its amount
// is spent in, whether it waits for the user's action, and the day its goods are due. The app
// keeps these figures up to date as rows are written (src/data/lists/listKeys.ts), so the
// dashboard reads a few totals, never the orders themselves. Our reading of issue 22 item 1 is in
// docs/decisions.md ("Dashboard").

import {
  isCancelledOrder,
  type OrderListItem,
  type OrderTab,
  orderInTab,
} from '../orders/orderTabs';

/** The fields of an order the figures read (the synced order row has them all). */
export interface FigureOrder extends OrderListItem {
  create_time: string;
  brand_name: string | null;
  brand: { name: string } | null;
  forecast_receive_date: string | null;
  current_order_node: { contacts_user: { id: number } | null } | null;
  supplier_node: {
    taxed_amount: number | null;
    currency: string | null;
    invoice_state?: string | null;
  } | null;
}

/**
 * Months are the buyer companies' business calendar: China Standard Time (UTC+8, no daylight
 * saving since 1991). A total kept at write time needs one fixed calendar; a user in another
 * timezone sees the same months as his company's accounts.
 */
export const BUSINESS_UTC_OFFSET_MS = 8 * 3_600_000;

/** How many months the spend charts show, the current one included. */
export const SPEND_MONTHS = 12;

/** The order-list tabs that wait for the buyer's side: pay, confirm, receive the goods. */
export const ACTION_TABS = [
  'CONTRACT_SIGNED',
  'CONTRACT_ENFORCED',
  'CARGO_RECEIVING',
] as const satisfies readonly OrderTab[];
export type ActionTab = (typeof ACTION_TABS)[number];

/** The tab whose orders have goods still to come: their expected arrival day can pass. */
export const AWAITING_GOODS_TAB: OrderTab = 'CARGO_RECEIVING';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM` of an instant on the business calendar; null for a time that does not parse. */
export function businessMonth(time: string | null | undefined): string | null {
  if (typeof time !== 'string') return null;
  const ms = Date.parse(time);
  if (!Number.isFinite(ms)) return null;
  return new Date(ms + BUSINESS_UTC_OFFSET_MS).toISOString().slice(0, 7);
}

export const isMonth = (text: string): boolean => MONTH.test(text);

/** The `count` business months up to the one holding `now`, oldest first. */
export function monthsUpTo(now: number, count: number): string[] {
  const current = new Date(now + BUSINESS_UTC_OFFSET_MS);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const at = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - back, 1));
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

/** The first day of the month and of the next one (`YYYY-MM-DD`): a creation-date filter's bounds. */
export function monthDays(month: string): { first: string; next: string } {
  const [year, monthNumber] = month.split('-').map(Number);
  const next = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 1)).toISOString().slice(0, 10);
  return { first: `${month}-01`, next };
}

/** Amounts are summed in cents, exactly (a float sum of 100,000 prices drifts). */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

export interface Spend {
  month: string;
  currency: string;
  brand: string;
  cents: number;
}

/** The brand under which an order without one is counted. */
export const NO_BRAND = '未指定品牌';

/**
 * What the order adds to the spend charts: its supplier amount (the order list's 订单金额), in
 * its currency, in the month it was created, under its brand. A cancelled order, or one whose
 * amount is still 待确认 or not positive, spends nothing.
 */
export function spendOf(order: FigureOrder): Spend | null {
  if (isCancelledOrder(order)) return null;
  const amount = order.supplier_node?.taxed_amount;
  const currency = order.supplier_node?.currency;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || !currency) return null;
  const cents = toCents(amount);
  const month = businessMonth(order.create_time);
  if (cents <= 0 || month === null) return null;
  const brand = order.brand_name?.trim() || order.brand?.name?.trim() || NO_BRAND;
  return { month, currency, brand, cents };
}

/** The action tabs the order is in whose owner is the contact, or none. */
export function actionTabsOf(order: FigureOrder): { owner: number; tabs: ActionTab[] } | null {
  const owner = order.current_order_node?.contacts_user?.id;
  if (typeof owner !== 'number') return null;
  const tabs = ACTION_TABS.filter((tab) => orderInTab(tab, order));
  return tabs.length > 0 ? { owner, tabs } : null;
}

/** The day the order's goods are expected, while it still waits for them; else null. */
export function dueDayOf(order: FigureOrder): string | null {
  const day = order.forecast_receive_date?.slice(0, 10);
  if (!day || !DAY.test(day)) return null;
  return orderInTab(AWAITING_GOODS_TAB, order) ? day : null;
}

/** Overdue: the expected day is before today (both `YYYY-MM-DD`, today in the user's timezone). */
export const isOverdue = (dueDay: string, today: string): boolean => dueDay < today;
