// Fresh server data for each property run, so runs stay independent and a first pull stays tiny:
// a buyer company with its user (the device's), an admin colleague (the "someone else" whose
// changes meet ours), another colleague, a departed employee, two draft sheets, an order and two
// unread messages to the user. Made in batches of multi-row inserts (one by one they would cost
// more than a run) and published through the server's own feed writer.
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';
import {
  accounts,
  companies,
  contacts,
  orders,
  sheetLines,
  sheets,
  todos,
} from '../../../server/db/schema/index';
import { loadOrderRows } from '../../../server/sync/projections/orders';
import { loadSheetRows } from '../../../server/sync/projections/sheets';
import { loadStaffRows } from '../../../server/sync/projections/staff';
import { loadTodoRows } from '../../../server/sync/projections/todos';
import { write } from '../../../server/sync/write';
import type { FeedRowOf } from '../../../src/contract/feedRows';
import type { TestServer } from '../../support/app';
import type { FixtureIds } from '../../support/fixtures';
import { accessTokenFor } from '../../support/tokens';

export interface Staff {
  id: number;
  name: string;
}

export interface Tenant {
  companyId: number;
  userAccount: number;
  adminAccount: number;
  staff: { user: Staff; admin: Staff; colleague: Staff; departed: Staff };
  sheets: [number, number];
  order: number;
  /** Messages from the supplier to the user, unread. */
  todos: [number, number];
  /** The supplier company every sheet names (a message recipient). */
  supplierId: number;
  /** A catalogue brand for new sheets. */
  brandId: number;
  /** A sheet of another company: a message to its thread is refused. */
  foreignSheet: number;
}

const BATCH = 40;
const NAMES = { user: '李采购', admin: '张管理', colleague: '王同事', departed: '钱离职' } as const;

let serial = 0;

function byPosition<T>(rows: T[], count: number, per: number): T[][] {
  return Array.from({ length: count }, (_, i) => rows.slice(i * per, (i + 1) * per));
}

function at<T>(rows: readonly T[], index: number): T {
  const row = rows[index];
  if (row === undefined) throw new Error(`tenant batch: no row ${index}`);
  return row;
}

/** Inserts `count` tenants with a few multi-row statements, then publishes their rows. */
export async function createTenants(db: Db, fx: FixtureIds, count: number): Promise<Tenant[]> {
  const run = Array.from({ length: count }, () => {
    serial += 1;
    return serial;
  });
  const accountRows = await db
    .insert(accounts)
    .values(
      run.flatMap((n) => [
        { username: `prop_user_${n}`, passwordHash: 'unused', name: NAMES.user },
        { username: `prop_admin_${n}`, passwordHash: 'unused', name: NAMES.admin },
      ]),
    )
    .returning({ id: accounts.id });
  const companyRows = await db
    .insert(companies)
    .values(run.map((n) => ({ name: `属性测试公司${n}`, permissions: ['purchase', 'order'] })))
    .returning({ id: companies.id });
  const staffRows = await db
    .insert(contacts)
    .values(
      run.flatMap((_, i) => {
        const companyId = at(companyRows, i).id;
        return [
          { companyId, accountId: at(accountRows, 2 * i).id, name: NAMES.user },
          { companyId, accountId: at(accountRows, 2 * i + 1).id, name: NAMES.admin, isAdmin: true },
          { companyId, name: NAMES.colleague },
          { companyId, name: NAMES.departed, status: 'DEPART' as const },
        ];
      }),
    )
    .returning({ id: contacts.id });
  const staffOf = byPosition(staffRows, count, 4);
  const sheetRows = await db
    .insert(sheets)
    .values(
      run.flatMap((n, i) =>
        [0, 1].map((k) => ({
          companyId: at(companyRows, i).id,
          name: `XJ2099${String(n).padStart(6, '0')}${k}`,
          state: 'DRAFT',
          stateLog: [{ state: 'DRAFT', time: '2025-01-01T02:00:00.000Z' }],
          brandId: fx.brands.logo,
          brandName: 'Siemens',
          ownerContactId: at(at(staffOf, i), 0).id,
          supplierCompanyId: fx.companies.supplier,
          remark: null,
        })),
      ),
    )
    .returning({ id: sheets.id });
  await db.insert(sheetLines).values(
    sheetRows.map((sheet) => ({
      sheetId: sheet.id,
      position: 0,
      productId: fx.products.normal,
      productType: '6ES7214-1AG40',
      productArticleNo: '6ES72141AG400XB0',
      qty: 2,
    })),
  );
  const orderRows = await db
    .insert(orders)
    .values(
      run.map((n, i) => ({
        companyId: at(companyRows, i).id,
        name: `PO2099${String(n).padStart(8, '0')}`,
        state: 10,
        stateLog: [{ state: 10, time: '2025-01-09T04:00:00.000Z' }],
        brandId: fx.brands.logo,
        brandName: 'Siemens',
        ownerContactId: at(at(staffOf, i), 0).id,
        supplierCompanyId: fx.companies.supplier,
        supplierContactId: fx.contacts.supplierSales,
        taxedAmount: '12.00',
        unpaidAmount: '12.00',
      })),
    )
    .returning({ id: orders.id });
  const todoRows = await db
    .insert(todos)
    .values(
      run.flatMap((_, i) =>
        [0, 1].map((k) => ({
          subject: `供应商消息 ${k}`,
          module: 'INQUERY_QUOTATION_SHEET',
          moduleId: at(sheetRows, 2 * i).id,
          moduleNumber: null,
          fromCompanyId: fx.companies.supplier,
          fromContactsId: fx.contacts.supplierSales,
          toCompanyId: at(companyRows, i).id,
          toContactsId: at(at(staffOf, i), 0).id,
        })),
      ),
    )
    .returning({ id: todos.id });

  const tenants = run.map((_, i): Tenant => {
    const staff = at(staffOf, i);
    const member = (k: number, name: string): Staff => ({ id: at(staff, k).id, name });
    return {
      companyId: at(companyRows, i).id,
      userAccount: at(accountRows, 2 * i).id,
      adminAccount: at(accountRows, 2 * i + 1).id,
      staff: {
        user: member(0, NAMES.user),
        admin: member(1, NAMES.admin),
        colleague: member(2, NAMES.colleague),
        departed: member(3, NAMES.departed),
      },
      sheets: [at(sheetRows, 2 * i).id, at(sheetRows, 2 * i + 1).id],
      order: at(orderRows, i).id,
      todos: [at(todoRows, 2 * i).id, at(todoRows, 2 * i + 1).id],
      supplierId: fx.companies.supplier,
      brandId: fx.brands.logo,
      foreignSheet: fx.sheets.draftB.id,
    };
  });
  await publish(db, tenants);
  return tenants;
}

