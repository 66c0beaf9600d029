// Brand search options and the brand/product choice rule (purchasing-core §5 "Brand and product
// choice", settings-messaging-shared §4 "Brand or product replacement", §5 "Shared widgets").

import { meetsSearchMinimum } from '../format/text';
import {
  brandReplaceConfirm,
  PURCHASING_MESSAGES,
  productReplaceConfirm,
} from '../messages/purchasing';

/** The trimmed text to search brands for, or null when it is too short to search. */
export function brandSearchTerm(text: string): string | null {
  return meetsSearchMinimum(text) ? text.trim() : null;
}

export interface BrandHit {
  id: number;
  name: string;
  state?: string | null;
  logo_file?: { url?: string | null } | null;
  /** The brand's page on the public website (publicLinks.ts). */
  url_path?: string | null;
  is_published?: boolean | null;
  correct_brand?: { id: number; name: string } | null;
}

export type BrandOption =
  | { kind: 'existing'; id: number; name: string; brand: BrandHit }
  | { kind: 'new'; id: number; name: string };

function listable(brand: BrandHit): boolean {
  return Boolean(brand.logo_file?.url) && brand.state !== 'UNSPECIFIED';
}

/**
 * The options under the brand input: listable hits (with a logo, state not UNSPECIFIED), then a
 * new brand named as typed with `temporaryId` unless a listed hit has exactly that name.
 * The exact match is checked against listed hits only, so the user is never left with no option.
 */
export function brandOptions(
  hits: readonly BrandHit[],
  typed: string,
  temporaryId: number,
): BrandOption[] {
  const term = brandSearchTerm(typed);
  if (term === null) return [];
  const options: BrandOption[] = hits
    .filter(listable)
    .map((brand) => ({ kind: 'existing', id: brand.id, name: brand.name, brand }));
  if (!options.some((option) => option.name === term)) {
    options.push({ kind: 'new', id: temporaryId, name: term });
  }
  return options;
}

/**
 * A new brand's id until the server gives it a real one: negative, so it can never collide with a
 * server id, and below every id already in use.
 */
export function nextTemporaryBrandId(idsInUse: Iterable<number>): number {
  let lowest = 0;
  for (const id of idsInUse) if (id < lowest) lowest = id;
  return lowest - 1;
}

export type ChoiceOutcome<T> =
  | { kind: 'accept' }
  | { kind: 'refuse'; message: string }
  | { kind: 'confirmReplace'; message: string; replacement: T };

function choose<T>(
  state: string | null | undefined,
  correct: T | null | undefined,
  refuseMessage: string,
  confirmMessage: (correct: T) => string,
): ChoiceOutcome<T> {
  if (state === 'NONEXISTENT') return { kind: 'refuse', message: refuseMessage };
  if (state === 'EXIST' && correct !== null && correct !== undefined) {
    return { kind: 'confirmReplace', message: confirmMessage(correct), replacement: correct };
  }
  return { kind: 'accept' };
}

export function brandChoice(brand: {
  state?: string | null;
  correct_brand?: { id: number; name: string } | null;
}): ChoiceOutcome<{ id: number; name: string }> {
  return choose(brand.state, brand.correct_brand, PURCHASING_MESSAGES.WRONG_BRAND, (correct) =>
    brandReplaceConfirm(correct.name),
  );
}

export interface ProductRef {
  id: number;
  product_type?: string | null;
  product_article_no?: string | null;
}

/** How a product is named to the user: model and order number, whichever are present. */
export function productDisplayName(product: Omit<ProductRef, 'id'>): string {
  return [product.product_type, product.product_article_no]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' / ');
}

export function productChoice(product: {
  state?: string | null;
  correct_product?: ProductRef | null;
}): ChoiceOutcome<ProductRef> {
  return choose(
    product.state,
    product.correct_product,
    PURCHASING_MESSAGES.WRONG_PRODUCT,
    (correct) => productReplaceConfirm(productDisplayName(correct)),
  );
}
