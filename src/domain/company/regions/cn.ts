// Provinces, cities and districts of China from the china-area-data package (national statistics
// codes of 2019), reshaped into names. Municipalities list their districts under 市辖区 and 县;
// we show them as one city named after the municipality (上海市 / 上海市 / 浦东新区), as the demo
// data and Chinese forms write them. Directly administered county-level cities (省直辖县级行政区划)
// become cities of their own; Hong Kong and Macau, whose list has no city level, get one city
// named after the region.
import data from 'china-area-data/data.json';
import type { RegionCity, RegionTree } from './types';

type CodeMap = Readonly<Record<string, string>>;
const table = data as unknown as Readonly<Record<string, CodeMap | undefined>>;

const MUNICIPAL_PARTS = new Set(['市辖区', '县']);
const DIRECT_COUNTIES = /直辖县级行政区划$/;

const names = (map: CodeMap | undefined): string[] => Object.values(map ?? {});

function citiesOf(provinceCode: string, provinceName: string): RegionCity[] {
  const children = Object.entries(table[provinceCode] ?? {});
  if (children.every(([code]) => table[code] === undefined)) {
    return [{ name: provinceName, districts: children.map(([, name]) => name) }];
  }
  const cities: RegionCity[] = [];
  const municipal: string[] = [];
  for (const [code, name] of children) {
    if (MUNICIPAL_PARTS.has(name)) municipal.push(...names(table[code]));
    else if (DIRECT_COUNTIES.test(name)) {
      for (const county of names(table[code])) cities.push({ name: county, districts: [] });
    } else cities.push({ name, districts: names(table[code]) });
  }
  if (municipal.length > 0) cities.unshift({ name: provinceName, districts: municipal });
  return cities;
}

export const CN_REGIONS: RegionTree = Object.entries(table['86'] ?? {}).map(([code, name]) => ({
  name,
  cities: citiesOf(code, name),
}));
