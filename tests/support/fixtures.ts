// A small deterministic data set for route tests, written with plain inserts (no feed entries, no
// services): two buyer companies A (VIP, with rebates) and B, one supplier, staff with and without
// the admin flag, one departed contact, brands and products in every catalogue state, sheets in
// the states the rules care about, and one order. `seedFixtures(db)` returns every id it made.
// Call it once per fresh database (ids come from the identity columns).
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/passwords';
import type { Database, Db } from '../../server/db/database';
import {
  accounts,
  brands,
  companies,
  contacts,
  files,
  orderLines,
  orders,
  products,
  sheetLines,
  sheets,
} from '../../server/db/schema/index';

/** Every fixture account signs in with this password (the embedded provider's login works too). */
export const FIXTURE_PASSWORD = 'Fixture@2026';

export type FixtureIds = Awaited<ReturnType<typeof seedFixtures>>;

type Line = {
  productId?: number | null;
  productType?: string | null;
  productArticleNo?: string | null;
  qty?: number;
  quoteState?: string;
  taxedPriceUnit?: string | null;
  taxedAmount?: string | null;
  validityEndDate?: string | null;
  shipmentPeriod?: number | null;
};

function dbOf(database: Database | Db): Db {
  return 'migrate' in database ? database.db : database;
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('fixture insert returned no row');
  return row;
}

