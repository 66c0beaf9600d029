// Shared set-up of the order, user, search and misc route tests: the real app on a fresh test
// database with this area's routes (registered here until app.ts wires them), a small world of
// two buyer companies and a foreign one, and helpers to call the API as a given account.

import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import type { ServerConfig } from '../../../server/config';
import {
  accounts,
  banks,
  brands,
  companies,
  contacts,
  customsNames,
  hsCodes,
  news,
  orders,
  products,
  sheets,
  syncChanges,
} from '../../../server/db/schema/index';
import { testConfig } from '../../support/app';
import { type DriverName, openTestDatabase, type TestDatabase } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';

export type World = Awaited<ReturnType<typeof seedWorld>>;

export type Harness = {
  app: FastifyInstance;
  db: TestDatabase;
  world: World;
  /** Calls the API as `account` (a key of world.accounts) under `company` (a world company id). */
  call(
    account: keyof World['accounts'] | null,
    options: InjectOptions & { company?: number | null },
  ): Promise<LightMyRequestResponse>;
  insertOrder(values: Partial<typeof orders.$inferInsert>): Promise<number>;
  feed(companyId: number, after?: number): Promise<Array<typeof syncChanges.$inferSelect>>;
  close(): Promise<void>;
};

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('insert returned nothing');
  return row;
}

async function seedWorld(db: TestDatabase['database']['db']) {
  const company = (values: typeof companies.$inferInsert) =>
    one(db.insert(companies).values(values).returning({ id: companies.id })).then((r) => r.id);
  const supplier = await company({
    role: 'SUPPLIER',
    name: '德勤工业品供应链有限公司',
    shortName: '德勤',
  });
  const service = await company({ role: 'SERVICE', name: '客服中心' });
  const a = await company({
    name: '华东机电设备有限公司',
    shortName: '华东机电',
    vip: true,
    permissions: ['PURCHASE_LIST', 'ORDER_LIST'],
  });
  const a2 = await company({
    name: '南方自动化科技有限公司',
    shortName: '南方自动化',
    permissions: ['ORDER_LIST'],
  });
  const b = await company({
    name: '北方重工集团',
    shortName: '北方重工',
    timezone: 'Europe/Berlin',
  });

  const account = (username: string, name: string, mobile: string | null = null) =>
    one(
      db
        .insert(accounts)
        .values({
          username,
          name,
          mobile,
          passwordHash: 'not-used',
          avatarUrl: `/avatars/${username}.png`,
        })
        .returning({ id: accounts.id }),
    ).then((r) => r.id);
  const accountIds = {
    buyer: await account('buyer', '王小明', '13800000001'),
    colleague: await account('colleague', '李静', '13800000002'),
    leaver: await account('leaver', '赵离', '13800000003'),
    bob: await account('bob', '张北', '13900000004'),
    nocompany: await account('nocompany', '无公司', null),
  };
  const contact = (values: typeof contacts.$inferInsert) =>
    one(db.insert(contacts).values(values).returning({ id: contacts.id })).then((r) => r.id);
  const contactIds = {
    buyerA: await contact({
      companyId: a,
      accountId: accountIds.buyer,
      name: '王小明',
      isAdmin: false,
    }),
    colleagueA: await contact({
      companyId: a,
      accountId: accountIds.colleague,
      name: '李静',
      isAdmin: true,
    }),
    leaverA: await contact({
      companyId: a,
      accountId: accountIds.leaver,
      name: '赵离',
      status: 'DEPART',
    }),
    plainA: await contact({ companyId: a, name: '孙无账号' }),
    buyerA2: await contact({
      companyId: a2,
      accountId: accountIds.buyer,
      name: '王小明(南方)',
      isAdmin: true,
    }),
    bobB: await contact({ companyId: b, accountId: accountIds.bob, name: '张北' }),
    salesS: await contact({ companyId: supplier, name: '陈销售' }),
    followerS: await contact({ companyId: supplier, name: '周跟单' }),
  };
  await db
    .update(companies)
    .set({ followerContactId: contactIds.followerS })
    .where(eq(companies.id, a));

  const brand = (values: typeof brands.$inferInsert) =>
    one(db.insert(brands).values(values).returning({ id: brands.id })).then((r) => r.id);
  const brandIds = {
    siemens: await brand({ name: 'Siemens', logoUrl: '/logos/siemens.svg', country: 'DE' }),
    siemensOld: await brand({
      name: 'Siemens AG Old',
      logoUrl: '/logos/s.svg',
      state: 'NONEXISTENT',
    }),
    siemensTools: await brand({ name: 'Tools of Siemens', logoUrl: '/logos/t.svg' }),
    noLogo: await brand({ name: 'Siemens Nologo' }),
    unspecified: await brand({
      name: 'Siemens Unchecked',
      logoUrl: '/logos/u.svg',
      state: 'UNSPECIFIED',
    }),
    abb: await brand({ name: 'ABB', logoUrl: '/logos/abb.svg' }),
    percent: await brand({ name: '100% Tools', logoUrl: '/logos/p.svg' }),
  };
  await db
    .update(brands)
    .set({ correctBrandId: brandIds.siemens })
    .where(eq(brands.id, brandIds.siemensOld));
  const product = (values: typeof products.$inferInsert) =>
    one(db.insert(products).values(values).returning({ id: products.id })).then((r) => r.id);
  const productIds = {
    contactor: await product({
      brandId: brandIds.siemens,
      productType: '3RT2015-1BB41',
      productArticleNo: '3RT20151BB41',
      shortDescription: '接触器',
    }),
    relay: await product({
      brandId: brandIds.siemens,
      productType: '3RH2122-1BB40',
      productArticleNo: '3RH21221BB40',
    }),
    drafted: await product({
      brandId: brandIds.siemens,
      productType: '3RT2016-DRAFT',
      productArticleNo: 'X1',
      auditState: 'DRAFTED',
    }),
    abbRelay: await product({
      brandId: brandIds.abb,
      productType: '3RT-ABB',
      productArticleNo: 'ABB3RT',
      auditState: 'ORDER',
    }),
  };
  await db
    .insert(banks)
    .values([{ name: '中国工商银行' }, { name: '中国银行' }, { name: '招商银行' }]);
  await db.insert(hsCodes).values([
    { code: '8536.4900', country: 'CN', description: '继电器' },
    { code: '8536.5000', country: 'CN', description: '开关' },
    { code: '8536.4900', country: 'DE', description: 'Relais' },
  ]);
  await db.insert(customsNames).values([
    { chineseName: '接触器', name: 'Contactor' },
    { chineseName: '继电器', name: 'Relay' },
  ]);
  await db.insert(news).values([
    {
      title: '旧闻',
      url: 'https://example.com/old',
      publishedAt: new Date('2025-01-01T00:00:00Z'),
    },
    {
      title: 'VIP 会员优惠',
      url: 'https://example.com/vip',
      publishedAt: new Date('2026-02-01T00:00:00Z'),
    },
  ]);
  return {
    companies: { supplier, service, a, a2, b },
    accounts: accountIds,
    contacts: contactIds,
    brands: brandIds,
    products: productIds,
  };
}

