// A company as its own clients and its buyers' clients see it (settings-messaging-shared §3
// "Company"): its own feed gets the whole row, a buyer gets the party view (the supplier is party
// B on the buyer's documents). Every writer of company rows publishes through publishCompanyRow,
// and a supplier enters a buyer's feed with its first order (shareCompanyWith).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CompanyAddress, CompanyInvoice, CompanyRow } from '../../../src/contract/feedRows';
import type { Reader, Tx } from '../../db/database';
import {
  companies,
  companyAddresses,
  companyInvoices,
  orders,
  syncChanges,
} from '../../db/schema/index';
import type { ChangeSet } from '../changeSet';
import { loadCompanies, loadContacts, unique } from './shared';

export async function loadCompanyRows(db: Reader, ids: number[]): Promise<Map<number, CompanyRow>> {
  const result = new Map<number, CompanyRow>();
  const companyMap = await loadCompanies(db, unique(ids));
  const companyIds = [...companyMap.keys()];
  if (companyIds.length === 0) return result;
  const invoices = new Map(
    (
      await db.select().from(companyInvoices).where(inArray(companyInvoices.companyId, companyIds))
    ).map((row) => [row.companyId, row]),
  );
  const addresses = new Map(
    (
      await db
        .select()
        .from(companyAddresses)
        .where(inArray(companyAddresses.companyId, companyIds))
    )
      .filter((row) => row.addressType === 'DEFAULT_SHIPPING_GOODS_ADDRESS')
      .map((row) => [row.companyId, row]),
  );
  const followers = await loadContacts(
    db,
    unique([...companyMap.values()].map((c) => c.followerContactId)),
  );
  for (const company of companyMap.values()) {
    const invoice = invoices.get(company.id);
    const address = addresses.get(company.id);
    const follower = company.followerContactId
      ? followers.get(company.followerContactId)
      : undefined;
    result.set(company.id, {
      id: company.id,
      name: company.name,
      short_name: company.shortName,
      type: company.type,
      level: company.level,
      logo: company.logoUrl ? { url: company.logoUrl } : null,
      website: company.website,
      email: company.email,
      currency: company.currency,
      language: company.language,
      country: company.country,
      province: company.province,
      city: company.city,
      timezone: company.timezone,
      tax_code: company.taxCode,
      vip: company.vip,
      start_date: company.vipStartDate,
      end_date: company.vipEndDate,
      rebates: company.vip
        ? { amount: company.rebateAmount, balance: company.rebateBalance }
        : null,
      follower: follower
        ? { id: follower.id, alias: follower.name, mobile: follower.mobile, phone: follower.phone }
        : null,
      invoice: invoice ? invoiceRow(invoice) : null,
      default_address: address ? addressRow(address) : null,
      version: company.version,
    });
  }
  return result;
}

/**
 * Who receives each company's row: the company itself and every buyer with an order from it (the
 * supplier is party B on that buyer's documents: its name, address, bank and invoice info).
 */
export async function companyAudiences(
  db: Reader,
  companyIds: number[],
): Promise<Map<number, number[]>> {
  const ids = unique(companyIds);
  const audiences = new Map(ids.map((id) => [id, [id]]));
  if (ids.length === 0) return audiences;
  const pairs = await db
    .selectDistinct({ supplierId: orders.supplierCompanyId, buyerId: orders.companyId })
    .from(orders)
    .where(inArray(orders.supplierCompanyId, ids))
    .orderBy(asc(orders.supplierCompanyId), asc(orders.companyId));
  for (const { supplierId, buyerId } of pairs) {
    const audience = audiences.get(supplierId);
    if (audience && !audience.includes(buyerId)) audience.push(buyerId);
  }
  return audiences;
}

/**
 * The company row as another company sees it (a supplier is party B of its buyers' documents):
 * its VIP terms, rebates and the sales manager who follows it are the company's own business.
 */
export function partyView(row: CompanyRow): CompanyRow {
  return { ...row, vip: null, start_date: null, end_date: null, rebates: null, follower: null };
}

/**
 * Puts a company row into the feed of its audience (companyAudiences): the whole row for the
 * company itself, the party view for the others. Every writer of company rows goes through here.
 */
export function publishCompanyRow(
  changes: { upsert(table: 'companies', row: CompanyRow, companyIds: readonly number[]): void },
  row: CompanyRow,
  audience: readonly number[],
): void {
  if (audience.includes(row.id)) changes.upsert('companies', row, [row.id]);
  const others = audience.filter((id) => id !== row.id);
  if (others.length > 0) changes.upsert('companies', partyView(row), others);
}

/**
 * A supplier's company row enters a buyer's feed the first time the buyer gets an order from it.
 * Its version is bumped so the entry sorts after every cursor the buyer's clients already hold
 * (as shareBrandWith does for brands); the supplier's other audiences get the new version too.
 */
export async function shareCompanyWith(
  tx: Tx,
  changes: ChangeSet,
  buyerId: number,
  supplierId: number,
): Promise<void> {
  if (buyerId === supplierId) return;
  const [seen] = await tx
    .select({ version: syncChanges.version })
    .from(syncChanges)
    .where(
      and(
        eq(syncChanges.companyId, buyerId),
        eq(syncChanges.tableName, 'companies'),
        eq(syncChanges.rowId, String(supplierId)),
      ),
    )
    .limit(1);
  if (seen) return;
  await tx
    .update(companies)
    .set({ version: sql`nextval('sync_version')` })
    .where(eq(companies.id, supplierId));
  const row = (await loadCompanyRows(tx, [supplierId])).get(supplierId);
  const audience = (await companyAudiences(tx, [supplierId])).get(supplierId) ?? [];
  if (row) publishCompanyRow(changes, row, [...audience, buyerId]);
}

/** Invoice info as the company row and the invoices call carry it (§3 "Invoice info"). */
export function invoiceRow(invoice: typeof companyInvoices.$inferSelect): CompanyInvoice {
  return {
    id: invoice.id,
    tax_code: invoice.taxCode,
    partner_tax: {
      invoice_bank_code: invoice.bankCode,
      invoice_bank_name: invoice.bankName,
      invoice_bank_account: invoice.bankAccount,
      invoice_address: invoice.invoiceAddress,
      invoice_phone: invoice.invoicePhone,
    },
    partner_address: {
      contacts_name: invoice.mailContactsName,
      contacts_phone: invoice.mailContactsPhone,
      country: invoice.mailCountry,
      province: invoice.mailProvince,
      city: invoice.mailCity,
      district: invoice.mailDistrict,
      street: invoice.mailStreet,
    },
  };
}

/** A company address as the company row and the addresses calls carry it (§3). */
export function addressRow(address: typeof companyAddresses.$inferSelect): CompanyAddress {
  return {
    id: address.id,
    address_type: address.addressType,
    country: address.country,
    province: address.province,
    city: address.city,
    district: address.district,
    street: address.street,
    zip: address.zip,
    contacts_name: address.contactsName,
    contacts_phone: address.contactsPhone,
  };
}
