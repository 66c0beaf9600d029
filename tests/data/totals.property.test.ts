// Property: whatever sequence of pages, puts, updates and deletes reaches the database, the list
// totals kept by the writers equal (1) a count made here from the domain rules over a plain model
// of the rows, and (2) recountTotals over the indexes. Small pools of ids and companies make
// updates, moves between tabs, re-deliveries and deletes of absent rows frequent.
import './rows';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  FeedChange,
  OrderRow,
  SheetRow,
  SyncTable,
  TodoRow,
} from '../../src/contract/feedRows';
import type { PurchasingDb } from '../../src/data/db';
import { columnFromRows, type NumberColumn } from '../../src/data/lists/numberColumn';
import { flatCounts } from '../../src/data/totalParts';
import { recountTotals } from '../../src/data/totals';
import { applyChanges, applyRows, companyRowKeys, deleteRows } from '../../src/data/writes';
import { ORDER_STATE_CODES } from '../../src/domain/orders/orderStates';
import { ORDER_TABS, orderInTab } from '../../src/domain/orders/orderTabs';
import { SHEET_LIST_TYPES, sheetInList } from '../../src/domain/purchase/listTypes';
import { SHEET_STATES } from '../../src/domain/purchase/sheetStates';
import { at, freshDb, order, sheet, todo } from './rows';

const COMPANIES = [1, 2] as const;
const OTHER_COMPANY = 3;
type Counted = 'sheets' | 'orders' | 'todos';

const id = fc.integer({ min: 1, max: 8 });
const minute = fc.integer({ min: 0, max: 5 }); // few distinct times: ties are common
const company = fc.constantFrom(...COMPANIES);

// A renamed number now and then: the number column must follow it.
const renamed = fc.constantFrom(null, 'XJ-RENAMED');

const sheetArb = (companyId: number) =>
  fc
    .record({ id, state: fc.constantFrom(...SHEET_STATES, 'FUTURE_STATE'), minute, name: renamed })
    .map(({ id, state, minute, name }) =>
      sheet(id, {
        company_id: companyId,
        state,
        create_time: at(minute),
        ...(name && { name: `${name}-${id}` }),
      }),
    );

const orderArb = (companyId: number) =>
  fc
    .record({
      id,
      state: fc.constantFrom(...ORDER_STATE_CODES, 999),
      cancelled: fc.boolean(),
      invoice: fc.constantFrom('INVOICE', 'PARTIAL', null),
      minute,
      inquiry: renamed,
      // The dashboard's figures: owner, expected day, amount, currency, brand, month boundaries.
      owner: fc.constantFrom(null, 11, 12),
      due: fc.constantFrom(null, '2025-01-31', '2025-02-01'),
      amount: fc.constantFrom(null, 10, 0.1, 1234.56, 0, -5),
      currency: fc.constantFrom('CNY', 'EUR', null),
      brand: fc.constantFrom('西门子', 'A:B', null),
      created: fc.constantFrom(null, '2024-12-31T15:59:59.000Z', '2024-12-31T16:00:00.000Z'),
    })
    .map((o) =>
      order(o.id, {
        company_id: companyId,
        inquiry_no: o.inquiry && `${o.inquiry}-${o.id}`,
        state: o.state,
        order_base_state: o.cancelled ? 'CANCELLED' : null,
        supplier_node: {
          ...order(o.id).supplier_node,
          invoice_state: o.invoice,
          taxed_amount: o.amount,
          currency: o.currency,
        },
        current_order_node: {
          ...order(o.id).current_order_node,
          contacts_user: o.owner === null ? null : { id: o.owner, name: `员工${o.owner}` },
        },
        forecast_receive_date: o.due,
        brand_name: o.brand,
        brand: null,
        create_time: o.created ?? at(o.minute),
      }),
    );

// A company's feed holds only to-dos it sent or received.
const todoArb = (companyId: number) =>
  fc
    .record({
      id,
      state: fc.constantFrom('UNREAD', 'READ', 'PROCESSED', 'DELAYED', 'ARCHIVED'),
      direction: fc.constantFrom('in', 'out', 'internal'),
      fromContact: fc.constantFrom(10, 11, null),
      toContact: fc.constantFrom(10, 12, null),
      delayed: fc.boolean(),
      minute,
    })
    .map((t) =>
      todo(t.id, {
        state: t.state,
        from_company_id: t.direction === 'in' ? OTHER_COMPANY : companyId,
        to_company_id: t.direction === 'out' ? OTHER_COMPANY : companyId,
        from_contacts_id: t.fromContact,
        to_contacts_id: t.toContact,
        delay_time: t.delayed ? at(50 + t.minute) : null,
        create_time: at(t.minute),
      }),
    );

