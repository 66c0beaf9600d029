// Provinces, cities and districts of China from @vant/area-data (GB/T 2260 codes, kept current by
// the Vant team; it replaced china-area-data's 2019 list: security review L17), reshaped into
// names. Municipalities are one city named after them (上海市 / 上海市 / 浦东新区), as the demo
// data and Chinese forms write them. Directly administered county-level cities (省直辖县) become
// cities of their own; Hong Kong and Macau stay one city named after the region, as before.
import { areaList } from '@vant/area-data';
import type { RegionCity, RegionTree } from './types';

const DIRECT_COUNTIES = '省直辖县';
/** A municipality's second-level parts that are not cities. */
const MUNICIPAL_PARTS = new Set(['市辖区', '县']);
/** Regions shown as one city named after the region (their list's areas are not cities). */
const ONE_CITY = new Set(['香港特别行政区', '澳门特别行政区']);

/** The entries of `list` grouped by the first `digits` of their code, each group in code order. */
function groupBy(list: Readonly<Record<string, string>>, digits: number) {
  const groups = new Map<string, [string, string][]>();
  for (const entry of Object.entries(list).sort(([a], [b]) => a.localeCompare(b))) {
    const key = entry[0].slice(0, digits);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return groups;
}

const CITIES = groupBy(areaList.city_list, 2);
const COUNTIES = groupBy(areaList.county_list, 4);

const districtsOf = (cityCode: string): string[] =>
  (COUNTIES.get(cityCode.slice(0, 4)) ?? []).map(([, name]) => name);

function citiesOf(provinceCode: string, provinceName: string): RegionCity[] {
  const cities = CITIES.get(provinceCode.slice(0, 2)) ?? [];
  if (ONE_CITY.has(provinceName)) {
    return [{ name: provinceName, districts: cities.flatMap(([code]) => districtsOf(code)) }];
  }
  // Insertion order is the list's code order; 重庆市's counties (县) join its districts.
  const byName = new Map<string, string[]>();
  const add = (name: string, districts: string[]) =>
    byName.set(name, [...(byName.get(name) ?? []), ...districts]);
  for (const [code, name] of cities) {
    if (name === DIRECT_COUNTIES) for (const county of districtsOf(code)) add(county, []);
    else add(MUNICIPAL_PARTS.has(name) ? provinceName : name, districtsOf(code));
  }
  return [...byName].map(([name, districts]) => ({ name, districts }));
}

export const CN_REGIONS: RegionTree = Object.entries(areaList.province_list)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([code, name]) => ({
    name,
    cities: citiesOf(code, name),
  }));
