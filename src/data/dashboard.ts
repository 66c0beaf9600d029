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
  orderBrandSpendPrefix,
  orderDuePrefix,
  orderMineTotalKey,
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

/** `a:b:rest` → ['a', 'b', 'rest'] (the rest may hold colons: a brand's name). */
function splitTwo(text: string): [string, string, string] | null {
  const first = text.indexOf(':');
  const second = first < 0 ? -1 : text.indexOf(':', first + 1);
  if (second < 0) return null;
  return [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
}

function monthSpends(rows: readonly ListTotal[], prefix: string): MonthSpend[] {
  return rows.flatMap(({ key, count }) => {
    const [month, currency] = key.slice(prefix.length).split(':');
    return month && currency ? [{ month, currency, cents: count }] : [];
  });
}

function brandSpends(rows: readonly ListTotal[], prefix: string): BrandSpend[] {
  return rows.flatMap(({ key, count }) => {
    const parts = splitTwo(key.slice(prefix.length));
    return parts ? [{ month: parts[0], currency: parts[1], brand: parts[2], cents: count }] : [];
  });
}

export function readDashboard(
  db: PurchasingDb,
  request: DashboardRequest,
): Promise<DashboardFigures> {
  const { companyId, contactId, firstMonth } = request;
  const sheetKeys = SHEET_LIST_TYPES.map((type) => sheetListTotalKey(companyId, type));
  const orderKeys = ORDER_TABS.map((tab) => orderTabTotalKey(companyId, tab));
  const mineKeys = ACTION_TABS.map((tab) => orderMineTotalKey(companyId, contactId, tab));
  const todoKeys = ['UNREAD', 'READ', 'DELAYED'].map((state) =>
    todoReceivedTotalKey(companyId, state),
  );
  return db.transaction('r', db.listTotals, db.todos, async () => {
    const spendPrefix = orderSpendPrefix(companyId);
    const brandPrefix = orderBrandSpendPrefix(companyId);
    const duePrefix = orderDuePrefix(companyId);
    const [counts, due, spend, brands] = await Dexie.Promise.all([
      db.listTotals.bulkGet([...sheetKeys, ...orderKeys, ...mineKeys, ...todoKeys]),
      keysFrom(db, duePrefix),
      keysFrom(db, spendPrefix, firstMonth),
      keysFrom(db, brandPrefix, firstMonth),
    ]);
    const count = (i: number) => counts[i]?.count ?? 0;
    let at = 0;
    const next = () => count(at++);
    const sheetTabs = Object.fromEntries(SHEET_LIST_TYPES.map((type) => [type, next()]));
    const orderTabs = Object.fromEntries(ORDER_TABS.map((tab) => [tab, next()]));
    const mine = Object.fromEntries(ACTION_TABS.map((tab) => [tab, next()]));
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
      dueDays: due.map(({ key, count: n }) => ({ day: key.slice(duePrefix.length), count: n })),
      spend: monthSpends(spend, spendPrefix),
      brandSpend: brandSpends(brands, brandPrefix),
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
