// A brand as the clients that see it get it (purchasing-core §3, a sheet's brand): the reference
// that sheets and orders embed, plus its country, grade and agency type. Brands are shared
// catalogue rows: every company that uses one gets it in its feed (shareBrandWith in
// server/purchasing/sheetSupport.ts).
import type { BrandRow } from '../../../src/contract/feedRows';
import type { Reader } from '../../db/database';
import { brandRef, loadBrands, unique } from './shared';

export async function loadBrandRows(db: Reader, ids: number[]): Promise<Map<number, BrandRow>> {
  const result = new Map<number, BrandRow>();
  for (const brand of (await loadBrands(db, unique(ids))).values()) {
    result.set(brand.id, {
      ...brandRef(brand),
      id: brand.id,
      country: brand.country,
      grade: brand.grade,
      agency_type: brand.agencyType,
      version: brand.version,
    });
  }
  return result;
}
