// One order of the current company, read live from the local database: an owner change made here
// or a pulled update shows at once. Undefined while the first read runs, null when the device
// does not hold the order (another company's, never synced, or deleted).
import { useLiveQuery } from 'dexie-react-hooks';
import type { StoredOrder } from '../../../data/derive';
import { useLocalDb } from '../../../platform/sync/useLocalDb';

export function useOrder(
  companyId: number,
  id: number | undefined,
): StoredOrder | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (id === undefined ? null : ((await db.orders.get([companyId, id])) ?? null)),
    [db, companyId, id],
  );
}
