// The province/city/district list of a country, loaded on demand (the lists ship with the app in
// their own chunks, src/domain/company/regions). Undefined while loading, null for a country
// without a list.
import { useEffect, useState } from 'react';
import { loadRegions, type RegionTree } from '../../domain/company/regions/index';

export function useRegions(country: string): RegionTree | null | undefined {
  const [loaded, setLoaded] = useState<{ country: string; tree: RegionTree | null } | null>(null);
  useEffect(() => {
    let live = true;
    loadRegions(country).then(
      (tree) => live && setLoaded({ country, tree }),
      () => live && setLoaded({ country, tree: null }),
    );
    return () => {
      live = false;
    };
  }, [country]);
  return loaded?.country === country ? loaded.tree : undefined;
}
