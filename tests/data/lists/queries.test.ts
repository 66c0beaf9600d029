import '../rows';
import { liveQuery } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow, SheetRow, TodoRow } from '../../../src/contract/feedRows';
import type { PurchasingDb } from '../../../src/data/db';
import {
  messageThread,
  orderListPage,
  purchaseListPage,
  staffList,
  todoPage,
} from '../../../src/data/lists/queries';
import { applyRows } from '../../../src/data/writes';
import { ORDER_STATE_CODES } from '../../../src/domain/orders/orderStates';
import { ORDER_TABS, orderInTab } from '../../../src/domain/orders/orderTabs';
import { SHEET_LIST_TYPES, sheetInList } from '../../../src/domain/purchase/listTypes';
import { SHEET_STATES } from '../../../src/domain/purchase/sheetStates';
import { probeReads, type Read } from '../probe';
import { at, freshDb, order, sheet, staff, todo } from '../rows';

// Small on purpose (fake-indexeddb is slow), with create times that collide and run against the
// ids, so ordering and tie-breaks are exercised. Company 2 is noise every query must leave out.
const sheets: SheetRow[] = Array.from({ length: 150 }, (_, i) =>
  sheet(i + 1, {
    company_id: i % 5 === 4 ? 2 : 1,
    state: SHEET_STATES[(i * 7) % SHEET_STATES.length] ?? 'DRAFT',
    create_time: at((i * 37) % 60),
    state_change_time: at((i * 11) % 90),
  }),
);
const orders: OrderRow[] = Array.from({ length: 120 }, (_, i) =>
  order(i + 1, {
    company_id: i % 6 === 5 ? 2 : 1,
    state: ORDER_STATE_CODES[i % ORDER_STATE_CODES.length] ?? 10,
    order_base_state: i % 13 === 0 ? 'CANCELLED' : null,
    supplier_node: {
      ...order(1).supplier_node,
      invoice_state: i % 3 === 0 ? 'INVOICE' : 'PARTIAL',
    },
    create_time: at((i * 29) % 50),
  }),
);
const TODO_STATES = ['UNREAD', 'READ', 'PROCESSED', 'DELAYED'];
const todos: TodoRow[] = Array.from({ length: 90 }, (_, i) =>
  todo(i + 1, {
    state: TODO_STATES[i % 4] ?? 'UNREAD',
    // Received from company 2 or sent to it; contacts 10 and 11 belong to company 1.
    from_company_id: i % 3 === 0 ? 1 : 2,
    from_contacts_id: i % 3 === 0 ? 10 + (i % 2) : 20,
    to_company_id: i % 3 === 0 ? 2 : 1,
    to_contacts_id: i % 3 === 0 ? 20 : i % 5 === 0 ? null : 10 + (i % 2),
    module: i % 10 === 0 ? null : 'ORDER',
    module_id: i % 10 === 0 ? null : 1 + (i % 4),
    type: i % 10 === 0 ? 'MAIL' : i % 7 === 0 ? 'MAIL' : 'MESSAGE',
    create_time: at((i * 13) % 40),
    delay_time: i % 4 === 3 && i % 8 !== 7 ? at(100 + ((i * 17) % 30)) : null,
  }),
);

let db: PurchasingDb;
let reads: Read[];
beforeAll(async () => {
  db = freshDb('queries');
  reads = probeReads(db);
  await db.open();
  await applyRows(
    db,
    1,
    'sheets',
    sheets.filter((s) => s.company_id === 1),
  );
  await applyRows(
    db,
    2,
    'sheets',
    sheets.filter((s) => s.company_id === 2),
  );
  await applyRows(
    db,
    1,
    'orders',
    orders.filter((o) => o.company_id === 1),
  );
  await applyRows(
    db,
    2,
    'orders',
    orders.filter((o) => o.company_id === 2),
  );
  await applyRows(db, 1, 'todos', todos);
  await applyRows(db, 2, 'todos', todos);
  await applyRows(db, 1, 'staff', [staff(3, { status: 'DEPART' }), staff(1), staff(2)]);
  await applyRows(db, 2, 'staff', [staff(4, { company_id: 2 })]);
});
afterAll(async () => {
  await db.delete({ disableAutoOpen: true });
});