/** The tenants' rows enter their companies' feeds, as a real change would put them there. */
async function publish(db: Db, tenants: Tenant[]): Promise<void> {
  type Table = 'sheets' | 'orders' | 'todos' | 'staff';
  const companyOf = new Map<string, number>();
  const ids: Record<Table, number[]> = { sheets: [], orders: [], todos: [], staff: [] };
  const add = (table: Table, id: number, companyId: number) => {
    ids[table].push(id);
    companyOf.set(`${table}:${id}`, companyId);
  };
  for (const t of tenants) {
    for (const id of t.sheets) add('sheets', id, t.companyId);
    add('orders', t.order, t.companyId);
    for (const id of t.todos) add('todos', id, t.companyId);
    for (const s of Object.values(t.staff)) add('staff', s.id, t.companyId);
  }
  await write(db, async (tx, changes) => {
    const put = <T extends Table>(table: T, rows: Map<number, FeedRowOf[T]>) => {
      for (const row of rows.values()) {
        changes.upsert(table, row, [companyOf.get(`${table}:${row.id}`) ?? 0]);
      }
    };
    put('sheets', await loadSheetRows(tx, ids.sheets));
    put('orders', await loadOrderRows(tx, ids.orders));
    put('todos', await loadTodoRows(tx, ids.todos));
    put('staff', await loadStaffRows(tx, ids.staff));
  });
}

/** Hands out fresh tenants, creating them a batch at a time. */
export class TenantPool {
  private ready: Tenant[] = [];

  constructor(
    private readonly server: TestServer,
    private readonly fx: FixtureIds,
  ) {}

  async take(): Promise<Tenant> {
    if (this.ready.length === 0) {
      this.ready = await createTenants(this.server.db.database.db, this.fx, BATCH);
    }
    const tenant = this.ready.shift();
    if (!tenant) throw new Error('no tenant made');
    return tenant;
  }

  token(accountId: number): Promise<string> {
    return accessTokenFor(this.server.db.database, this.server.issuer, accountId);
  }
}

export type CompanyView = Awaited<ReturnType<typeof companyView>>;

/** The server's rows of the company's sheets, orders and to-dos, as the feed projects them. */
export async function companyView(db: Db, companyId: number) {
  const sheetIds = await db
    .select({ id: sheets.id })
    .from(sheets)
    .where(eq(sheets.companyId, companyId));
  const orderIds = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.companyId, companyId));
  const todoIds = await db
    .select({ id: todos.id })
    .from(todos)
    .where(or(eq(todos.fromCompanyId, companyId), eq(todos.toCompanyId, companyId)));
  return {
    companyId,
    sheets: await loadSheetRows(
      db,
      sheetIds.map((r) => r.id),
    ),
    orders: await loadOrderRows(
      db,
      orderIds.map((r) => r.id),
    ),
    todos: await loadTodoRows(
      db,
      todoIds.map((r) => r.id),
    ),
  };
}

/** The remarks of the company's sheets and the subjects of its messages: where markers show. */
export function markedTexts(view: CompanyView): string[] {
  const texts = [...view.sheets.values()].map((row) => row.remark);
  for (const row of view.todos.values()) {
    if (row.from_company_id === view.companyId) texts.push(row.subject);
  }
  return texts.filter((text): text is string => typeof text === 'string');
}
