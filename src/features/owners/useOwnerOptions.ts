// The people an owner change may pick, read live from the company's local staff table (synced like
// every list, so the dialog works offline): in-service staff except the present owner.
import { useLiveQuery } from 'dexie-react-hooks';
import { staffList } from '../../data/lists/queries';
import { type OwnerOption, ownerOptions } from '../../domain/orders/ownerChange';
import { useLocalDb } from '../../platform/sync/useLocalDb';

const IN_SERVICE = ['IN_SERVICE'] as const;

/** The choices, or undefined while the first read runs. */
export function useOwnerOptions(
  companyId: number,
  currentOwnerId: number | null,
): OwnerOption[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    const staff = await staffList(db, { companyId, statuses: IN_SERVICE });
    return ownerOptions(
      staff.map((person) => ({
        id: person.id,
        name: person.name,
        status: person.status,
        companyId: person.company_id,
      })),
      companyId,
      currentOwnerId,
    );
  }, [db, companyId, currentOwnerId]);
}
