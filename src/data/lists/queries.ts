// The list reads of the screens (no React here: the feature hooks wrap these in useLiveQuery).
// Each reads one range of its index, already sorted, and the list's kept total, in one read
// transaction so the page and its total agree. None scans a company's rows with filter().
import Dexie from 'dexie';
import type { OrderTab } from '../../domain/orders/orderTabs';
import type { SheetListType } from '../../domain/purchase/listTypes';
import type { PurchasingDb } from '../db';
import {
  type StoredOrder,
  type StoredSheet,
  type StoredStaff,
  type StoredTodo,
  threadKey,
} from '../derive';
import { INDEX } from '../schema';
import { prefixRange, readTotal } from '../totals';
import {
  orderTabTotalKey,
  sheetListTotalKey,
  todoCompanyTotalKey,
  todoPartyTotalKey,
  todoReceivedTotalKey,
} from './listKeys';

export type SortDirection = 'asc' | 'desc';

export interface Page<T> {
  items: T[];
  total: number;
}

interface Paging {
  offset: number;
  limit: number;
}

export type SheetSort = 'create_time' | 'state_change_time';

const SHEET_INDEX: Record<SheetSort, { tab: string; all: string }> = {
  create_time: { tab: INDEX.sheets.tabByCreated, all: INDEX.sheets.allByCreated },
  state_change_time: { tab: INDEX.sheets.tabByStateChange, all: INDEX.sheets.allByStateChange },
};

/** The purchase list's tab as one range of its compound index, ascending. */
export function purchaseListRange(
  db: PurchasingDb,
  query: { companyId: number; listType: SheetListType; sort: SheetSort },
) {
  const { companyId, listType, sort } = query;
  const [index, prefix] =
    listType === 'ALL'
      ? [SHEET_INDEX[sort].all, [companyId]]
      : [SHEET_INDEX[sort].tab, [companyId, listType]];
  const [lower, upper] = prefixRange(prefix);
  return db.sheets.where(index).between(lower, upper, true, true);
}

/** The purchase list: one tab of the company, sorted by create or state change time. */
export function purchaseListPage(
  db: PurchasingDb,
  query: Paging & {
    companyId: number;
    listType: SheetListType;
    sort: SheetSort;
    direction: SortDirection;
  },
): Promise<Page<StoredSheet>> {
  const { companyId, listType, sort, direction, offset, limit } = query;
  return db.transaction('r', db.sheets, db.listTotals, async () => {
    const range = purchaseListRange(db, { companyId, listType, sort });
    // Both reads at once: one round trip to IndexedDB, not two.
    const [items, total] = await Dexie.Promise.all([
      (direction === 'desc' ? range.reverse() : range).offset(offset).limit(limit).toArray(),
      readTotal(db, sheetListTotalKey(companyId, listType)),
    ]);
    return { items, total };
  });
}

/** The order list's tab (ALL included) as one range of `tab_keys`, by create time ascending. */
export function orderTabRange(db: PurchasingDb, companyId: number, tab: OrderTab) {
  const [lower, upper] = prefixRange([companyId, tab]);
  return db.orders.where(INDEX.orders.tabs).between(lower, upper, true, true);
}

/** The order list: one tab of the company (ALL included), by create time. */
export function orderListPage(
  db: PurchasingDb,
  query: Paging & { companyId: number; tab: OrderTab; direction: SortDirection },
): Promise<Page<StoredOrder>> {
  const { companyId, tab, direction, offset, limit } = query;
  return db.transaction('r', db.orders, db.listTotals, async () => {
    const range = orderTabRange(db, companyId, tab);
    // Both reads at once: one round trip to IndexedDB, not two.
    const [items, total] = await Dexie.Promise.all([
      (direction === 'desc' ? range.reverse() : range).offset(offset).limit(limit).toArray(),
      readTotal(db, orderTabTotalKey(companyId, tab)),
    ]);
    return { items, total };
  });
}

/** Which to-dos of the company an inbox list shows; every view is newest first. */
export type TodoView =
  /** COMPANY scope: everything the company sent or received. */
  | { kind: 'company' }
  /** Addressed to the company, in one of these states (the to-do tab: UNREAD and READ). */
  | { kind: 'received'; states: readonly string[] }
  /** MINE scope: sent or received by the user's contact in the company. */
  | { kind: 'mine'; contactId: number }
  /** Favourites: DELAYED and addressed to the company, latest favourited first. */
  | { kind: 'favourites' };

const newestFirst = (a: StoredTodo, b: StoredTodo): number =>
  a.create_time === b.create_time ? b.id - a.id : a.create_time < b.create_time ? 1 : -1;