/** A row with its table, so TypeScript pairs them. */
type Entry =
  | { table: 'sheets'; row: SheetRow }
  | { table: 'orders'; row: OrderRow }
  | { table: 'todos'; row: TodoRow };

type Op =
  | ({ kind: 'put'; companyId: number } & (
      | { table: 'sheets'; rows: SheetRow[] }
      | { table: 'orders'; rows: OrderRow[] }
      | { table: 'todos'; rows: TodoRow[] }
    ))
  | { kind: 'delete'; companyId: number; table: Counted; ids: number[] }
  | { kind: 'page'; companyId: number; changes: FeedChange[] };

const tableArb = fc.constantFrom<Counted>('sheets', 'orders', 'todos');
const changeArb = (companyId: number): fc.Arbitrary<FeedChange> =>
  fc.oneof(
    sheetArb(companyId).map(
      (row): FeedChange => ({ table: 'sheets', op: 'upsert', id: String(row.id), row }),
    ),
    orderArb(companyId).map(
      (row): FeedChange => ({ table: 'orders', op: 'upsert', id: String(row.id), row }),
    ),
    todoArb(companyId).map(
      (row): FeedChange => ({ table: 'todos', op: 'upsert', id: String(row.id), row }),
    ),
    fc
      .record({ table: tableArb, id })
      .map(({ table, id }): FeedChange => ({ table, op: 'delete', id: String(id), row: null })),
  );

const rowsArb = <T>(row: fc.Arbitrary<T>) => fc.array(row, { minLength: 1, maxLength: 4 });

const opArb: fc.Arbitrary<Op> = company.chain((companyId) =>
  fc.oneof(
    rowsArb(sheetArb(companyId)).map(
      (rows): Op => ({ kind: 'put', companyId, table: 'sheets', rows }),
    ),
    rowsArb(orderArb(companyId)).map(
      (rows): Op => ({ kind: 'put', companyId, table: 'orders', rows }),
    ),
    rowsArb(todoArb(companyId)).map(
      (rows): Op => ({ kind: 'put', companyId, table: 'todos', rows }),
    ),
    fc
      .record({ table: tableArb, ids: fc.array(id, { minLength: 1, maxLength: 3 }) })
      .map(({ table, ids }): Op => ({ kind: 'delete', companyId, table, ids })),
    fc
      .array(changeArb(companyId), { minLength: 1, maxLength: 6 })
      .map((changes): Op => ({ kind: 'page', companyId, changes })),
  ),
);

/** `YYYY-MM` in China Standard Time, by the platform's calendar (the code under test adds 8 h). */
const chinaMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
});

/** The rows the database should hold, keyed `table/company/id`, and the totals the rules give. */
class Model {
  readonly rows = new Map<string, Entry & { companyId: number }>();

  private put(companyId: number, entry: Entry): void {
    this.rows.set(`${entry.table}/${companyId}/${entry.row.id}`, { ...entry, companyId });
  }

  private drop(companyId: number, table: SyncTable, rowId: number): void {
    this.rows.delete(`${table}/${companyId}/${rowId}`);
  }

  apply(op: Op): void {
    const c = op.companyId;
    if (op.kind === 'delete') for (const rowId of op.ids) this.drop(c, op.table, rowId);
    if (op.kind === 'put' && op.table === 'sheets')
      for (const row of op.rows) this.put(c, { table: 'sheets', row });
    if (op.kind === 'put' && op.table === 'orders')
      for (const row of op.rows) this.put(c, { table: 'orders', row });
    if (op.kind === 'put' && op.table === 'todos')
      for (const row of op.rows) this.put(c, { table: 'todos', row });
    if (op.kind !== 'page') return;
    for (const change of op.changes) {
      if (change.op === 'delete') this.drop(c, change.table, Number(change.id));
      else if (change.table === 'sheets') this.put(c, { table: 'sheets', row: change.row });
      else if (change.table === 'orders') this.put(c, { table: 'orders', row: change.row });
      else if (change.table === 'todos') this.put(c, { table: 'todos', row: change.row });
    }
  }

