// What the device already knows of brands and products, for the offline suggestions of the sheet
// form: the company's synced brands, plus the brands and product lines of its
// most recent sheets (which include sheets made offline and not yet synced). Read once when a
// form opens, through the company's index ranges only, never a scan of another company's rows.
import type { PurchasingDb } from '../../data/db';
import { INDEX } from '../../data/schema';
import { prefixRange } from '../../data/totals';
import type { LocalBrand, SuggestionSheet } from '../../domain/catalog/suggestions';

/**
 * How many of the company's newest sheets feed the product suggestions: about 1 KB each, so a
 * form opens with a read of well under a megabyte, and what a user ordered lately is what they
 * are most likely to order again. Older products come from the server's search when online.
 */
export const SUGGESTION_SHEETS = 500;

export interface LocalCatalog {
  brands: LocalBrand[];
  sheets: SuggestionSheet[];
}

function companyRange(companyId: number) {
  return prefixRange([companyId]);
}

/** The company's newest sheets, newest first (the purchase list ALL's own index). */
export function recentSheets(
  db: PurchasingDb,
  companyId: number,
  limit: number = SUGGESTION_SHEETS,
) {
  const [lower, upper] = companyRange(companyId);
  return db.sheets
    .where(INDEX.sheets.allByCreated)
    .between(lower, upper, true, true)
    .reverse()
    .limit(limit)
    .toArray();
}

/** The company's synced brands (its primary-key range). */
export function companyBrands(db: PurchasingDb, companyId: number) {
  const [lower, upper] = companyRange(companyId);
  return db.brands.where(INDEX.brands.key).between(lower, upper, true, true).toArray();
}

function asLocalBrand(brand: NonNullable<SuggestionSheet['brand']> & Partial<LocalBrand>) {
  return {
    id: brand.id,
    name: brand.name,
    state: brand.state ?? null,
    logo_file: brand.logo_file ?? null,
    url_path: brand.url_path ?? null,
    is_published: brand.is_published ?? false,
    correct_brand: brand.correct_brand ?? null,
  };
}

export async function readLocalCatalog(db: PurchasingDb, companyId: number): Promise<LocalCatalog> {
  const [brands, sheets] = await db.transaction('r', db.brands, db.sheets, () =>
    Promise.all([companyBrands(db, companyId), recentSheets(db, companyId)]),
  );
  // Synced brand rows first: a sheet's copy of a brand may be older.
  const fromSheets = sheets.flatMap((sheet) =>
    sheet.brand && sheet.brand.id > 0 ? [asLocalBrand(sheet.brand)] : [],
  );
  return { brands: [...brands.map(asLocalBrand), ...fromSheets], sheets };
}
