// Document inputs from the demo data: a fresh test database seeded like the server's demo, the
// rows read with the server's projections (the same rows a buyer's feed syncs).

import { seedDemoData } from '../../../server/demo/seed/demo';
import { loadCompanyRows } from '../../../server/sync/projections/companies';
import { loadOrderRows } from '../../../server/sync/projections/orders';
import { loadSheetRows } from '../../../server/sync/projections/sheets';
import type { CompanyRow, OrderRow, SheetRow } from '../../../src/contract/feedRows';
import type { OrderDocumentInput, SheetDocumentInput } from '../../../src/documents/input';
import { rows } from '../../server/demo/seedHarness';
import { type DriverName, openTestDatabase, type TestDatabase } from '../../support/databases';

export const SEED_NOW = new Date('2026-03-10T12:00:00+08:00');

export interface SeededDocuments {
  db: TestDatabase;
  orders: OrderRow[];
  sheets: SheetRow[];
  companies: Map<number, CompanyRow>;
  orderInput(order: OrderRow): OrderDocumentInput;
  sheetInput(sheet: SheetRow): SheetDocumentInput;
}

export async function seededDocuments(driver: DriverName): Promise<SeededDocuments> {
  const db = await openTestDatabase(driver);
  await seedDemoData(db.database, { seed: 2026, now: SEED_NOW });
  const ids = (await rows(db.database.db, 'select id from orders order by id')).map((r) =>
    Number(r.id),
  );
  const orders = [...(await loadOrderRows(db.database.db, ids)).values()] as unknown as OrderRow[];
  const sheetIds = (await rows(db.database.db, 'select id from sheets order by id')).map((r) =>
    Number(r.id),
  );
  const sheets = [
    ...(await loadSheetRows(db.database.db, sheetIds)).values(),
  ] as unknown as SheetRow[];
  const companyIds = (await rows(db.database.db, 'select id from companies')).map((r) =>
    Number(r.id),
  );
  const companies = (await loadCompanyRows(db.database.db, companyIds)) as unknown as Map<
    number,
    CompanyRow
  >;
  return {
    db,
    orders,
    sheets,
    companies,
    orderInput: (order) => ({
      order,
      partyA: companies.get(order.company_id) ?? null,
      partyB: companies.get(order.supplier_order_node.company_id) ?? null,
      user: { name: order.current_order_node.contacts_user?.name ?? '采购员', mobile: null },
      timeZone: 'Asia/Shanghai',
      now: SEED_NOW.toISOString(),
    }),
    sheetInput: (sheet) => ({
      sheet,
      partyA: companies.get(sheet.company_id) ?? null,
      partyB: companies.get(sheet.supplier_node.company?.id ?? -1) ?? null,
      user: { name: sheet.current_node.contacts_user?.name ?? '采购员', mobile: null },
      timeZone: 'Asia/Shanghai',
      now: SEED_NOW.toISOString(),
    }),
  };
}
