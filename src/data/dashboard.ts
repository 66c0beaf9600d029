// The 工作台's reads: every figure from the kept totals (a few key reads and three short key
// ranges, whatever the number of rows), the newest open to-dos from their index, and, when asked
// for, the overdue orders themselves. One read transaction, so the figures agree with each other.

import Dexie from 'dexie';
import {
  ACTION_TABS,
  type ActionTab,
  AWAITING_GOODS_TAB,
  dueDayOf,
  isOverdue,
} from '../domain/dashboard/figures';
import { ORDER_TABS, type OrderTab } from '../domain/orders/orderTabs';
import { SHEET_LIST_TYPES, type SheetListType } from '../domain/purchase/listTypes';
import type { PurchasingDb } from './db';
import type { StoredOrder, StoredTodo } from './derive';
import {
  orderDuePrefix,
  orderMineBucket,
  orderSpendPrefix,
  orderTabTotalKey,
  sheetListTotalKey,
  todoReceivedTotalKey,
} from './lists/listKeys';
import { orderTabRange, todoPage } from './lists/queries';
import type { ListTotal } from './totals';

export interface DashboardRequest {
  companyId: number;
  /** The user's contact in the company: "mine" is the orders he owns. */
  contactId: number;
  /** The oldest month the spend figures cover (`YYYY-MM`). */
  firstMonth: string;
  /** How many of the newest open to-dos to list. */
  todos: number;
}

export interface MonthSpend {
  month: string;
  currency: string;
  cents: number;
}

export interface BrandSpend extends MonthSpend {
  brand: string;
}

export interface DashboardFigures {
  sheetTabs: Record<SheetListType, number>;
  orderTabs: Record<OrderTab, number>;
  mine: Record<ActionTab, number>;
  /** Orders waiting for goods, per expected day, earliest first. */
  dueDays: Array<{ day: string; count: number }>;
  spend: MonthSpend[];
  brandSpend: BrandSpend[];
  openTodos: number;
  favouriteTodos: number;
  newestTodos: StoredTodo[];
}

/** The keys of a text-keyed range: every key that starts with `prefix` and sorts from `from`. */
function keysFrom(db: PurchasingDb, prefix: string, from = '') {
  return db.listTotals
    .where('key')
    .between(`${prefix}${from}`, `${prefix}\uffff`, true, false)
    .toArray();
}

/** A month's spend bucket as brand rows: its parts are `<currency>:<brand>` (the brand may hold colons). */
function brandSpends(rows: readonly ListTotal[], prefix: string): BrandSpend[] {
  return rows.flatMap(({ key, parts }) => {
    const month = key.slice(prefix.length);
    return Object.entries(parts ?? {}).flatMap(([part, cents]) => {
      const at = part.indexOf(':');
      return at < 0
        ? []
        : [{ month, currency: part.slice(0, at), brand: part.slice(at + 1), cents }];
    });
  });
}

/** A month's spend in each currency: the sum of its brands'. */
function monthSpends(brands: readonly BrandSpend[]): MonthSpend[] {
  const sums = new Map<string, MonthSpend>();
  for (const { month, currency, cents } of brands) {
    const key = `${month}:${currency}`;
    const sum = sums.get(key);
    sums.set(key, { month, currency, cents: (sum?.cents ?? 0) + cents });
  }
  return [...sums.values()];
}

export function readDashboard(
  db: PurchasingDb,
  request: DashboardRequest,
): Promise<DashboardFigures> {
  const { companyId, contactId, firstMonth } = request;
  const sheetKeys = SHEET_LIST_TYPES.map((type) => sheetListTotalKey(companyId, type));
  const orderKeys = ORDER_TABS.map((tab) => orderTabTotalKey(companyId, tab));
  const todoKeys = ['UNREAD', 'READ', 'DELAYED'].map((state) =>
    todoReceivedTotalKey(companyId, state),
  );
  return db.transaction('r', db.listTotals, db.todos, async () => {
    const spendPrefix = orderSpendPrefix(companyId);
    const duePrefix = orderDuePrefix(companyId);
    const mineKey = orderMineBucket(companyId, contactId);
    const [counts, due, spend] = await Dexie.Promise.all([
      db.listTotals.bulkGet([...sheetKeys, ...orderKeys, mineKey, ...todoKeys]),
      keysFrom(db, duePrefix),
      keysFrom(db, spendPrefix, firstMonth),
    ]);
    const brandSpend = brandSpends(spend, spendPrefix);
    const count = (i: number) => counts[i]?.count ?? 0;
    let at = 0;
    const next = () => count(at++);
    const sheetTabs = Object.fromEntries(SHEET_LIST_TYPES.map((type) => [type, next()]));
    const orderTabs = Object.fromEntries(ORDER_TABS.map((tab) => [tab, next()]));
    const mineParts = counts[at++]?.parts ?? {};
    const mine = Object.fromEntries(ACTION_TABS.map((tab) => [tab, mineParts[tab] ?? 0]));
    const [unread, read, delayed] = [next(), next(), next()];
    const newest = await todoPage(db, {
      companyId,
      view: { kind: 'received', states: ['UNREAD', 'READ'] },
      offset: 0,
      limit: request.todos,
    });
    return {
      sheetTabs: sheetTabs as Record<SheetListType, number>,
      orderTabs: orderTabs as Record<OrderTab, number>,
      mine: mine as Record<ActionTab, number>,
      dueDays: due.flatMap(({ parts }) =>
        Object.entries(parts ?? {})
          .map(([day, n]) => ({ day, count: n }))
          .sort((a, b) => a.day.localeCompare(b.day)),
      ),
      spend: monthSpends(brandSpend),
      brandSpend,
      openTodos: unread + read,
      favouriteTodos: delayed,
      newestTodos: newest.items,
    };
  });
}

/** The overdue orders a dialog lists at most: the most overdue ones. */
export const OVERDUE_SHOWN = 200;

/**
 * The orders whose goods are overdue (expected before `today`): how many, and the `limit` most
 * overdue, earliest expected day first. Read when the user asks for them, off the rows of the
 * awaiting-goods tab; only the `limit` kept so far are held (a company may have tens of
 * thousands overdue: bench/sync-browser.ts).
 */
export async function overdueOrders(
  db: PurchasingDb,
  companyId: number,
  today: string,
  limit = OVERDUE_SHOWN,
): Promise<{ total: number; orders: StoredOrder[] }> {
  const kept: Array<{ day: string; order: StoredOrder }> = [];
  const before = (a: { day: string; order: StoredOrder }, b: typeof a) =>
    a.day < b.day || (a.day === b.day && a.order.id < b.order.id);
  let total = 0;
  await orderTabRange(db, companyId, AWAITING_GOODS_TAB).each((order) => {
    const day = dueDayOf(order);
    if (day === null || !isOverdue(day, today)) return;
    total += 1;
    const item = { day, order };
    const last = kept[kept.length - 1];
    if (kept.length >= limit && last && !before(item, last)) return;
    // Binary search for its place among those kept (ordered), then drop the one past the limit.
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const at = kept[mid];
      if (at && before(at, item)) low = mid + 1;
      else high = mid;
    }
    kept.splice(low, 0, item);
    if (kept.length > limit) kept.pop();
  });
  return { total, orders: kept.map(({ order }) => order) };
}
