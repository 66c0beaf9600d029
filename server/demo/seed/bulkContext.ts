// What the bulk generator (and the simulator) needs to know about a database before writing to
// it: the buyer company to fill, its in-service staff, the supplier and its sales contact, a
// customer-service contact, and the catalogue as orderable brands with their products.

import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { brands, companies, contacts, products } from '../../db/schema/index';
import type { VipCompany } from '../../purchasing/sheetVip';
import type { CatalogBrand, Parties, Person } from './documents';
import { listPrice } from './products';

export type SeedContext = {
  company: { id: number; name: string };
  parties: Parties;
  owners: Person[];
  /** A customer-service company's contact (notices signed 客服); null when there is none. */
  service: { companyId: number; contact: Person } | null;
  catalog: CatalogBrand[];
};

export class SeedContextError extends Error {}

async function firstCompany(db: Db, role: 'BUYER' | 'SUPPLIER' | 'SERVICE') {
  const [row] = await db
    .select()
    .from(companies)
    .where(eq(companies.role, role))
    .orderBy(asc(companies.id))
    .limit(1);
  return row ?? null;
}

async function inService(db: Db, companyId: number): Promise<Person[]> {
  return db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.status, 'IN_SERVICE')))
    .orderBy(asc(contacts.id));
}

/** The catalogue buyers order from: published brands in state EXIST with their EXIST products. */
export async function loadCatalog(db: Db): Promise<CatalogBrand[]> {
  const brandRows = await db
    .select()
    .from(brands)
    .where(and(eq(brands.state, 'EXIST'), isNull(brands.correctBrandId), isNotNull(brands.logoUrl)))
    .orderBy(asc(brands.id));
  if (brandRows.length === 0) return [];
  const productRows = await db
    .select()
    .from(products)
    .where(
      and(
        inArray(
          products.brandId,
          brandRows.map((b) => b.id),
        ),
        eq(products.state, 'EXIST'),
        isNull(products.correctProductId),
      ),
    )
    .orderBy(asc(products.id));
  return brandRows
    .map((brand) => ({
      id: brand.id,
      name: brand.name,
      products: productRows
        .filter((p) => p.brandId === brand.id)
        .map((p) => ({
          id: p.id,
          model: p.productType,
          articleNo: p.productArticleNo,
          description: p.shortDescription,
          isCcc: p.isCcc,
          urlPath: p.urlPath,
          tariff: p.tariff,
          price: listPrice(p.productArticleNo),
        })),
    }))
    .filter((brand) => brand.products.length > 0);
}

/** Reads the context for filling `companyId` (default: the first buyer company). */
export async function loadSeedContext(db: Db, companyId?: number): Promise<SeedContext> {
  const company = companyId
    ? ((await db.select().from(companies).where(eq(companies.id, companyId)).limit(1))[0] ?? null)
    : await firstCompany(db, 'BUYER');
  if (!company) {
    throw new SeedContextError(
      companyId ? `Company ${companyId} does not exist.` : 'The database has no buyer company.',
    );
  }
  const supplier = await firstCompany(db, 'SUPPLIER');
  if (!supplier) throw new SeedContextError('The database has no supplier company.');
  const owners = await inService(db, company.id);
  if (owners.length === 0)
    throw new SeedContextError(`Company ${company.id} has no staff in service.`);
  const supplierStaff = await inService(db, supplier.id);
  const follower = supplierStaff.find((s) => s.id === company.followerContactId);
  const salesContact = follower ?? supplierStaff[0];
  if (!salesContact) throw new SeedContextError('The supplier company has no staff in service.');
  const serviceCompany = await firstCompany(db, 'SERVICE');
  const serviceContact = serviceCompany ? (await inService(db, serviceCompany.id))[0] : undefined;
  const catalog = await loadCatalog(db);
  if (catalog.length === 0)
    throw new SeedContextError('The catalogue has no brands with products.');
  const vip: VipCompany | null = company.vip
    ? {
        vip: true,
        vipStartDate: company.vipStartDate,
        vipEndDate: company.vipEndDate,
        rebateBalance: company.rebateBalance,
      }
    : null;
  return {
    company: { id: company.id, name: company.name },
    parties: { companyId: company.id, supplierCompanyId: supplier.id, salesContact, vip },
    owners,
    service:
      serviceCompany && serviceContact
        ? { companyId: serviceCompany.id, contact: serviceContact }
        : null,
    catalog,
  };
}
