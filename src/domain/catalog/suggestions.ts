// Offline suggestions for the brand and product inputs (the spec: "brands and products the
// user has seen before are suggested offline from local data"): the same matching the server's
// search applies (trimmed, 2+ characters, contains, case-insensitive; exact, then prefix, then
// the rest), run over the brands and sheet lines already on the device.

import { meetsSearchMinimum } from '../format/text';
import type { BrandHit } from './choice';

/** Suggestions listed at most, like the server's search. */
export const SUGGESTION_LIMIT = 20;

/** The wait after the last keystroke before a search runs (settings-messaging-shared §9). */
export const SEARCH_DEBOUNCE_MS = 100;

/** 0 exact, 1 prefix, 2 contains, null no match (case-insensitive, `term` already lower-case). */
function matchRank(text: string | null | undefined, term: string): number | null {
  const value = (text ?? '').toLowerCase();
  if (value === term) return 0;
  if (value.startsWith(term)) return 1;
  return value.includes(term) ? 2 : null;
}

/** Items ranked by `rankOf` (null = left out), stable within a rank, at most `limit`. */
function ranked<T>(items: readonly T[], rankOf: (item: T) => number | null, limit: number): T[] {
  return items
    .map((item, order) => ({ item, order, rank: rankOf(item) }))
    .filter((entry): entry is { item: T; order: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.item);
}

const searchTerm = (typed: string): string | null =>
  meetsSearchMinimum(typed) ? typed.trim().toLowerCase() : null;

export interface LocalBrand {
  id: number;
  name: string;
  state: string | null;
  logo_file: { url: string } | null;
  url_path?: string | null;
  is_published?: boolean;
  correct_brand: { id: number } | null;
}

/**
 * Brands on the device whose name contains the typed text, as search hits. A local row knows its
 * correct brand only by id: the name comes from the same rows, and a correct brand the device
 * does not hold is left out (the choice is then accepted as it is, as the server accepts it).
 */
export function localBrandHits(
  brands: readonly LocalBrand[],
  typed: string,
  limit: number = SUGGESTION_LIMIT,
): BrandHit[] {
  const term = searchTerm(typed);
  if (term === null) return [];
  const names = new Map(brands.map((brand) => [brand.id, brand.name]));
  const unique = [...new Map(brands.map((brand) => [brand.id, brand])).values()];
  return ranked(unique, (brand) => matchRank(brand.name, term), limit).map((brand) => {
    const correctName =
      brand.correct_brand === null ? undefined : names.get(brand.correct_brand.id);
    return {
      id: brand.id,
      name: brand.name,
      state: brand.state,
      logo_file: brand.logo_file,
      url_path: brand.url_path ?? null,
      is_published: brand.is_published ?? false,
      correct_brand:
        brand.correct_brand !== null && correctName !== undefined
          ? { id: brand.correct_brand.id, name: correctName }
          : null,
    };
  });
}

export interface SuggestionLine {
  product_id: number | null;
  product_type: string | null;
  product_article_no: string | null;
  short_description: string | null;
  product?: { state?: string | null } | null;
}

export interface SuggestionSheet {
  brand: { id: number; name: string } | null;
  brand_name: string | null;
  inquiry_product_list: readonly SuggestionLine[];
}

export interface ProductSuggestion {
  /** The catalogue product; null for a line typed freely (choosing it names no product). */
  id: number | null;
  product_type: string;
  product_article_no: string;
  short_description: string | null;
  state: string | null;
}

export type ProductField = 'productType' | 'productArticleNo';

export interface ProductSuggestionQuery {
  typed: string;
  field: ProductField;
  /** The brand chosen in the form: only its products are suggested (any brand when absent). */
  brand: { id: number | null; name: string } | null;
}

function sameBrand(sheet: SuggestionSheet, brand: ProductSuggestionQuery['brand']): boolean {
  if (brand === null) return true;
  if (brand.id !== null && brand.id > 0 && sheet.brand?.id === brand.id) return true;
  const name = brand.name.trim().toLowerCase();
  const sheetName = (sheet.brand?.name ?? sheet.brand_name ?? '').trim().toLowerCase();
  return name !== '' && name === sheetName;
}

function productKey(line: SuggestionLine): string {
  if (line.product_id !== null) return `id:${line.product_id}`;
  const text = (value: string | null) => (value ?? '').trim().toLowerCase();
  return `text:${text(line.product_type)}\u0000${text(line.product_article_no)}`;
}

/**
 * Products from the lines of the sheets given (newest first), once each, whose model or order
 * number (the input's field) contains the typed text. The typed text's other rules (no Chinese)
 * are the input's: a term the input refuses never reaches here.
 */
export function productSuggestions(
  sheets: readonly SuggestionSheet[],
  query: ProductSuggestionQuery,
  limit: number = SUGGESTION_LIMIT,
): ProductSuggestion[] {
  const term = searchTerm(query.typed);
  if (term === null) return [];
  const seen = new Map<string, ProductSuggestion>();
  for (const sheet of sheets) {
    if (!sameBrand(sheet, query.brand)) continue;
    for (const line of sheet.inquiry_product_list) {
      const key = productKey(line);
      if (seen.has(key)) continue;
      seen.set(key, {
        id: line.product_id,
        product_type: (line.product_type ?? '').trim(),
        product_article_no: (line.product_article_no ?? '').trim(),
        short_description: line.short_description,
        state: line.product?.state ?? null,
      });
    }
  }
  const column = query.field === 'productType' ? 'product_type' : 'product_article_no';
  return ranked(
    [...seen.values()].filter((product) => product[column] !== ''),
    (product) => matchRank(product[column], term),
    limit,
  );
}
