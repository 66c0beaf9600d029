// The two parties a document prints, read live from the local database: party A is the buyer
// company (companies[companyId, companyId]), party B the supplier (companies[companyId,
// supplierId]). Undefined while the read runs; a party is null when its row is not on the device.
import { useLiveQuery } from 'dexie-react-hooks';
import type { CompanyRow } from '../../contract/feedRows';
import { useLocalDb } from '../../platform/sync/useLocalDb';

export interface DocumentParties {
  partyA: CompanyRow | null;
  partyB: CompanyRow | null;
}

export function useDocumentParties(
  companyId: number,
  supplierId: number | null | undefined,
): DocumentParties | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    const [partyA, partyB] = await Promise.all([
      db.companies.get([companyId, companyId]),
      supplierId == null ? undefined : db.companies.get([companyId, supplierId]),
    ]);
    return { partyA: partyA ?? null, partyB: partyB ?? null };
  }, [db, companyId, supplierId]);
}
