// The buyer's actions on a purchase sheet (purchasing-core §4.2, §5, §7.2): create, save draft,
// line edits, send inquiry, place order, cancel, restore and owner change. Free of Fastify so the
// routes and the supplier simulator share them: each runs inside `write`/`mutate`, checks the
// spec's rules with src/domain, bumps versions and records the rows in the company's feed.

import { and, asc, eq } from 'drizzle-orm';
import type { SheetCreateBody, SheetDraftBody } from '../../src/contract/api/outbox';
import type { SheetRow } from '../../src/contract/feedRows';
import { DEFAULT_PAYMENT_METHOD } from '../../src/domain/finance/paymentMethods';
import { PURCHASING_MESSAGES } from '../../src/domain/messages/purchasing';
import {
  canCancel,
  canChangeSheetOwner,
  canPlaceOrder,
  canRestore,
  canSaveDraft,
  canSendInquiry,
  ownerCandidates,
} from '../../src/domain/purchase/rules';
import {
  validateBrandName,
  validateCancelReason,
  validateProductLines,
} from '../../src/domain/purchase/validation';
import type { Tx } from '../db/database';
import { companies, contacts, orders, sheetLines, sheets } from '../db/schema/index';
import { badRequest, forbidden, notFound, refused } from '../http/httpError';
import type { ChangeSet } from '../sync/changeSet';
import { checkLines, type LineInput, resolveBrand } from './sheetInput';
import { insertLines } from './sheetLineEdits';
import {
  checkVersion,
  loadLines,
  loadOwnSheet,
  nextNumber,
  nowIso,
  publishSheet,
  SHEET_MESSAGES,
  type SheetActor,
  type SheetRecord,
  saveSheet,
  saveSheetOwner,
  transition,
} from './sheetSupport';
import { moneyText, type VipUse, vipUse } from './sheetVip';

export { addLine, deleteLine, updateLine } from './sheetLineEdits';
export { confirmContract, type LineQuote, quoteSheet } from './sheetSupplier';
export type { SheetActor } from './sheetSupport';

/** The bodies the outbox sends (src/contract/api/outbox.ts), under the service's names. */
export type CreateSheetInput = SheetCreateBody;
export type SaveDraftInput = SheetDraftBody;

/** A whole product list (create, save draft): at least one line stays (至少需要保留一个产品！). */
async function checkProductList(tx: Tx, companyId: number, list: readonly LineInput[]) {
  if (list.length === 0) throw badRequest(PURCHASING_MESSAGES.KEEP_ONE_PRODUCT, 'KEEP_ONE_PRODUCT');
  return checkLines(tx, companyId, list);
}

async function supplierOf(tx: Tx, companyId: number | null | undefined) {
  const where = companyId
    ? and(eq(companies.id, companyId), eq(companies.role, 'SUPPLIER'))
    : eq(companies.role, 'SUPPLIER');
  const [supplier] = await tx
    .select()
    .from(companies)
    .where(where)
    .orderBy(asc(companies.id))
    .limit(1);
  if (!supplier) throw badRequest(SHEET_MESSAGES.SUPPLIER_NOT_FOUND, 'SUPPLIER_NOT_FOUND');
  return supplier;
}

/** The owner named by the form (reseller.contacts_user_id) or else the creator. */
async function ownerFor(tx: Tx, actor: SheetActor, input: CreateSheetInput): Promise<number> {
  const resellerCompany = input.reseller?.company_id;
  if (resellerCompany && resellerCompany !== actor.companyId) throw forbidden();
  const wanted = input.reseller?.contacts_user_id;
  if (!wanted || wanted === actor.contactId) return actor.contactId;
  const [contact] = await tx.select().from(contacts).where(eq(contacts.id, wanted)).limit(1);
  const ok =
    contact?.companyId === actor.companyId && contact.status === 'IN_SERVICE' ? contact : null;
  if (!ok) throw badRequest(SHEET_MESSAGES.OWNER_NOT_CANDIDATE, 'INVALID_OWNER');
  return ok.id;
}

