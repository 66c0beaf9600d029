// The end of an account's membership of a company (security review M5): a handover, a delete or
// an unbinding. Announced on the live bus inside the write, so it goes out only if the write
// commits; every process closes that account's sockets (server/live/connection.ts), and the app
// then hears 403 NOT_A_MEMBER for that company (server/auth/session.ts) and clears its data.
import { membershipEndedTopic } from '../live/protocol';
import type { ChangeSet } from '../sync/changeSet';

export function announceMembershipEnded(
  changes: ChangeSet,
  accountId: number | null,
  companyId: number,
): void {
  if (accountId === null) return;
  changes.emit(membershipEndedTopic(accountId), { company_id: companyId });
}