let orderNumber = 0;

export async function startHarness(
  driver: DriverName,
  overrides: Partial<ServerConfig> = {},
): Promise<Harness> {
  const db = await openTestDatabase(driver);
  const config = testConfig(overrides);
  const app = await buildApp({ config, database: db.database });
  await app.ready();
  const issuer = `${config.publicUrl}/oidc`;
  const world = await seedWorld(db.database.db);
  const tokens = new Map<number, string>();
  const tokenOf = async (accountId: number) => {
    const cached = tokens.get(accountId);
    if (cached) return cached;
    const token = await accessTokenFor(db.database, issuer, accountId);
    tokens.set(accountId, token);
    return token;
  };
  return {
    app,
    db,
    world,
    async call(account, { company, ...options }) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(options.headers ?? {})) {
        if (typeof value === 'string') headers[name] = value;
      }
      if (account) headers.authorization = `Bearer ${await tokenOf(world.accounts[account])}`;
      const query: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(
        (options.query as Record<string, string | string[]>) ?? {},
      )) {
        query[name] = value;
      }
      const companyId = company === undefined ? world.companies.a : company;
      if (companyId !== null) query.currentCompanyId = String(companyId);
      return app.inject({ ...options, headers, query });
    },
    async insertOrder(values) {
      orderNumber += 1;
      const row = await one(
        db.database.db
          .insert(orders)
          .values({
            companyId: world.companies.a,
            name: `PO2026${String(orderNumber).padStart(6, '0')}`,
            inquiryNo: `XJ2026${String(orderNumber).padStart(6, '0')}`,
            brandId: world.brands.siemens,
            brandName: 'Siemens',
            ownerContactId: world.contacts.buyerA,
            supplierCompanyId: world.companies.supplier,
            taxedAmount: '1000.00',
            unpaidAmount: '1000.00',
            ...values,
          })
          .returning({ id: orders.id }),
      );
      return row.id;
    },
    async feed(companyId, after = 0) {
      return db.database.db
        .select()
        .from(syncChanges)
        .where(and(eq(syncChanges.companyId, companyId), gt(syncChanges.version, after)))
        .orderBy(asc(syncChanges.version));
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** A sheet of company `companyId` (for module resolution and list positions). */
export async function insertSheet(
  harness: Harness,
  values: Partial<typeof sheets.$inferInsert> & { name: string },
): Promise<number> {
  const row = await one(
    harness.db.database.db
      .insert(sheets)
      .values({
        companyId: harness.world.companies.a,
        brandName: 'Siemens',
        supplierCompanyId: harness.world.companies.supplier,
        ownerContactId: harness.world.contacts.buyerA,
        ...values,
      })
      .returning({ id: sheets.id }),
  );
  return row.id;
}