/** Runs `read` and returns what it read from IndexedDB, besides the totals' point lookups. */
async function readsOf<T>(read: () => Promise<T>): Promise<{ result: T; reads: Read[] }> {
  const start = reads.length;
  const result = await read();
  return { result, reads: reads.slice(start) };
}

type Keyed = { id: number };
const ids = (rows: Keyed[]) => rows.map((row) => row.id);
function sortBy<T extends Keyed>(rows: T[], field: (row: T) => string, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) =>
    field(a) === field(b) ? sign * (a.id - b.id) : field(a) < field(b) ? -sign : sign,
  );
}

describe('purchaseListPage', () => {
  const cases = SHEET_LIST_TYPES.flatMap((listType) =>
    (['create_time', 'state_change_time'] as const).flatMap((sort) =>
      (['asc', 'desc'] as const).map((direction) => ({ listType, sort, direction })),
    ),
  );
  it.each(cases)(
    '$listType by $sort $direction: the right sheets, in order, through one index range',
    async ({ listType, sort, direction }) => {
      const expected = sortBy(
        sheets.filter((s) => s.company_id === 1 && sheetInList(listType, s.state)),
        (s) => s[sort],
        direction,
      );
      expect(expected.length).toBeGreaterThan(0);
      const { result: first, reads: used } = await readsOf(() =>
        purchaseListPage(db, { companyId: 1, listType, sort, direction, offset: 0, limit: 10 }),
      );
      const second = await purchaseListPage(db, {
        companyId: 1,
        listType,
        sort,
        direction,
        offset: 10,
        limit: 10,
      });
      expect(ids(first.items)).toEqual(ids(expected.slice(0, 10)));
      expect(ids(second.items)).toEqual(ids(expected.slice(10, 20)));
      expect(first.total).toBe(expected.length);
      const index = listType === 'ALL' ? `[company_id+${sort}]` : `[company_id+list_type+${sort}]`;
      expect(used).toEqual([{ table: 'sheets', index, unbounded: false }]);
    },
  );
});

describe('orderListPage', () => {
  it.each(
    ORDER_TABS.flatMap((tab) => [
      { tab, direction: 'desc' as const },
      { tab, direction: 'asc' as const },
    ]),
  )(
    '$tab $direction: overlapping tabs each list their orders, by create time',
    async ({ tab, direction }) => {
      const expected = sortBy(
        orders.filter((o) => o.company_id === 1 && orderInTab(tab, o)),
        (o) => o.create_time,
        direction,
      );
      expect(expected.length).toBeGreaterThan(0);
      const { result, reads: used } = await readsOf(() =>
        orderListPage(db, { companyId: 1, tab, direction, offset: 2, limit: 8 }),
      );
      expect(ids(result.items)).toEqual(ids(expected.slice(2, 10)));
      expect(result.total).toBe(expected.length);
      expect(used).toEqual([{ table: 'orders', index: 'tab_keys', unbounded: false }]);
    },
  );

  it('follows an order into a tab in a live query', async () => {
    const seen: number[][] = [];
    const subscription = liveQuery(() =>
      orderListPage(db, {
        companyId: 1,
        tab: 'CONTRACT_SIGNED',
        direction: 'desc',
        offset: 0,
        limit: 200,
      }),
    ).subscribe((page) => seen.push(ids(page.items)));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    await settle();
    await applyRows(db, 1, 'orders', [order(500, { state: 10, create_time: at(999) })]);
    await settle();
    subscription.unsubscribe();
    expect(seen.at(0)).not.toContain(500);
    expect(seen.at(-1)?.[0]).toBe(500);
  });
});

