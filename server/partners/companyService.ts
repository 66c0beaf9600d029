// Company settings on the server (settings-messaging-shared §7 "Partners": companies, logo,
// invoices, addresses, rebates, follower): reads answer the synced company row's shapes; every
// write runs in the caller's transaction, bumps `companies.version` and puts the new company row
// in the feed, so the app's local copy (and the offline view) carries the change.
import { and, asc, eq } from 'drizzle-orm';
import { COMPANY_SETTINGS_MESSAGES as M } from '../../src/domain/company/settingsMessages';
import { IMAGE_MIME_TYPES } from '../../src/domain/files/uploads';
import type { Db, Reader, Tx } from '../db/database';
import {
  banks,
  companies,
  companyAddresses,
  companyInvoices,
  contacts,
  files,
} from '../db/schema/index';
import { fileUrl } from '../http/fileUrls';
import { badRequest, notFound } from '../http/httpError';
import type { ChangeSet } from '../sync/changeSet';
import {
  addressRow,
  companyAudiences,
  invoiceRow,
  loadCompanyRows,
  publishCompanyRow,
} from '../sync/projections/companies';
import { nextVersion } from '../sync/write';
import {
  type AddressBody,
  addressValues,
  type CompanyBody,
  companyChanges,
  type InvoiceBody,
  invoiceValues,
} from './companyInput';

const DEFAULT_ADDRESS = 'DEFAULT_SHIPPING_GOODS_ADDRESS';

export async function companyRow(db: Reader, companyId: number) {
  const row = (await loadCompanyRows(db, [companyId])).get(companyId);
  if (!row) throw notFound();
  return row;
}

async function companyRecord(tx: Tx, companyId: number) {
  const [record] = await tx
    .select()
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!record) throw notFound();
  return record;
}

/** New version for the company, its row into the feed; answers the row. */
async function touch(tx: Tx, changes: ChangeSet, companyId: number) {
  const version = await nextVersion(tx);
  await tx.update(companies).set({ version }).where(eq(companies.id, companyId));
  const row = await companyRow(tx, companyId);
  // A supplier's row also reaches each buyer with an order from it (party B of its documents).
  publishCompanyRow(changes, row, (await companyAudiences(tx, [companyId])).get(companyId) ?? []);
  return row;
}

export async function updateCompany(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  body: CompanyBody,
) {
  const current = await companyRecord(tx, companyId);
  await tx
    .update(companies)
    .set(await companyChanges(current, body))
    .where(eq(companies.id, companyId));
  return touch(tx, changes, companyId);
}

/** The logo is an image the company uploaded itself (POST /api/v7/files). */
export async function setLogo(tx: Tx, changes: ChangeSet, companyId: number, objectName: string) {
  await companyRecord(tx, companyId);
  const [file] = await tx
    .select({ contentType: files.contentType })
    .from(files)
    .where(
      and(
        eq(files.objectName, objectName),
        eq(files.companyId, companyId),
        eq(files.deleted, false),
      ),
    );
  if (!file) throw badRequest(M.LOGO_NOT_FOUND, 'LOGO_NOT_FOUND');
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.contentType)) {
    throw badRequest(M.LOGO_NOT_IMAGE, 'LOGO_NOT_IMAGE');
  }
  await tx
    .update(companies)
    .set({ logoUrl: fileUrl(objectName) })
    .where(eq(companies.id, companyId));
  return touch(tx, changes, companyId);
}

export async function findInvoice(db: Reader, companyId: number) {
  const [invoice] = await db
    .select()
    .from(companyInvoices)
    .where(eq(companyInvoices.companyId, companyId));
  return invoice ? invoiceRow(invoice) : null;
}

