// The on-duty / departed filter checkboxes of staff management: at least one stays ticked
// (settings-messaging-shared §2 "Staff management").

import { STAFF_STATUSES, type StaffStatus } from './staffCodes';

/** Opening the screen shows the on-duty staff. */
export const DEFAULT_STATUS_FILTER: readonly StaffStatus[] = ['IN_SERVICE'];

/** Toggling the last ticked box leaves it ticked. The result keeps the checkbox order. */
export function toggleStatusFilter(
  ticked: readonly StaffStatus[],
  status: StaffStatus,
): readonly StaffStatus[] {
  const isTicked = ticked.includes(status);
  if (isTicked && ticked.length === 1) return ticked;
  return STAFF_STATUSES.filter((s) => (s === status ? !isTicked : ticked.includes(s)));
}
