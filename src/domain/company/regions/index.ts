// Province, city and district lists shipped with the app for CN, US, DE, GB and CH
// (settings-messaging-shared §3 static data), loaded on demand so the lists (China's is ~100 kB)
// stay out of the main bundle; the server loads the same modules to check what it is sent.

import type { RegionCity, RegionProvince, RegionTree } from './types';

export type { RegionCity, RegionProvince, RegionTree } from './types';

export const REGION_COUNTRIES = ['CN', 'US', 'DE', 'GB', 'CH'] as const;
export type RegionCountry = (typeof REGION_COUNTRIES)[number];

export function hasRegionList(country: string | null | undefined): country is RegionCountry {
  return (REGION_COUNTRIES as readonly string[]).includes(country ?? '');
}

const LOADERS: Record<RegionCountry, () => Promise<RegionTree>> = {
  CN: () => import('./cn').then((m) => m.CN_REGIONS),
  US: () => import('./us').then((m) => m.US_REGIONS),
  DE: () => import('./de').then((m) => m.DE_REGIONS),
  GB: () => import('./gb').then((m) => m.GB_REGIONS),
  CH: () => import('./ch').then((m) => m.CH_REGIONS),
};

/** The country's list, or null for a country without one (free text there). */
export async function loadRegions(country: string | null | undefined): Promise<RegionTree | null> {
  return hasRegionList(country) ? LOADERS[country]() : null;
}

export function provinceOf(tree: RegionTree, name: string): RegionProvince | undefined {
  return tree.find((p) => p.name === name);
}

export function cityOf(province: RegionProvince | undefined, name: string): RegionCity | undefined {
  return province?.cities.find((c) => c.name === name);
}

export interface RegionPick {
  province?: string | null;
  city?: string | null;
  district?: string | null;
}

export type RegionLevel = 'province' | 'city' | 'district';

const text = (value: string | null | undefined): string => value?.trim() ?? '';

/**
 * The first level whose value is not in the list of the level above, or null when every given
 * level belongs. Empty levels pass (required is the form's rule), but a level below an empty one
 * does not: a city needs its province. Without a list (`tree` null) anything passes; a city
 * without districts in the list takes any district.
 */
export function misplacedLevel(tree: RegionTree | null, pick: RegionPick): RegionLevel | null {
  if (tree === null) return null;
  const [province, city, district] = [text(pick.province), text(pick.city), text(pick.district)];
  const p = province === '' ? undefined : provinceOf(tree, province);
  if (province !== '' && !p) return 'province';
  if (city === '') return district === '' ? null : 'district';
  const c = cityOf(p, city);
  if (!c) return 'city';
  const districtOk = district === '' || c.districts.length === 0 || c.districts.includes(district);
  return districtOk ? null : 'district';
}