export async function createInvoice(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  body: InvoiceBody,
) {
  const company = await companyRecord(tx, companyId);
  if (await findInvoice(tx, companyId)) throw badRequest(M.INVOICE_EXISTS, 'INVOICE_EXISTS');
  const values = await invoiceValues(body, company.country);
  await tx.insert(companyInvoices).values({ companyId, ...values });
  const row = await touch(tx, changes, companyId);
  return row.invoice;
}

export async function updateInvoice(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  invoiceId: number,
  body: InvoiceBody,
) {
  const company = await companyRecord(tx, companyId);
  const values = await invoiceValues(body, company.country);
  const updated = await tx
    .update(companyInvoices)
    .set(values)
    .where(and(eq(companyInvoices.id, invoiceId), eq(companyInvoices.companyId, companyId)))
    .returning({ id: companyInvoices.id });
  if (updated.length === 0) throw notFound(M.INVOICE_NOT_FOUND);
  const row = await touch(tx, changes, companyId);
  return row.invoice;
}

export async function findDefaultAddress(db: Reader, companyId: number) {
  const [address] = await db
    .select()
    .from(companyAddresses)
    .where(
      and(
        eq(companyAddresses.companyId, companyId),
        eq(companyAddresses.addressType, DEFAULT_ADDRESS),
      ),
    )
    .orderBy(asc(companyAddresses.id))
    .limit(1);
  return address ? addressRow(address) : null;
}

export async function createAddress(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  body: AddressBody,
) {
  await companyRecord(tx, companyId);
  if (await findDefaultAddress(tx, companyId)) throw badRequest(M.ADDRESS_EXISTS, 'ADDRESS_EXISTS');
  const values = await addressValues(body);
  const [inserted] = await tx
    .insert(companyAddresses)
    .values({ companyId, addressType: DEFAULT_ADDRESS, ...values })
    .returning();
  await touch(tx, changes, companyId);
  return inserted ? addressRow(inserted) : null;
}

export async function updateAddress(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  addressId: number,
  body: AddressBody,
) {
  await companyRecord(tx, companyId);
  const values = await addressValues(body);
  const [updated] = await tx
    .update(companyAddresses)
    .set(values)
    .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)))
    .returning();
  if (!updated) throw notFound(M.ADDRESS_NOT_FOUND);
  await touch(tx, changes, companyId);
  return addressRow(updated);
}

/** VIP rebates in CNY (money as text, as the synced row carries them); null for a non-VIP. */
export async function rebatesOf(db: Db, companyId: number) {
  const row = await companyRow(db, companyId);
  return {
    vip: row.vip === true,
    amount: (row.rebates as { amount: string | null } | null)?.amount ?? null,
    balance: (row.rebates as { balance: string | null } | null)?.balance ?? null,
    currency: 'CNY',
    start_date: row.start_date ?? null,
    end_date: row.end_date ?? null,
  };
}

/**
 * The follower (the supplier's sales manager) `contactId` of one of the user's `companyIds`.
 * `belongsTo` names either the followed company or the follower's own company (the spec does
 * not say which). Anyone else's contact is not found, so ids cannot be probed.
 */
export async function followerContact(
  db: Db,
  companyIds: number[],
  belongsTo: number,
  contactId: number,
) {
  const [contact] = await db
    .select({
      id: contacts.id,
      companyId: contacts.companyId,
      name: contacts.name,
      mobile: contacts.mobile,
      phone: contacts.phone,
    })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!contact) throw notFound();
  const followed = (
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.followerContactId, contactId))
  )
    .map((c) => c.id)
    .filter((id) => companyIds.includes(id));
  if (followed.length === 0) throw notFound();
  if (belongsTo !== contact.companyId && !followed.includes(belongsTo)) throw notFound();
  return {
    id: contact.id,
    company_id: contact.companyId,
    alias: contact.name,
    mobile: contact.mobile,
    phone: contact.phone,
  };
}

export async function bankList(db: Db) {
  return db
    .select({ id: banks.id, name: banks.name })
    .from(banks)
    .orderBy(asc(banks.id))
    .limit(1000);
}
