// The purchase list and order list windows (src/data/lists/sheetListQuery.ts, orderListQuery.ts)
// against a plain reference written from the spec's words: filter the company's rows of the tab,
// sort with nulls last and ties by id, slice; and the export's ids of the whole list. Random queries (fast-check) over one data set with
// colliding values, absent values, unknown states and cancelled orders, each run both ways a
// filter can be answered (matches sorted in memory, or the index walked). A read probe checks
// that no query scans: every read is a bounded range.
import '../rows';
import { liveQuery } from 'dexie';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderRow, SheetRow } from '../../../src/contract/feedRows';
import type { PurchasingDb } from '../../../src/data/db';
import { LIST_KEYS_INDEX } from '../../../src/data/lists/listIndex';
import {
  orderListIds,
  orderListIsDirect,
  orderListWindow,
} from '../../../src/data/lists/orderListQuery';
import {
  sheetListIds,
  sheetListIsDirect,
  sheetListWindow,
} from '../../../src/data/lists/sheetListQuery';
import { applyRows } from '../../../src/data/writes';
import {
  containsText,
  numberMatches,
  orderFilterSet,
  sheetFilterSet,
  withinBounds,
} from '../../../src/domain/list/listFilters';
import { cleanFilters, type Filters, type ListQuery } from '../../../src/domain/list/listQuery';
import {
  ORDER_SORT_KEY_OF_COLUMN,
  orderListSort,
  sheetListSort,
  sheetSortKeys,
} from '../../../src/domain/list/listSort';
import { ORDER_STATE_CODES, ORDER_STATE_NAME } from '../../../src/domain/orders/orderStates';
import { ORDER_TABS, type OrderTab, orderInTab } from '../../../src/domain/orders/orderTabs';
import {
  SHEET_LIST_TYPES,
  type SheetListType,
  sheetInList,
} from '../../../src/domain/purchase/listTypes';
import { SHEET_STATE_GROUP, SHEET_STATES } from '../../../src/domain/purchase/sheetStates';
import { probeReads, type Read } from '../probe';
import { at, freshDb, order, sheet } from '../rows';

const TZ = 'Asia/Shanghai';

// ——— the data: deterministic, small pools so values collide ———

let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const BRANDS = ['西门子', 'Siemens', 'ABB', 'Festo 费斯托', null, ''] as const;
const OWNERS = [
  { id: 7, name: '张三' },
  { id: 8, name: '李四' },
  { id: 9, name: '张三' },
  null,
] as const;
const AMOUNTS = [null, 10, 10, 99.5, 1000] as const;
const INVOICE = [null, 'INVOICE', 'NO_INVOICE', 'PARTIAL'] as const;
const INBOUND = [null, 'NO_RECEIPT', 'RECEIPTED', 'PARTIAL_RECEIPT'] as const;
const DATES = [null, '2025-02-01', '2025-02-03'] as const;

const brandRef = {
  id: 3,
  name: '',
  url_path: null,
  is_published: true,
  logo_file: null,
  state: 'EXIST',
  comment: null,
  correct_brand: null,
};

const sheets: SheetRow[] = [];
const orders: OrderRow[] = [];
for (let id = 1; id <= 260; id++) {
  const ordered = random() < 0.4;
  const code = pick(ORDER_STATE_CODES);
  const state = ordered
    ? ORDER_STATE_NAME[code]
    : random() < 0.05
      ? 'FROM_A_NEWER_SERVER'
      : pick(SHEET_STATES);
  const brand = pick(BRANDS);
  const row = sheet(id, {
    name: random() < 0.05 ? '' : `XJ2025010${id % 3}${String(id).padStart(6, '0')}`,
    state,
    brand_name: brand,
    brand: random() < 0.3 ? { ...brandRef, name: 'Pilz 皮尔磁' } : null,
    current_node: { company_id: 1, contacts_user: pick(OWNERS) },
    supplier_node: { ...sheet(1).supplier_node, taxed_amount: pick(AMOUNTS) },
    create_time: at(Math.floor(random() * 2000)),
    state_change_time: at(Math.floor(random() * 40)),
  });
  if (ordered) {
    const orderId = 5000 + id;
    row.order = { id: orderId, name: `PO${orderId}` };
    orders.push(orderOf(orderId, code, id, row.name));
  }
  sheets.push(row);
}
// Orders without a sheet, some in a state this client does not know.
for (let id = 1; id <= 60; id++) {
  orders.push(orderOf(id, random() < 0.1 ? 999 : pick(ORDER_STATE_CODES), null, null));
}

