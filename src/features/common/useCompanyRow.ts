// The current company's synced row, read live from the local database, so the personal centre
// and company settings show it offline and a saved change arrives through the sync feed.
// Undefined while the first read runs, null when the device does not hold it yet.
import { useLiveQuery } from 'dexie-react-hooks';
import type { StoredCompany } from '../../data/derive';
import { useLocalDb } from '../../platform/sync/useLocalDb';

export function useCompanyRow(companyId: number): StoredCompany | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (await db.companies.get([companyId, companyId])) ?? null,
    [db, companyId],
  );
}