/** POST …/inquiry_quotation: a DRAFT (save_to_draft) or a sent inquiry owned by its creator. */
export async function createSheet(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  input: CreateSheetInput,
): Promise<SheetRow> {
  const lines = await checkProductList(tx, actor.companyId, input.product_list);
  const draft = input.save_to_draft === true;
  if (!draft) {
    const message = validateProductLines(input.product_list);
    if (message) throw badRequest(message, 'PRODUCT_LINES_REQUIRED');
  }
  const supplier = await supplierOf(tx, input.supplier?.company_id);
  const ownerContactId = await ownerFor(tx, actor, input);
  const brand = await resolveBrand(tx, changes, actor.companyId, input.brand);
  const state = draft ? 'DRAFT' : 'INQUIRY_SENT';
  const time = nowIso();
  const [sheet] = await tx
    .insert(sheets)
    .values({
      companyId: actor.companyId,
      name: await nextNumber(tx, 'XJ'),
      state,
      stateChangeTime: time,
      stateLog: [{ state, time, by: actor.contactName }],
      brandId: brand.brandId,
      brandName: brand.brandName,
      ownerContactId,
      supplierCompanyId: supplier.id,
      paymentMethod: input.supplier?.payment_method ?? DEFAULT_PAYMENT_METHOD,
      currency: supplier.currency,
      remark: input.remark ?? null,
      createTime: time,
      writeTime: time,
    })
    .returning({ id: sheets.id });
  if (!sheet) throw notFound();
  await insertLines(tx, sheet.id, lines);
  return publishSheet(tx, changes, sheet.id);
}

/** POST …/{id}: replaces the draft's lines (and brand, payment method, remark when given). */
export async function saveDraft(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
  input: SaveDraftInput,
  expectedVersion?: number | null,
): Promise<SheetRow> {
  const sheet = await loadOwnSheet(tx, actor.companyId, sheetId);
  await checkVersion(tx, sheet, expectedVersion);
  if (!canSaveDraft(sheet.state)) throw refused(SHEET_MESSAGES.SAVE_DRAFT_ONLY, 'NOT_DRAFT');
  const lines = await checkProductList(tx, actor.companyId, input.product_list);
  const brand = input.brand ? await resolveBrand(tx, changes, actor.companyId, input.brand) : null;
  await tx.delete(sheetLines).where(eq(sheetLines.sheetId, sheet.id));
  await insertLines(tx, sheet.id, lines);
  return saveSheet(tx, changes, sheet.id, {
    ...(brand ?? {}),
    ...(input.supplier?.payment_method ? { paymentMethod: input.supplier.payment_method } : {}),
    ...(input.remark !== undefined ? { remark: input.remark } : {}),
  });
}

/** PUT …/{id}/send_inquiry: DRAFT → INQUIRY_SENT, with a brand and a named line. */
export async function sendInquiry(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
): Promise<SheetRow> {
  const sheet = await loadOwnSheet(tx, actor.companyId, sheetId);
  if (!canSendInquiry(sheet.state)) throw refused(SHEET_MESSAGES.SEND_DRAFT_ONLY, 'NOT_DRAFT');
  const lines = await loadLines(tx, sheet.id);
  const message =
    validateBrandName(sheet.brandName) ??
    validateProductLines(
      lines.map((l) => ({
        id: l.productId,
        product_type: l.productType,
        product_article_no: l.productArticleNo,
      })),
    );
  if (message) throw refused(message, 'INCOMPLETE_SHEET');
  return saveSheet(tx, changes, sheet.id, transition(sheet, 'INQUIRY_SENT', actor.contactName));
}

export type PlaceOrderResult = {
  sheet: SheetRow;
  taxed_amount: number;
  vip_balance: number | null;
  vip_rebate: number | null;
  vip_taxed_amount: number | null;
};

/** PUT …/{id}/submit_contract: a quoted sheet without 3C lines → CONTRACT_AUDITING, with VIP use. */
export async function placeOrder(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
): Promise<PlaceOrderResult> {
  const sheet = await loadOwnSheet(tx, actor.companyId, sheetId);
  const lines = await loadLines(tx, sheet.id);
  const check = canPlaceOrder(
    sheet.state,
    lines.map((l) => ({ quote_state: l.quoteState })),
  );
  if (check.kind === 'notOffered')
    throw refused(SHEET_MESSAGES.PLACE_ORDER_NOT_OFFERED, 'NOT_OFFERED');
  if (check.kind === 'refused') throw refused(check.message, 'CCC_PRODUCT');
  const [company] = await tx.select().from(companies).where(eq(companies.id, actor.companyId));
  const total = Number(sheet.taxedAmount ?? 0);
  const vip: VipUse | null = company ? vipUse(company, total) : null;
  const row = await saveSheet(tx, changes, sheet.id, {
    ...transition(sheet, 'CONTRACT_AUDITING', actor.contactName),
    vipBalance: vip ? moneyText(vip.vip_balance) : null,
    vipRebate: vip ? moneyText(vip.vip_rebate) : null,
    vipTaxedAmount: vip ? moneyText(vip.vip_taxed_amount) : null,
  });
  return {
    sheet: row,
    taxed_amount: total,
    vip_balance: vip?.vip_balance ?? null,
    vip_rebate: vip?.vip_rebate ?? null,
    vip_taxed_amount: vip?.vip_taxed_amount ?? null,
  };
}

