// The shape every country's province/city(/district) list takes once loaded: names only, since
// the company record and the addresses store the names (the demo holds 江苏省 / 苏州市).

export interface RegionCity {
  name: string;
  /** Districts (区/县); empty where the list has no district level. */
  districts: readonly string[];
}

export interface RegionProvince {
  name: string;
  cities: readonly RegionCity[];
}

export type RegionTree = readonly RegionProvince[];

/** The compact form the hand-written lists use: `[province, [city, ...]]`. */
export type RegionSource = ReadonlyArray<readonly [string, readonly string[]]>;

export function treeOf(source: RegionSource): RegionTree {
  return source.map(([name, cities]) => ({
    name,
    cities: cities.map((city) => ({ name: city, districts: [] })),
  }));
}
