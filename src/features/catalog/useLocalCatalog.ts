// The device's brands and recent sheet lines for one company, read once when a form opens
// (localCatalog.ts); undefined while the read runs.
import { useEffect, useState } from 'react';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import { type LocalCatalog, readLocalCatalog } from './localCatalog';

export function useLocalCatalog(companyId: number): LocalCatalog | undefined {
  const db = useLocalDb();
  const [catalog, setCatalog] = useState<{ companyId: number; catalog: LocalCatalog }>();
  useEffect(() => {
    let live = true;
    void readLocalCatalog(db, companyId).then((read) => {
      if (live) setCatalog({ companyId, catalog: read });
    });
    return () => {
      live = false;
    };
  }, [db, companyId]);
  return catalog?.companyId === companyId ? catalog.catalog : undefined;
}