/** Whether the sheet became an order: it names one (its row's `order`), or an order names it. */
async function isOrdered(tx: Tx, sheet: SheetRecord): Promise<boolean> {
  if (sheet.orderId !== null) return true;
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.sheetId, sheet.id))
    .limit(1);
  return order !== undefined;
}

/**
 * PUT …/{id}/cancel: every state but CANCELLED and CONTRACT_ENFORCED; the reason is kept. A sheet
 * that became an order is refused: the order would carry on (its cancel request is the way).
 */
export async function cancelSheet(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
  reason: string | null | undefined,
): Promise<SheetRow> {
  const message = validateCancelReason(reason);
  if (message) throw badRequest(message, 'CANCEL_REASON_REQUIRED');
  const sheet = await loadOwnSheet(tx, actor.companyId, sheetId);
  if (await isOrdered(tx, sheet)) throw refused(SHEET_MESSAGES.CANCEL_ORDERED, 'NOT_OFFERED');
  if (!canCancel(sheet.state, false)) {
    throw refused(SHEET_MESSAGES.CANCEL_NOT_OFFERED, 'NOT_OFFERED');
  }
  return saveSheet(tx, changes, sheet.id, {
    ...transition(sheet, 'CANCELLED', actor.contactName),
    cancelReason: (reason ?? '').trim(),
  });
}

/** The state a cancelled sheet had before its last cancellation (DRAFT when the log is silent). */
export function stateBeforeCancel(log: SheetRecord['stateLog']): string {
  let i = log.length - 1;
  while (i >= 0 && log[i]?.state === 'CANCELLED') i -= 1;
  const state = log[i]?.state;
  return typeof state === 'string' ? state : 'DRAFT';
}

/** PUT …/{id}/restore: CANCELLED → the state before cancelling; the reason is cleared. */
export async function restoreSheet(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
): Promise<SheetRow> {
  const sheet = await loadOwnSheet(tx, actor.companyId, sheetId);
  if (!canRestore(sheet.state)) throw refused(SHEET_MESSAGES.RESTORE_NOT_OFFERED, 'NOT_OFFERED');
  return saveSheet(tx, changes, sheet.id, {
    ...transition(sheet, stateBeforeCancel(sheet.stateLog), actor.contactName),
    cancelReason: null,
  });
}

/** PUT …/{id}/follower: an in-service colleague other than the present owner, not in SIGN. */
export async function changeSheetOwner(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
  followerId: number,
  expectedVersion?: number | null,
): Promise<SheetRow> {
  // The sheet, locked (owner changes run beside each other, write.ts `rowLocked`: two on one
  // sheet in turn), and the proposed owner, in one statement.
  const [found] = await tx
    .select({ sheet: sheets, staff: contacts })
    .from(sheets)
    .leftJoin(contacts, eq(contacts.id, followerId))
    .where(and(eq(sheets.id, sheetId), eq(sheets.companyId, actor.companyId)))
    .for('update', { of: sheets })
    .prepare('sheet_owner_change_read')
    .execute();
  if (!found) throw notFound(SHEET_MESSAGES.SHEET_NOT_FOUND);
  const { sheet } = found;
  await checkVersion(tx, sheet, expectedVersion);
  if (!canChangeSheetOwner(sheet.state)) {
    throw refused(SHEET_MESSAGES.OWNER_CHANGE_NOT_OFFERED, 'NOT_OFFERED');
  }
  if (followerId === sheet.ownerContactId) {
    throw refused(SHEET_MESSAGES.OWNER_UNCHANGED, 'INVALID_OWNER');
  }
  const staff = found.staff ? [found.staff] : [];
  const [candidate] = ownerCandidates(staff, actor.companyId, sheet.ownerContactId);
  if (!candidate) throw refused(SHEET_MESSAGES.OWNER_NOT_CANDIDATE, 'INVALID_OWNER');
  return saveSheetOwner(tx, changes, sheet, candidate);
}