function orderOf(id: number, state: number, sheetId: number | null, inquiry: string | null) {
  return order(id, {
    sheet_id: sheetId,
    inquiry_no: inquiry,
    state,
    order_base_state: state === -20 || random() < 0.05 ? 'CANCELLED' : null,
    brand_name: pick(BRANDS),
    forecast_receive_date: pick(DATES),
    sign_time: random() < 0.5 ? null : at(Math.floor(random() * 30)),
    supplier_node: {
      inbound_state: pick(INBOUND),
      invoice_state: pick(INVOICE),
      taxed_amount: pick(AMOUNTS),
      currency: 'CNY',
    },
    create_time: at(Math.floor(random() * 2000)),
    state_change_time: at(Math.floor(random() * 40)),
    write_time: at(Math.floor(random() * 40)),
  });
}

// ——— the reference ———

type Value = string | number | readonly (string | number)[] | null;

function compareValues(a: Value, b: Value): number {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i] ?? null, b[i] ?? null);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  return a === b ? 0 : (a as string | number) < (b as string | number) ? -1 : 1;
}

function sortRows<T extends { id: number }>(
  rows: T[],
  value: (row: T) => Value,
  direction: 'asc' | 'desc',
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const [a, b] = [value(x), value(y)];
    if (a === null || b === null) return a === b ? sign * (x.id - y.id) : a === null ? 1 : -1;
    return sign * compareValues(a, b) || sign * (x.id - y.id);
  });
}

const text = (value: string | null | undefined) => (value ? value : null);
const orderById = new Map(orders.map((o) => [o.id, o]));
const orderOfSheet = (s: SheetRow) => (s.order ? orderById.get(s.order.id) : undefined);

function expectedSheets(listType: SheetListType, query: ListQuery): number[] {
  const filters = sheetFilterSet(query.filters, listType, TZ);
  const sort = sheetListSort(query, listType);
  const brandOf = (s: SheetRow) => text(s.brand_name) ?? text(s.brand?.name);
  const rows = sheets.filter((s) => {
    const o = orderOfSheet(s);
    const group = (SHEET_STATE_GROUP as Record<string, string>)[s.state];
    return (
      sheetInList(listType, s.state) &&
      (!filters.name || numberMatches(s.name, filters.name)) &&
      (!filters.brandName || containsText(brandOf(s), filters.brandName)) &&
      (!filters.owners || filters.owners.includes(s.current_node.contacts_user?.id ?? -1)) &&
      (!filters.stateGroups ||
        (group !== undefined && filters.stateGroups.some((g) => g === group))) &&
      (!filters.created || withinBounds(s.create_time, filters.created)) &&
      (!filters.invoiceStates ||
        filters.invoiceStates.includes(o?.supplier_node.invoice_state ?? '')) &&
      (!filters.outboundStates ||
        filters.outboundStates.includes(o?.supplier_node.inbound_state ?? ''))
    );
  });
  const value = (s: SheetRow): Value => {
    const o = orderOfSheet(s);
    switch (sort.key) {
      case 'name':
        return text(s.name);
      case 'brand':
        return brandOf(s);
      case 'owner': {
        const owner = s.current_node.contacts_user;
        return owner ? [owner.name, owner.id] : null;
      }
      case 'taxed_amount':
        return s.supplier_node.taxed_amount;
      case 'state':
        return [SHEET_STATES.some((k) => k === s.state) ? s.state : '~', s.create_time];
      case 'state_change_time':
        return s.state_change_time;
      case 'create_time':
        return s.create_time;
      case 'forecast_receive_date':
        return text(o?.forecast_receive_date);
      case 'payment_state':
        return text(o?.supplier_node.inbound_state);
      case 'invoice_state':
        return text(o?.supplier_node.invoice_state);
      case 'sign_time':
        return text(o?.sign_time);
    }
  };
  return sortRows(rows, value, sort.direction).map((s) => s.id);
}

function expectedOrders(tab: OrderTab, query: ListQuery): number[] {
  const filters = orderFilterSet(query.filters, TZ);
  const sort = orderListSort(query);
  const brandOf = (o: OrderRow) => text(o.brand_name) ?? text(o.brand?.name);
  const rows = orders.filter(
    (o) =>
      orderInTab(tab, o) &&
      (!filters.name ||
        numberMatches(o.name, filters.name) ||
        numberMatches(o.inquiry_no, filters.name)) &&
      (!filters.brandName || containsText(brandOf(o), filters.brandName)) &&
      (!filters.states || filters.states.some((code) => code === o.state)) &&
      (!filters.created || withinBounds(o.create_time, filters.created)),
  );
  const value = (o: OrderRow): Value => {
    switch (sort.key) {
      case 'brand':
        return brandOf(o);
      case 'name':
        return o.name;
      case 'state_change_time':
        return o.state_change_time;
      case 'supplier_taxed_amount':
        return o.supplier_node.taxed_amount;
      case 'create_time':
        return o.create_time;
      case 'write_time':
        return o.write_time;
    }
  };
  return sortRows(rows, value, sort.direction).map((o) => o.id);
}

