// The staff screen's list, read live from the company's synced staff table (index
// `staff.byStatus`), so it shows offline too; undefined while the first read runs.
import { useLiveQuery } from 'dexie-react-hooks';
import type { StoredStaff } from '../../../data/derive';
import { staffList } from '../../../data/lists/queries';
import type { StaffStatus } from '../../../domain/staff/staffCodes';
import { useLocalDb } from '../../../platform/sync/useLocalDb';

export function useStaffList(
  companyId: number,
  statuses: readonly StaffStatus[],
): StoredStaff[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    () => staffList(db, { companyId, statuses }),
    [db, companyId, statuses.join(',')],
  );
}

/** The on-duty colleagues (handover successors), whatever the filter shows. */
export function useOnDutyStaff(companyId: number): StoredStaff[] | undefined {
  return useStaffList(companyId, ON_DUTY);
}

const ON_DUTY: readonly StaffStatus[] = ['IN_SERVICE'];