export async function seedFixtures(database: Database | Db) {
  const db = dbOf(database);
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  const id = { id: companies.id };

  const supplier = await one(
    db.insert(companies).values({ role: 'SUPPLIER', name: '上海供应链有限公司' }).returning(id),
  );
  const supplierSales = await one(
    db
      .insert(contacts)
      .values({ companyId: supplier.id, name: '王销售', position: '销售经理' })
      .returning({ id: contacts.id }),
  );
  const buyerA = await one(
    db
      .insert(companies)
      .values({
        name: '甲方机械有限公司',
        vip: true,
        vipStartDate: '2020-01-01',
        vipEndDate: '2099-12-31',
        rebateAmount: '2000.00',
        rebateBalance: '1000.00',
        followerContactId: supplierSales.id,
        permissions: ['purchase', 'order'],
      })
      .returning(id),
  );
  const buyerB = await one(db.insert(companies).values({ name: '乙方电气有限公司' }).returning(id));

  const account = (username: string, name: string) =>
    one(
      db.insert(accounts).values({ username, passwordHash, name }).returning({ id: accounts.id }),
    );
  const accountIds = {
    adminA: (await account('fx_admin_a', '张管理')).id,
    userA: (await account('fx_user_a', '李采购')).id,
    userB: (await account('fx_user_b', '赵采购')).id,
    departedA: (await account('fx_departed_a', '钱离职')).id,
  };
  const contact = (values: typeof contacts.$inferInsert) =>
    one(db.insert(contacts).values(values).returning({ id: contacts.id }));
  const contactIds = {
    adminA: (
      await contact({
        companyId: buyerA.id,
        accountId: accountIds.adminA,
        name: '张管理',
        isAdmin: true,
      })
    ).id,
    userA: (await contact({ companyId: buyerA.id, accountId: accountIds.userA, name: '李采购' }))
      .id,
    departedA: (
      await contact({
        companyId: buyerA.id,
        accountId: accountIds.departedA,
        name: '钱离职',
        status: 'DEPART',
      })
    ).id,
    userB: (await contact({ companyId: buyerB.id, accountId: accountIds.userB, name: '赵采购' }))
      .id,
    supplierSales: supplierSales.id,
  };

  const brand = (values: typeof brands.$inferInsert) =>
    one(db.insert(brands).values(values).returning({ id: brands.id }));
  const brandLogo = await brand({
    name: 'Siemens',
    logoUrl: '/brand-logos/siemens.svg',
    urlPath: '/brands/siemens',
  });
  const brandIds = {
    logo: brandLogo.id,
    wrong: (await brand({ name: 'Siemenz', state: 'NONEXISTENT' })).id,
    replaced: (
      await brand({
        name: 'Siemens AG',
        logoUrl: '/brand-logos/siemens-ag.svg',
        correctBrandId: brandLogo.id,
      })
    ).id,
  };

  const product = (values: Omit<typeof products.$inferInsert, 'brandId'>) =>
    one(
      db
        .insert(products)
        .values({ brandId: brandIds.logo, ...values })
        .returning({ id: products.id }),
    );
  const productIds = {
    normal: (
      await product({
        productType: '6ES7214-1AG40',
        productArticleNo: '6ES72141AG400XB0',
        urlPath: '/products/6es7214',
        tariff: '0.0800',
      })
    ).id,
    ccc: (
      await product({ productType: '3RT2015-1BB41', productArticleNo: '3RT20151BB41', isCcc: true })
    ).id,
    wrong: (
      await product({
        productType: '6ES7-XXXX',
        productArticleNo: 'WRONG001',
        state: 'NONEXISTENT',
      })
    ).id,
  };

  const file = (companyId: number, name: string, contentType: string) =>
    one(
      db
        .insert(files)
        .values({
          companyId,
          objectName: `${companyId}/fixture/${name}`,
          fileName: name,
          contentType,
          size: 4,
          documentType: 'INQUIRY_PRODUCT',
          data: new Uint8Array([1, 2, 3, 4]),
        })
        .returning({ id: files.id, objectName: files.objectName }),
    );
  const fileNames = {
    imageA: (await file(buyerA.id, 'photo.png', 'image/png')).objectName,
    pdfA: (await file(buyerA.id, 'spec.pdf', 'application/pdf')).objectName,
    secondImageA: (await file(buyerA.id, 'label.jpg', 'image/jpeg')).objectName,
    textA: (await file(buyerA.id, 'notes.txt', 'text/plain')).objectName,
    imageB: (await file(buyerB.id, 'photo-b.png', 'image/png')).objectName,
  };

  let serial = 0;
  const sheet = async (
    companyId: number,
    owner: number,
    state: string,
    lines: Line[],
    extra: Partial<typeof sheets.$inferInsert> = {},
  ) => {
    serial += 1;
    const created = `2025-01-${String(serial).padStart(2, '0')}T02:00:00.000Z`;
    const log = extra.stateLog ?? [{ state, time: created }];
    const row = await one(
      db
        .insert(sheets)
        .values({
          companyId,
          name: `XJ202501${String(serial).padStart(2, '0')}${String(serial).padStart(6, '0')}`,
          state,
          stateChangeTime: created,
          stateLog: log,
          brandId: brandIds.logo,
          brandName: 'Siemens',
          ownerContactId: owner,
          supplierCompanyId: supplier.id,
          createTime: created,
          writeTime: created,
          ...extra,
        })
        .returning({ id: sheets.id, name: sheets.name }),
    );
    const lineRows = await db
      .insert(sheetLines)
      .values(lines.map((line, position) => ({ sheetId: row.id, position, qty: 1, ...line })))
      .returning({ id: sheetLines.id });
    return { id: row.id, name: row.name, lines: lineRows.map((l) => l.id) };
  };
  const normalLine: Line = {
    productId: productIds.normal,
    productType: '6ES7214-1AG40',
    productArticleNo: '6ES72141AG400XB0',
    qty: 2,
  };
  const quoted = (unit: string, qty: number, state = 'QUOTED'): Line => ({
    ...normalLine,
    qty,
    quoteState: state,
    taxedPriceUnit: unit,
    taxedAmount: (Number(unit) * qty).toFixed(2),
    validityEndDate: '2030-12-31',
    shipmentPeriod: 14,
  });

  const A = buyerA.id;
  // Created one day apart from 2025-01-01 in this order (the list's default sort is newest first).
  // repliedCccA holds a 3C line; auditingA has VIP figures; cancelledA was INQUIRY_SENT before;
  // signA is in SIGN (no owner change); contractSignedA is linked to the one order.
  const sheetIds = {
    draftA: await sheet(A, contactIds.userA, 'DRAFT', [
      normalLine,
      { productType: 'ABC-123', qty: 3 },
    ]),
    sentA: await sheet(A, contactIds.userA, 'INQUIRY_SENT', [normalLine]),
    repliedA: await sheet(
      A,
      contactIds.userA,
      'INQUIRY_REPLIED',
      [quoted('100.00', 2), quoted('50.50', 4)],
      {
        taxedAmount: '402.00',
      },
    ),
    repliedCccA: await sheet(
      A,
      contactIds.adminA,
      'QUOTATION_SENT',
      [quoted('10.00', 1), { ...quoted('20.00', 1, 'CCC'), productId: productIds.ccc }],
      { taxedAmount: '30.00' },
    ),
    auditingA: await sheet(A, contactIds.userA, 'CONTRACT_AUDITING', [quoted('100.00', 1)], {
      taxedAmount: '100.00',
      vipBalance: '1000.00',
      vipRebate: '5.00',
      vipTaxedAmount: '95.00',
    }),
    cancelledA: await sheet(A, contactIds.userA, 'CANCELLED', [normalLine], {
      cancelReason: '重复询价',
      stateLog: [
        { state: 'INQUIRY_SENT', time: '2025-01-06T02:00:00.000Z' },
        { state: 'CANCELLED', time: '2025-01-06T03:00:00.000Z' },
      ],
    }),
    enforcedA: await sheet(A, contactIds.userA, 'CONTRACT_ENFORCED', [quoted('8.00', 1)], {
      taxedAmount: '8.00',
    }),
    signA: await sheet(A, contactIds.adminA, 'SIGN', [quoted('9.00', 1)], { taxedAmount: '9.00' }),
    contractSignedA: await sheet(A, contactIds.userA, 'CONTRACT_SIGNED', [quoted('12.00', 1)], {
      taxedAmount: '12.00',
    }),
    draftB: await sheet(buyerB.id, contactIds.userB, 'DRAFT', [normalLine]),
  };

  const order = await one(
    db
      .insert(orders)
      .values({
        companyId: A,
        sheetId: sheetIds.contractSignedA.id,
        name: 'PO20250109000001',
        inquiryNo: sheetIds.contractSignedA.name,
        state: 10,
        stateLog: [{ state: 10, time: '2025-01-09T04:00:00.000Z' }],
        brandId: brandIds.logo,
        brandName: 'Siemens',
        ownerContactId: contactIds.userA,
        supplierCompanyId: supplier.id,
        supplierContactId: supplierSales.id,
        taxedAmount: '12.00',
        unpaidAmount: '12.00',
        createTime: '2025-01-09T04:00:00.000Z',
        writeTime: '2025-01-09T04:00:00.000Z',
      })
      .returning({ id: orders.id, name: orders.name }),
  );
  await db.insert(orderLines).values({
    orderId: order.id,
    position: 0,
    productId: productIds.normal,
    productType: '6ES7214-1AG40',
    productArticleNo: '6ES72141AG400XB0',
    qty: 1,
    taxedPriceUnit: '12.00',
    taxedAmount: '12.00',
  });
  await db
    .update(sheets)
    .set({ orderId: order.id })
    .where(eq(sheets.id, sheetIds.contractSignedA.id));

  return {
    companies: { buyerA: A, buyerB: buyerB.id, supplier: supplier.id },
    accounts: accountIds,
    contacts: contactIds,
    brands: brandIds,
    products: productIds,
    files: fileNames,
    sheets: sheetIds,
    orders: { contractSignedA: order },
  };
}