// ——— the runs ———

let db: PurchasingDb;
let reads: Read[];
beforeAll(async () => {
  db = freshDb('lists');
  reads = probeReads(db);
  await db.open();
  await applyRows(db, 1, 'sheets', sheets);
  await applyRows(db, 1, 'orders', orders);
  // Another company's rows, which no list of company 1 may show.
  await applyRows(
    db,
    2,
    'sheets',
    sheets.slice(0, 40).map((s) => ({ ...s, company_id: 2 })),
  );
  await applyRows(
    db,
    2,
    'orders',
    orders.slice(0, 40).map((o) => ({ ...o, company_id: 2 })),
  );
});
afterAll(async () => {
  await db.delete({ disableAutoOpen: true });
});

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const dateRange = fc
  .tuple(
    fc.constantFrom(null, '2025-01-01', '2025-01-02'),
    fc.constantFrom(null, '2025-01-01', '2025-01-02', '2025-01-03T05:00:00Z'),
  )
  .map(([from, to]) => [from, to]);

const sheetFilters: fc.Arbitrary<Filters> = fc
  .record({
    name: optional(
      fc.constantFrom('xj', 'XJ2025010', '0001', '7', '00001', 'none', '50102', 'J20', '0', '1'),
    ),
    brand_name: optional(fc.constantFrom('西门', 'siemens', 'pilz', 'e')),
    owner: optional(fc.constantFrom(7, [8, 9], '9')),
    state_group: optional(fc.constantFrom(['DRAFT', 'SIGNED'], 'AWAITING_RECEIPT', ['CANCELLED'])),
    create_time: optional(dateRange),
    supplier_invoice_state: optional(fc.constantFrom('INVOICE', ['NO_INVOICE', 'PARTIAL'])),
    supplier_outbound_state: optional(fc.constantFrom('RECEIPTED', ['NO_RECEIPT'])),
  })
  .map((filters) => cleanFilters(filters));

const orderFilters: fc.Arbitrary<Filters> = fc
  .record({
    name: optional(
      fc.constantFrom('po', 'PO2025', '5001', 'xj2025', '1', 'nothing', '0102', 'O50', '00', 'x'),
    ),
    brand_name: optional(fc.constantFrom('西门', 'abb', 'e')),
    state: optional(fc.constantFrom([20, 30], [90], ['50', 'SIGNED'], [-10])),
    create_time: optional(dateRange),
  })
  .map((filters) => cleanFilters(filters));

const window = fc.record({
  offset: fc.integer({ min: 0, max: 120 }),
  limit: fc.integer({ min: 1, max: 60 }),
});
const direction = fc.constantFrom<'ASC' | 'DESC' | undefined>('ASC', 'DESC', undefined);
/** Both strategies of a filter: matches sorted in memory, or the index walked. */
const strategy = fc.constantFrom(0, 1000);

function noScans(used: Read[]): void {
  expect(used.filter((read) => read.unbounded)).toEqual([]);
}

/** A list's address with the generated sort (each part may be absent). */
function queryOf(
  base: Pick<ListQuery, 'filters' | 'sheetType' | 'orderType'>,
  filterKey: string | undefined,
  filterSort: 'ASC' | 'DESC' | undefined,
): ListQuery {
  return {
    ...base,
    pageNum: 1,
    pageSize: 50,
    ...(filterKey && { filterKey }),
    ...(filterSort && { filterSort }),
  };
}

/** A window request of company 1 (the list type or tab is added by the caller). */
const request = (
  query: ListQuery,
  w: { offset: number; limit: number },
  inMemoryMatches: number,
) => ({ companyId: 1, query, timeZone: TZ, offset: w.offset, limit: w.limit, inMemoryMatches });

/**
 * Reads one window and checks it against the reference's ids: same total and rows, no scan; a
 * list said to be read directly (`direct`) reads no entry of the lists' own index.
 */
async function expectWindow<R>(
  read: () => Promise<{ rows: R[]; total: number }>,
  expected: number[],
  w: { offset: number; limit: number; direct: boolean },
  idOf: (row: R) => number,
): Promise<R[]> {
  const start = reads.length;
  const result = await read();
  const used = reads.slice(start);
  noScans(used);
  if (w.direct) expect(used.filter((r) => r.index === LIST_KEYS_INDEX)).toEqual([]);
  expect(result.total).toBe(expected.length);
  expect(result.rows.map(idOf)).toEqual(expected.slice(w.offset, w.offset + w.limit));
  return result.rows;
}

