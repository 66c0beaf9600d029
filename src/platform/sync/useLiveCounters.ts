// The to-do counters of the live channel for badges, by topic (`TOPICS.myUnread(userId)`,
// `TOPICS.allUserUndealt(companyId)`, … in src/domain/todos/topics.ts): the leader tab's values,
// the same in every tab, read from the server when the channel signs in and then kept current.
// A topic is missing until its first value has arrived.
import { useSnapshotField } from './useSyncContext';

export function useLiveCounters(): Readonly<Record<string, number>> {
  return useSnapshotField('counters');
}
