// The supplier's side of a sheet, used by the supplier simulator (and any future supplier API):
// quoting an inquiry and signing the contract, which creates the order. Same write path as the
// buyer's actions, so the feed and the live channel carry the results.

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderRow, SheetRow } from '../../src/contract/feedRows';
import { lineTotal } from '../../src/domain/format/money';
import { SHEET_STATE_GROUP, type SheetStateGroup } from '../../src/domain/purchase/sheetStates';
import type { Tx } from '../db/database';
import { companies, contacts, orderLines, orders, products, sheetLines } from '../db/schema/index';
import { badRequest, notFound, refused } from '../http/httpError';
import type { ChangeSet } from '../sync/changeSet';
import { shareCompanyWith } from '../sync/projections/companies';
import { loadOrderRows } from '../sync/projections/orders';
import {
  loadLines,
  loadSheetById,
  nextNumber,
  nowIso,
  SHEET_MESSAGES,
  saveSheet,
  transition,
} from './sheetSupport';
import { moneyText, vipUse } from './sheetVip';

export type LineQuote = {
  lineId: number;
  /** Tax-inclusive unit price; null when the line is not quoted (refused, 3C ...). */
  taxed_price_unit: number | string | null;
  /** Days. */
  shipment_period?: number | null;
  /** YYYY-MM-DD. */
  validity_end_date?: string | null;
  /** QUOTED, QUOTE_REFUSED, CCC ... (catalog/productLabels PRODUCT_QUOTE_STATES). */
  quote_state: string;
  quote_comment?: string | null;
};

/** Waiting for a quote, or quoted and open to a new quote. */
const QUOTABLE_GROUPS: readonly SheetStateGroup[] = [
  'INQUIRED',
  'QUOTE_UNREAD',
  'REPLIED',
  'NO_QUOTE',
];

function quotable(state: string): boolean {
  const group = (SHEET_STATE_GROUP as Record<string, SheetStateGroup | undefined>)[state];
  return group !== undefined && QUOTABLE_GROUPS.includes(group);
}

const cents = (amount: number | null): number => (amount === null ? 0 : Math.round(amount * 100));

/**
 * Prices the sheet's lines → INQUIRY_REPLIED with the total of the priced lines; when no line
 * gets a price the sheet becomes QUOTATION_REFUSE (no quote yet).
 */
export async function quoteSheet(
  tx: Tx,
  changes: ChangeSet,
  sheetId: number,
  quotes: readonly LineQuote[],
): Promise<SheetRow> {
  const sheet = await loadSheetById(tx, sheetId);
  if (!quotable(sheet.state)) throw refused(SHEET_MESSAGES.QUOTE_NOT_OFFERED, 'NOT_OFFERED');
  const lines = await loadLines(tx, sheet.id);
  const byLine = new Map(quotes.map((q) => [q.lineId, q]));
  for (const lineId of byLine.keys()) {
    if (!lines.some((l) => l.id === lineId)) throw notFound(SHEET_MESSAGES.LINE_NOT_FOUND);
  }
  let totalCents = 0;
  let priced = 0;
  for (const line of lines) {
    const quote = byLine.get(line.id);
    const unit = quote ? quote.taxed_price_unit : line.taxedPriceUnit;
    const amount = lineTotal(unit, line.qty);
    if (amount !== null) {
      totalCents += cents(amount);
      priced += 1;
    }
    if (!quote) continue;
    await tx
      .update(sheetLines)
      .set({
        taxedPriceUnit: amount === null ? null : moneyText(Number(unit)),
        taxedAmount: amount === null ? null : moneyText(amount),
        shipmentPeriod: quote.shipment_period ?? null,
        validityEndDate: quote.validity_end_date ?? null,
        quoteState: quote.quote_state,
        quoteComment: quote.quote_comment ?? null,
      })
      .where(eq(sheetLines.id, line.id));
  }
  const state = priced > 0 ? 'INQUIRY_REPLIED' : 'QUOTATION_REFUSE';
  return saveSheet(tx, changes, sheet.id, {
    ...transition(sheet, state, undefined),
    taxedAmount: priced > 0 ? moneyText(totalCents / 100) : null,
  });
}

export type ContractResult = { sheet: SheetRow; order: OrderRow };