describe('sheetListWindow', () => {
  it('shows the tab rows the reference shows, in its order, without scanning', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SHEET_LIST_TYPES).chain((listType) =>
          fc.record({
            listType: fc.constant(listType),
            filterKey: optional(fc.constantFrom(...sheetSortKeys(listType), 'state')),
            filterSort: direction,
            filters: fc.oneof(fc.constant({}), sheetFilters),
            window,
            inMemoryMatches: strategy,
          }),
        ),
        async ({ listType, filterKey, filterSort, filters, window: w, inMemoryMatches }) => {
          const query = queryOf({ filters, sheetType: listType }, filterKey, filterSort);
          const rows = await expectWindow(
            () => sheetListWindow(db, { ...request(query, w, inMemoryMatches), listType }),
            expectedSheets(listType, query),
            { ...w, direct: sheetListIsDirect(query, listType, TZ) },
            (row) => row.sheet.id,
          );
          // The export's ids: the whole list in the same order, whatever the window.
          expect(
            await sheetListIds(db, { ...request(query, w, inMemoryMatches), listType }),
          ).toEqual(expectedSheets(listType, query));
          for (const { sheet: s, order: o } of rows) {
            expect(o?.id ?? null).toBe(
              listType === 'OUTBOUND_PAYING' ||
                listType === 'CARGO_RECEIVING' ||
                listType === 'SIGNED'
                ? (s.order?.id ?? null)
                : null,
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('orderListWindow', () => {
  it('shows the tab rows the reference shows, in its order, without scanning', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          tab: fc.constantFrom(...ORDER_TABS),
          filterKey: optional(fc.constantFrom(...Object.values(ORDER_SORT_KEY_OF_COLUMN))),
          filterSort: direction,
          filters: fc.oneof(fc.constant({}), orderFilters),
          window,
          inMemoryMatches: strategy,
        }),
        async ({ tab, filterKey, filterSort, filters, window: w, inMemoryMatches }) => {
          const query = queryOf({ filters, orderType: tab }, filterKey, filterSort);
          await expectWindow(
            () => orderListWindow(db, { ...request(query, w, inMemoryMatches), tab }),
            expectedOrders(tab, query),
            { ...w, direct: orderListIsDirect(query, TZ) },
            (order) => order.id,
          );
          expect(await orderListIds(db, { ...request(query, w, inMemoryMatches), tab })).toEqual(
            expectedOrders(tab, query),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a list with filters the index serves', () => {
  it('reads the index keys of its matches and only the rows on screen', async () => {
    const query: ListQuery = {
      filters: { owner: 8, brand_name: '西门' },
      filterKey: 'owner',
      pageNum: 1,
      pageSize: 50,
    };
    const start = reads.length;
    const result = await sheetListWindow(db, {
      companyId: 1,
      listType: 'ALL',
      query,
      timeZone: TZ,
      offset: 0,
      limit: 5,
      inMemoryMatches: 0,
    });
    const used = reads.slice(start);
    expect(result.rows.length).toBeGreaterThan(0);
    // Rows are fetched by key (not a query); every ranged read is on the list index.
    expect(new Set(used.map((r) => `${r.table}:${r.index}`))).toEqual(
      new Set(['sheets:list_keys']),
    );
    noScans(used);
  });
});

describe('as a live query', () => {
  it('shows a change to a row of a filtered list sorted by another column', async () => {
    const seen: number[][] = [];
    const query: ListQuery = {
      filters: { owner: 8 },
      filterKey: 'brand',
      filterSort: 'ASC',
      pageNum: 1,
      pageSize: 50,
    };
    const subscription = liveQuery(() =>
      sheetListWindow(db, {
        companyId: 1,
        listType: 'ALL',
        query,
        timeZone: TZ,
        offset: 0,
        limit: 5,
        inMemoryMatches: 0,
      }),
    ).subscribe((page) => seen.push(page.rows.map((row) => row.sheet.id)));
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const moved = sheets.find((s) => s.current_node.contacts_user?.id !== 8);
    if (!moved) throw new Error('no sheet of another owner');
    expect(seen.at(0)).not.toContain(moved.id);
    await applyRows(db, 1, 'sheets', [
      {
        ...moved,
        brand_name: 'AAA',
        current_node: { company_id: 1, contacts_user: { id: 8, name: '李四' } },
      },
    ]);
    try {
      await vi.waitFor(() => expect(seen.at(-1)?.[0]).toBe(moved.id));
    } finally {
      subscription.unsubscribe();
      await applyRows(db, 1, 'sheets', [moved]);
    }
  });
});
