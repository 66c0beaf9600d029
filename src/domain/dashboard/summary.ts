// The 工作台's figures shaped for the screen: overdue and soon-due goods, the spend series of one
// currency over the last months, the brands spent on most, and the order-list filters a chart's
// bar opens. Pure: the dashboard page and its tests share them.

import type { Filters } from '../list/listQuery';
import { BUSINESS_UTC_OFFSET_MS, fromCents, monthDays, NO_BRAND } from './figures';

export interface DayCount {
  day: string;
  count: number;
}

export interface SpendRow {
  month: string;
  currency: string;
  cents: number;
}

export interface BrandSpendRow extends SpendRow {
  brand: string;
}

/** Goods are "due soon" when expected within this many days from today (today included). */
export const DUE_SOON_DAYS = 7;

/** How many brands the brand chart names; the rest are summed as 其他. */
export const TOP_BRANDS = 8;
export const OTHER_BRANDS = '其他';

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

export function dueSummary(
  dueDays: readonly DayCount[],
  today: string,
): { overdue: number; soon: number } {
  const soonEnd = addDays(today, DUE_SOON_DAYS);
  let overdue = 0;
  let soon = 0;
  for (const { day, count } of dueDays) {
    if (day < today) overdue += count;
    else if (day < soonEnd) soon += count;
  }
  return { overdue, soon };
}

/** The currencies spent in, the largest total first (a company buys mostly in one). */
export function currenciesBySpend(spend: readonly SpendRow[]): string[] {
  const totals = new Map<string, number>();
  for (const { currency, cents } of spend) {
    totals.set(currency, (totals.get(currency) ?? 0) + cents);
  }
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}

/** The short label of a month on the chart: 3月; the year too for January and the first month. */
export function monthLabel(month: string, first: boolean): string {
  const [year, number] = month.split('-');
  const m = Number(number);
  return first || m === 1 ? `${year}年${m}月` : `${m}月`;
}

export interface MonthPoint {
  month: string;
  label: string;
  /** In the currency's units (yuan), for the chart and the table. */
  amount: number;
}

/** One point per month (none left out: an idle month shows as 0), in one currency. */
export function spendSeries(
  spend: readonly SpendRow[],
  months: readonly string[],
  currency: string,
): MonthPoint[] {
  const cents = new Map<string, number>();
  for (const row of spend) {
    if (row.currency === currency) cents.set(row.month, (cents.get(row.month) ?? 0) + row.cents);
  }
  return months.map((month, i) => ({
    month,
    label: monthLabel(month, i === 0),
    amount: fromCents(cents.get(month) ?? 0),
  }));
}

export interface BrandPoint {
  brand: string;
  amount: number;
  /** False for 其他 (no single brand to open). */
  opens: boolean;
}

/** The brands spent on most over the months, in one currency; the rest as 其他. */
export function brandRanking(
  brandSpend: readonly BrandSpendRow[],
  months: readonly string[],
  currency: string,
  top = TOP_BRANDS,
): BrandPoint[] {
  const inRange = new Set(months);
  const cents = new Map<string, number>();
  for (const row of brandSpend) {
    if (row.currency !== currency || !inRange.has(row.month)) continue;
    cents.set(row.brand, (cents.get(row.brand) ?? 0) + row.cents);
  }
  const ranked = [...cents].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  // The list's brand filter needs a name: orders without a brand have none to open.
  const shown = ranked.slice(0, top).map(([brand, c]) => ({
    brand,
    amount: fromCents(c),
    opens: brand !== NO_BRAND,
  }));
  const rest = ranked.slice(top).reduce((sum, [, c]) => sum + c, 0);
  return rest > 0
    ? [...shown, { brand: OTHER_BRANDS, amount: fromCents(rest), opens: false }]
    : shown;
}

/** The instant a business month starts (ISO, UTC). */
function monthStart(month: string): string {
  const ms = Date.parse(`${month}-01T00:00:00.000Z`) - BUSINESS_UTC_OFFSET_MS;
  return new Date(ms).toISOString();
}

/** The instant before the month after `last` starts: the inclusive end of a creation range. */
function monthsEnd(last: string): string {
  const next = monthDays(last).next.slice(0, 7);
  return new Date(Date.parse(monthStart(next)) - 1).toISOString();
}

/** The order list's filters for the orders created in these business months (a bar's orders). */
export function createdInMonths(first: string, last: string = first): Filters {
  return { create_time: [monthStart(first), monthsEnd(last)] };
}

/** The order list's filters for one brand's orders created over the months. */
export function brandInMonths(brand: string, first: string, last: string): Filters {
  return { brand_name: brand, ...createdInMonths(first, last) };
}