/**
 * CONTRACT_AUDITING → CONTRACT_SIGNED: the order (state 10) is created with the quoted lines, the
 * sheet links it, and the VIP rebate planned at ordering is taken from the company's balance
 * (never more than the balance holds now).
 */
export async function confirmContract(
  tx: Tx,
  changes: ChangeSet,
  sheetId: number,
  supplierContactId: number,
): Promise<ContractResult> {
  const sheet = await loadSheetById(tx, sheetId);
  if (sheet.state !== 'CONTRACT_AUDITING') {
    throw refused(SHEET_MESSAGES.CONFIRM_NOT_OFFERED, 'NOT_OFFERED');
  }
  const [supplierContact] = await tx
    .select()
    .from(contacts)
    .where(
      and(eq(contacts.id, supplierContactId), eq(contacts.companyId, sheet.supplierCompanyId)),
    );
  if (!supplierContact) throw badRequest(SHEET_MESSAGES.SUPPLIER_CONTACT_INVALID);
  const lines = (await loadLines(tx, sheet.id)).filter((l) => l.taxedPriceUnit !== null);
  const productIds = lines.map((l) => l.productId).filter((id) => id !== null);
  const productMap = new Map(
    (productIds.length
      ? await tx.select().from(products).where(inArray(products.id, productIds))
      : []
    ).map((p) => [p.id, p]),
  );
  const [company] = await tx.select().from(companies).where(eq(companies.id, sheet.companyId));
  const total = Number(sheet.taxedAmount ?? 0);
  const planned = Number(sheet.vipRebate ?? 0);
  const vip = company ? vipUse(company, total) : null;
  const rebate = vip ? Math.min(planned, vip.vip_balance) : 0;
  if (company && rebate > 0) {
    await tx
      .update(companies)
      .set({ rebateBalance: sql`${companies.rebateBalance} - ${moneyText(rebate)}::numeric` })
      .where(eq(companies.id, company.id));
  }
  const time = nowIso();
  const [order] = await tx
    .insert(orders)
    .values({
      companyId: sheet.companyId,
      sheetId: sheet.id,
      name: await nextNumber(tx, 'PO'),
      inquiryNo: sheet.name,
      state: 10,
      stateChangeTime: time,
      stateLog: [{ state: 10, time, by: supplierContact.name }],
      brandId: sheet.brandId,
      brandName: sheet.brandName,
      ownerContactId: sheet.ownerContactId,
      supplierCompanyId: sheet.supplierCompanyId,
      supplierContactId: supplierContact.id,
      paymentMethod: sheet.paymentMethod,
      currency: sheet.currency,
      hasCnyVatFee: sheet.hasCnyVatFee,
      taxedAmount: moneyText(total),
      unpaidAmount: moneyText(total - rebate),
      createTime: time,
      writeTime: time,
    })
    .returning({ id: orders.id });
  if (!order) throw notFound();
  if (lines.length > 0) {
    await tx.insert(orderLines).values(
      lines.map((line, position) => {
        const product = line.productId ? productMap.get(line.productId) : undefined;
        return {
          orderId: order.id,
          position,
          productId: line.productId,
          productType: line.productType,
          productArticleNo: line.productArticleNo,
          shortDescription: line.shortDescription,
          urlPath: product?.urlPath ?? null,
          tariff: product?.tariff ?? null,
          qty: line.qty,
          taxedPriceUnit: line.taxedPriceUnit,
          taxedAmount: line.taxedAmount,
          shipmentPeriod: line.shipmentPeriod,
        };
      }),
    );
  }
  const row = await saveSheet(tx, changes, sheet.id, {
    ...transition(sheet, 'CONTRACT_SIGNED', supplierContact.name),
    orderId: order.id,
    ...(vip ? { vipRebate: moneyText(rebate), vipTaxedAmount: moneyText(total - rebate) } : {}),
  });
  const orderRow = (await loadOrderRows(tx, [order.id])).get(order.id);
  if (!orderRow) throw notFound();
  changes.upsert('orders', orderRow, [sheet.companyId]);
  // The supplier is party B of the order's documents: its company row joins the buyer's feed.
  await shareCompanyWith(tx, changes, sheet.companyId, sheet.supplierCompanyId);
  return { sheet: row, order: orderRow };
}
