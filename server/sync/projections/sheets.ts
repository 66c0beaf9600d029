// A purchase sheet (询价单) as its buyer's clients see it (purchasing-core §3 "Purchase
// sheet"): the sheet, its brand and owner, the supplier's quote per line and the order it became.
// Ids are loaded in batches so bulk writers (seed, simulator) project thousands in a few queries.
import { asc, inArray } from 'drizzle-orm';
import type { SheetRow } from '../../../src/contract/feedRows';
import type { Reader } from '../../db/database';
import { orders, products, sheetLines, sheets } from '../../db/schema/index';
import {
  brandRef,
  byId,
  type ContactRecord,
  contactRef,
  groupBy,
  isoTime,
  loadBrands,
  loadCompanies,
  loadContacts,
  num,
  unique,
} from './shared';

export async function loadSheetRows(db: Reader, ids: number[]): Promise<Map<number, SheetRow>> {
  const result = new Map<number, SheetRow>();
  if (ids.length === 0) return result;
  const sheetRows = await db.select().from(sheets).where(inArray(sheets.id, ids));
  const lines = await db
    .select()
    .from(sheetLines)
    .where(inArray(sheetLines.sheetId, ids))
    .orderBy(asc(sheetLines.sheetId), asc(sheetLines.position));
  const productMap = await byId(
    unique(lines.map((l) => l.productId)).length
      ? db
          .select()
          .from(products)
          .where(inArray(products.id, unique(lines.map((l) => l.productId))))
      : Promise.resolve([]),
  );
  // One query after another: inside a transaction they share one connection anyway.
  const brandMap = await loadBrands(db, unique(sheetRows.map((s) => s.brandId)));
  const ownerMap = await loadContacts(db, unique(sheetRows.map((s) => s.ownerContactId)));
  const companyMap = await loadCompanies(db, unique(sheetRows.map((s) => s.supplierCompanyId)));
  const orderIds = unique(sheetRows.map((s) => s.orderId));
  const orderMap = await byId(
    orderIds.length
      ? db
          .select({ id: orders.id, name: orders.name })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : Promise.resolve([]),
  );
  const linesBySheet = groupBy(lines, (line) => line.sheetId);
  for (const sheet of sheetRows) {
    const sheetLinesOf = linesBySheet.get(sheet.id) ?? [];
    const supplier = companyMap.get(sheet.supplierCompanyId);
    const order = sheet.orderId ? orderMap.get(sheet.orderId) : undefined;
    const brand = sheet.brandId ? brandMap.get(sheet.brandId) : undefined;
    result.set(sheet.id, {
      id: sheet.id,
      company_id: sheet.companyId,
      name: sheet.name,
      state: sheet.state,
      state_change_time: isoTime(sheet.stateChangeTime),
      state_log_list: sheet.stateLog,
      brand: brand ? brandRef(brand) : null,
      brand_name: sheet.brandName,
      current_node: {
        company_id: sheet.companyId,
        contacts_user: contactRef(
          sheet.ownerContactId ? ownerMap.get(sheet.ownerContactId) : undefined,
        ),
      },
      supplier_node: {
        company: supplier ? { id: supplier.id, name: supplier.name } : null,
        currency: sheet.currency,
        taxed_amount: num(sheet.taxedAmount),
        vip_balance: num(sheet.vipBalance),
        vip_taxed_amount: num(sheet.vipTaxedAmount),
        vip_rebate: num(sheet.vipRebate),
        payment_method: sheet.paymentMethod,
        price_map: Object.fromEntries(
          sheetLinesOf
            .filter((line) => line.taxedPriceUnit !== null)
            .map((line) => [
              String(line.id),
              { taxed_price_unit: num(line.taxedPriceUnit), taxed_amount: num(line.taxedAmount) },
            ]),
        ),
      },
      order: order ? { id: order.id, name: order.name } : null,
      inquiry_product_list: sheetLinesOf
        .filter((line) => !line.deleted)
        .map((line) => {
          const product = line.productId ? productMap.get(line.productId) : undefined;
          return {
            id: line.id,
            product_id: line.productId,
            product_type: line.productType,
            product_article_no: line.productArticleNo,
            short_description: line.shortDescription,
            qty: line.qty,
            attachments: line.attachments,
            quote_state: line.quoteState,
            shipment_period: line.shipmentPeriod,
            product: {
              state: product?.state ?? null,
              validity_end_date: line.validityEndDate,
              quote_comment: line.quoteComment,
              url_path: product?.urlPath ?? null,
              tariff: num(product?.tariff ?? null),
              chinese_name: product?.customsName ?? null,
              hs_code: product?.hsCode ?? null,
            },
          };
        }),
      cancelReason: sheet.cancelReason,
      remark: sheet.remark,
      has_cny_vat_fee: sheet.hasCnyVatFee,
      create_time: isoTime(sheet.createTime),
      write_time: isoTime(sheet.writeTime),
      version: sheet.version,
    });
  }
  return result;
}

/**
 * The sheet's row after an owner change, from the row as it was: only the owner, the write time
 * and the version move (saveSheet's columns for it), so every other field is the stored one.
 * Tests hold it equal to loadSheetRows' projection.
 */
export function sheetWithOwner(
  row: SheetRow,
  sheet: Pick<typeof sheets.$inferSelect, 'companyId' | 'writeTime' | 'version'>,
  owner: ContactRecord,
): SheetRow {
  return {
    ...row,
    current_node: { company_id: sheet.companyId, contacts_user: contactRef(owner) },
    write_time: isoTime(sheet.writeTime),
    version: sheet.version,
  };
}
