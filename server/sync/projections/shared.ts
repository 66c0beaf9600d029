// What every projection needs: ISO times, numbers from PostgreSQL's numeric text, batch lookups
// by id, and the small references (brand, contact) several rows embed. The loaders of each record
// kind (sheets.ts, orders.ts, todos.ts …) build on these and return the contract's row types
// (src/contract/feedRows.ts), so a field the client reads cannot go missing here unnoticed.
import { inArray } from 'drizzle-orm';
import type { BrandRef, ContactRef } from '../../../src/contract/feedRows';
import type { Reader } from '../../db/database';
import { brands, companies, contacts } from '../../db/schema/index';

export type BrandRecord = typeof brands.$inferSelect;
export type ContactRecord = typeof contacts.$inferSelect;
export type CompanyRecord = typeof companies.$inferSelect;

export const unique = (ids: Iterable<number | null | undefined>): number[] => [
  ...new Set([...ids].filter((id): id is number => typeof id === 'number')),
];

/** A numeric column (text from the driver) as a number. */
export const num = (value: string | null): number | null => (value === null ? null : Number(value));

/**
 * PostgreSQL writes a timestamptz as text like `2025-01-09 02:00:00+00`; clients get ISO 8601
 * (`2025-01-09T02:00:00.000Z`), the one format the domain's date functions read.
 */
export function isoTime(value: string): string;
export function isoTime(value: string | null): string | null;
export function isoTime(value: string | null): string | null {
  if (value === null) return null;
  const normalized = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  const time = new Date(normalized);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

// Map.groupBy arrives with Node 21; we run on 20.
export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export async function byId<T extends { id: number }>(rows: Promise<T[]>): Promise<Map<number, T>> {
  return new Map((await rows).map((row) => [row.id, row]));
}

export function brandRef(brand: BrandRecord): BrandRef {
  return {
    id: brand.id,
    name: brand.name,
    url_path: brand.urlPath,
    is_published: brand.isPublished,
    logo_file: brand.logoUrl ? { url: brand.logoUrl } : null,
    state: brand.state,
    comment: brand.comment,
    correct_brand: brand.correctBrandId ? { id: brand.correctBrandId } : null,
  };
}

export const contactRef = (contact: ContactRecord | undefined): ContactRef | null =>
  contact ? { id: contact.id, name: contact.name } : null;

export async function loadContacts(db: Reader, ids: number[]): Promise<Map<number, ContactRecord>> {
  if (ids.length === 0) return new Map();
  return byId(db.select().from(contacts).where(inArray(contacts.id, ids)));
}

export async function loadCompanies(
  db: Reader,
  ids: number[],
): Promise<Map<number, CompanyRecord>> {
  if (ids.length === 0) return new Map();
  return byId(db.select().from(companies).where(inArray(companies.id, ids)));
}

export async function loadBrands(db: Reader, ids: number[]): Promise<Map<number, BrandRecord>> {
  if (ids.length === 0) return new Map();
  return byId(db.select().from(brands).where(inArray(brands.id, ids)));
}
