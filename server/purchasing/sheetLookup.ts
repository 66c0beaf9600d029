// Single-sheet reads of the inquiry API: the detail (or where an order id leads), the id behind a
// purchase number, and the supplier contact a chat about the sheet goes to. Always scoped to the
// current company: another company's sheet is "not found".
import { and, asc, eq } from 'drizzle-orm';
import type { SheetRow } from '../../src/contract/feedRows';
import type { Db } from '../db/database';
import { companies, contacts, orders, sheets } from '../db/schema/index';
import { notFound } from '../http/httpError';
import { type JsonText, jsonText } from '../http/jsonText';
import { loadSheetRows } from '../sync/projections/sheets';
import { storedRow } from '../sync/storedRows';
import { SHEET_MESSAGES } from './sheetSupport';

/** The detail answer: the sheet row, or a pointer to the order when the id is the company's order. */
export type SheetDetail = SheetRow | { redirect: { module: 'ORDER'; id: number } };

/** The detail as JSON text: the sheet's stored feed row (server/sync/storedRows.ts), or the pointer. */
export async function sheetDetail(db: Db, companyId: number, id: number): Promise<JsonText> {
  const row = await storedRow(db, 'sheets', companyId, id, loadSheetRows);
  if (row) return row;
  // §2.3: "If the id given is actually an order, the user is redirected to order-detail".
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, companyId)));
  if (order) return jsonText({ redirect: { module: 'ORDER', id: order.id } } satisfies SheetDetail);
  throw notFound(SHEET_MESSAGES.SHEET_NOT_FOUND);
}

export async function sheetIdByName(db: Db, companyId: number, name: string): Promise<number> {
  const [sheet] = await db
    .select({ id: sheets.id })
    .from(sheets)
    .where(and(eq(sheets.name, name), eq(sheets.companyId, companyId)));
  if (!sheet) throw notFound(SHEET_MESSAGES.SHEET_NOT_FOUND);
  return sheet.id;
}

export type DefaultContact = {
  id: number;
  name: string;
  company: { id: number; name: string };
} | null;

/**
 * The supplier's sales contact for the sheet's chat: the supplier manager who follows the buyer
 * company when there is one in service, else the supplier's first in-service contact; null when
 * the supplier has nobody (the app then falls back to customer service).
 */
export async function sheetDefaultContact(
  db: Db,
  companyId: number,
  id: number,
): Promise<DefaultContact> {
  const [sheet] = await db
    .select({ supplierCompanyId: sheets.supplierCompanyId })
    .from(sheets)
    .where(and(eq(sheets.id, id), eq(sheets.companyId, companyId)));
  if (!sheet) throw notFound(SHEET_MESSAGES.SHEET_NOT_FOUND);
  const [buyer] = await db
    .select({ followerContactId: companies.followerContactId })
    .from(companies)
    .where(eq(companies.id, companyId));
  const inService = eq(contacts.status, 'IN_SERVICE');
  const follower = buyer?.followerContactId
    ? await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, buyer.followerContactId), inService))
    : [];
  const [contact] = follower.length
    ? follower
    : await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, sheet.supplierCompanyId), inService))
        .orderBy(asc(contacts.id))
        .limit(1);
  if (!contact) return null;
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, contact.companyId));
  return {
    id: contact.id,
    name: contact.name,
    company: company ?? { id: contact.companyId, name: '' },
  };
}