describe('todoPage', () => {
  const company1 = todos; // every to-do involves company 1 (as sender or recipient)
  const newest = (rows: TodoRow[]) => sortBy(rows, (t) => t.create_time, 'desc');

  it.each([
    {
      name: 'company scope',
      view: { kind: 'company' } as const,
      rows: company1,
      index: '[company_id+create_time]',
    },
    {
      name: 'received and open (UNREAD + READ, merged)',
      view: { kind: 'received', states: ['UNREAD', 'READ'] } as const,
      rows: company1.filter((t) => t.to_company_id === 1 && ['UNREAD', 'READ'].includes(t.state)),
      index: '[company_id+to_company_id+state+create_time]',
    },
    {
      name: 'mine (contact 11)',
      view: { kind: 'mine', contactId: 11 } as const,
      rows: company1.filter(
        (t) =>
          (t.from_company_id === 1 && t.from_contacts_id === 11) ||
          (t.to_company_id === 1 && t.to_contacts_id === 11),
      ),
      index: 'party_keys',
    },
  ])('$name: newest first, total kept', async ({ view, rows, index }) => {
    const expected = newest(rows);
    expect(expected.length).toBeGreaterThan(12);
    const { result, reads: used } = await readsOf(() =>
      todoPage(db, { companyId: 1, view, offset: 4, limit: 8 }),
    );
    expect(ids(result.items)).toEqual(ids(expected.slice(4, 12)));
    expect(result.total).toBe(expected.length);
    expect(used.length).toBeGreaterThan(0);
    for (const read of used) expect(read).toEqual({ table: 'todos', index, unbounded: false });
  });

  it('favourites: delayed and addressed to the company, latest favourited first, unfavourited time last', async () => {
    const favourites = company1.filter((t) => t.state === 'DELAYED' && t.to_company_id === 1);
    const timed = sortBy(
      favourites.filter((t) => t.delay_time !== null),
      (t) => t.delay_time ?? '',
      'desc',
    );
    const untimed = sortBy(
      favourites.filter((t) => t.delay_time === null),
      () => '',
      'desc',
    );
    expect(untimed.length).toBeGreaterThan(0);
    const { result, reads: used } = await readsOf(() =>
      todoPage(db, { companyId: 1, view: { kind: 'favourites' }, offset: 0, limit: 100 }),
    );
    expect(ids(result.items)).toEqual(ids([...timed, ...untimed]));
    expect(result.total).toBe(favourites.length);
    expect(used).toEqual([
      { table: 'todos', index: '[company_id+favourite_time]', unbounded: false },
    ]);
  });
});

describe('messageThread', () => {
  it("lists one record's messages oldest first, as the company sees them", async () => {
    const expected = sortBy(
      todos.filter((t) => t.module === 'ORDER' && t.module_id === 3 && t.type === 'MESSAGE'),
      (t) => t.create_time,
      'asc',
    );
    expect(expected.length).toBeGreaterThan(2);
    const { result, reads: used } = await readsOf(() =>
      messageThread(db, { companyId: 1, module: 'ORDER', moduleId: 3 }),
    );
    expect(ids(result)).toEqual(ids(expected));
    expect(result.every((t) => t.company_id === 1)).toBe(true);
    expect(used).toEqual([
      { table: 'todos', index: '[company_id+thread+create_time]', unbounded: false },
    ]);
  });

  it('includes mails bound to the record when asked', async () => {
    const thread = await messageThread(db, {
      companyId: 1,
      module: 'ORDER',
      moduleId: 3,
      types: ['MESSAGE', 'MAIL'],
    });
    expect(thread.length).toBe(
      todos.filter((t) => t.module === 'ORDER' && t.module_id === 3).length,
    );
  });
});

describe('staffList', () => {
  it.each([
    { statuses: ['IN_SERVICE'], expected: [1, 2] },
    { statuses: ['DEPART'], expected: [3] },
    { statuses: ['IN_SERVICE', 'DEPART'], expected: [1, 2, 3] },
  ])('$statuses → $expected', async ({ statuses, expected }) => {
    const { result, reads: used } = await readsOf(() => staffList(db, { companyId: 1, statuses }));
    expect(ids(result)).toEqual(expected);
    for (const read of used)
      expect(read).toEqual({ table: 'staff', index: '[company_id+status]', unbounded: false });
  });
});