  totals(): Record<string, number> {
    const counts: Record<string, number> = {};
    const add = (key: string, amount = 1) => {
      counts[key] = (counts[key] ?? 0) + amount;
    };
    for (const entry of this.rows.values()) {
      const c = entry.companyId;
      if (entry.table === 'sheets') {
        for (const t of SHEET_LIST_TYPES)
          if (sheetInList(t, entry.row.state)) add(`sheets:${c}:${t}`);
      } else if (entry.table === 'orders') {
        const row = entry.row;
        for (const tab of ORDER_TABS) if (orderInTab(tab, row)) add(`orders:${c}:${tab}`);
        const owner = row.current_order_node.contacts_user?.id;
        for (const tab of ['CONTRACT_SIGNED', 'CONTRACT_ENFORCED', 'CARGO_RECEIVING'] as const) {
          if (owner !== undefined && orderInTab(tab, row)) add(`orders:${c}:mine:${owner}#${tab}`);
        }
        const due = row.forecast_receive_date;
        if (due && orderInTab('CARGO_RECEIVING', row))
          add(`orders:${c}:due:${due.slice(0, 7)}#${due}`);
        const amount = row.supplier_node.taxed_amount;
        const cents = typeof amount === 'number' ? Math.round(amount * 100) : 0;
        const currency = row.supplier_node.currency;
        if (!orderInTab('CANCELLED', row) && cents > 0 && currency) {
          const month = chinaMonth.format(new Date(row.create_time));
          const brand = row.brand_name ?? '未指定品牌';
          add(`orders:${c}:spend:${month}#${currency}:${brand}`, cents);
        }
      } else {
        const row = entry.row;
        add(`todos:${c}:ALL`);
        if (row.to_company_id === c) add(`todos:${c}:received:${row.state}`);
        const mine = new Set<number>();
        if (row.from_company_id === c && row.from_contacts_id !== null)
          mine.add(row.from_contacts_id);
        if (row.to_company_id === c && row.to_contacts_id !== null) mine.add(row.to_contacts_id);
        for (const contact of mine) add(`todos:${c}:party:${contact}`);
      }
    }
    return counts;
  }
}

/** A number column as its records per bucket, in any order (the writer appends). */
function columnRecords(columns: Iterable<NumberColumn>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const c of columns) {
    out[`${c.company_id}:${c.kind}:${c.bucket}`] = c.text.split('\n').filter(Boolean).sort();
  }
  return out;
}

async function run(db: PurchasingDb, op: Op): Promise<void> {
  const c = op.companyId;
  if (op.kind === 'delete') await deleteRows(db, c, op.table, op.ids);
  else if (op.kind === 'page') await applyChanges(db, c, op.changes);
  else if (op.table === 'sheets') await applyRows(db, c, 'sheets', op.rows);
  else if (op.table === 'orders') await applyRows(db, c, 'orders', op.rows);
  else await applyRows(db, c, 'todos', op.rows);
}

describe('list totals', () => {
  it('after any sequence of writes equal the rules over the rows, and a recount; the number column equals one rebuilt from the rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        const db = freshDb('totals-prop');
        const model = new Model();
        try {
          for (const op of ops) {
            await run(db, op);
            model.apply(op);
          }
          // Buckets (the dashboard's figures) as their parts: `bucket#part` → count.
          const kept = Object.fromEntries((await db.listTotals.toArray()).flatMap(flatCounts));
          expect(kept).toEqual(model.totals());
          for (const c of COMPANIES) await recountTotals(db, c);
          const recounted = Object.fromEntries((await db.listTotals.toArray()).flatMap(flatCounts));
          expect(recounted).toEqual(kept);
          const rebuilt = [
            ...columnFromRows('sheets', await db.sheets.toArray()).values(),
            ...columnFromRows('orders', await db.orders.toArray()).values(),
          ];
          expect(columnRecords(await db.numberColumns.toArray())).toEqual(columnRecords(rebuilt));
          for (const table of ['sheets', 'orders', 'todos'] as const) {
            for (const c of COMPANIES) {
              const stored = (await companyRowKeys(db, table, c)).length;
              const modelled = [...model.rows.values()].filter(
                (r) => r.table === table && r.companyId === c,
              ).length;
              expect(stored).toBe(modelled);
            }
          }
        } finally {
          await db.delete({ disableAutoOpen: true });
        }
      }),
      { numRuns: 300 },
    );
  });
});