export function todoPage(
  db: PurchasingDb,
  query: Paging & { companyId: number; view: TodoView },
): Promise<Page<StoredTodo>> {
  const { companyId, view, offset, limit } = query;
  const range = (index: string, prefix: unknown[]) => {
    const [lower, upper] = prefixRange(prefix);
    return db.todos.where(index).between(lower, upper, true, true).reverse();
  };
  return db.transaction('r', db.todos, db.listTotals, async () => {
    switch (view.kind) {
      case 'company':
        return {
          items: await range(INDEX.todos.company, [companyId])
            .offset(offset)
            .limit(limit)
            .toArray(),
          total: await readTotal(db, todoCompanyTotalKey(companyId)),
        };
      case 'mine':
        return {
          items: await range(INDEX.todos.party, [companyId, view.contactId])
            .offset(offset)
            .limit(limit)
            .toArray(),
          total: await readTotal(db, todoPartyTotalKey(companyId, view.contactId)),
        };
      case 'favourites':
        return {
          items: await range(INDEX.todos.favourites, [companyId])
            .offset(offset)
            .limit(limit)
            .toArray(),
          total: await readTotal(db, todoReceivedTotalKey(companyId, 'DELAYED')),
        };
      case 'received': {
        // One sorted range per state; the page is in the first offset + limit rows of their
        // merge, so no range is read further than that.
        const states = [...new Set(view.states)];
        const runs: StoredTodo[] = [];
        let total = 0;
        for (const state of states) {
          runs.push(
            ...(await range(INDEX.todos.received, [companyId, companyId, state])
              .limit(offset + limit)
              .toArray()),
          );
          total += await readTotal(db, todoReceivedTotalKey(companyId, state));
        }
        return { items: runs.sort(newestFirst).slice(offset, offset + limit), total };
      }
    }
  });
}

/**
 * The message panel of an order or sheet, oldest first (the panel scrolls to the bottom), as the
 * company sees it. Only MESSAGE by default, like the server's `todoTypes`; the type is checked on
 * the thread's own rows, never on the company's.
 */
export async function messageThread(
  db: PurchasingDb,
  query: { companyId: number; module: string; moduleId: number; types?: readonly string[] },
): Promise<StoredTodo[]> {
  const types = query.types ?? ['MESSAGE'];
  const [lower, upper] = prefixRange([query.companyId, threadKey(query.module, query.moduleId)]);
  const thread = await db.todos
    .where(INDEX.todos.thread)
    .between(lower, upper, true, true)
    .toArray();
  return thread.filter((todo) => types.includes(todo.type));
}

/** Staff management: the company's employees with the ticked statuses, by id. */
export async function staffList(
  db: PurchasingDb,
  query: { companyId: number; statuses: readonly string[] },
): Promise<StoredStaff[]> {
  const lists = await Promise.all(
    [...new Set(query.statuses)].map((status) =>
      db.staff.where(INDEX.staff.byStatus).equals([query.companyId, status]).toArray(),
    ),
  );
  return lists.flat().sort((a, b) => a.id - b.id);
}

// ——— to-do inbox

/** One of the user's companies and the user's contact in it (the MINE scope is per contact). */
export interface InboxCompany {
  companyId: number;
  contactId: number;
}

/** The to-do page's lists: a company scope, the MINE scope, and the favourites tab. */
export type InboxView = 'company' | 'mine' | 'favourites';

const latestFavouriteFirst = (a: StoredTodo, b: StoredTodo): number => {
  const [x, y] = [a.favourite_time ?? '', b.favourite_time ?? ''];
  return x === y ? b.id - a.id : x < y ? 1 : -1;
};

/**
 * The to-do page: the newest `limit` to-dos of every company of the user (the server's list takes
 * repeated companyIds), read as one index range per company and merged, newest first (the
 * favourites by the time they were favourited). A to-do between two of the user's companies is
 * in both feeds: the recipient's copy is kept, the one the user acts on. The total adds up the
 * companies' kept totals, so such a to-do counts once per company.
 */
export function inboxPage(
  db: PurchasingDb,
  query: { companies: readonly InboxCompany[]; view: InboxView; limit: number },
): Promise<Page<StoredTodo>> {
  const { companies, view, limit } = query;
  const viewOf = (company: InboxCompany): TodoView =>
    view === 'mine' ? { kind: 'mine', contactId: company.contactId } : { kind: view };
  return db.transaction('r', db.todos, db.listTotals, async () => {
    const byId = new Map<number, StoredTodo>();
    let total = 0;
    for (const company of companies) {
      const page = await todoPage(db, {
        companyId: company.companyId,
        view: viewOf(company),
        offset: 0,
        limit,
      });
      total += page.total;
      for (const row of page.items) {
        if (!byId.has(row.id) || row.company_id === row.to_company_id) byId.set(row.id, row);
      }
    }
    const order = view === 'favourites' ? latestFavouriteFirst : newestFirst;
    return { items: [...byId.values()].sort(order).slice(0, limit), total };
  });
}

// ——— chat

const oldestFirst = (a: StoredTodo, b: StoredTodo): number => -newestFirst(a, b);

/**
 * A chat panel's messages: the threads of up to two records (an order and its sheet) as the
 * company sees them, oldest first, read together so the two agree.
 */
export function chatMessages(
  db: PurchasingDb,
  query: { companyId: number; threads: ReadonlyArray<{ module: string; moduleId: number }> },
): Promise<StoredTodo[]> {
  return db.transaction('r', db.todos, async () => {
    const threads = await Promise.all(
      query.threads.map((thread) => messageThread(db, { companyId: query.companyId, ...thread })),
    );
    return threads.flat().sort(oldestFirst);
  });
}
