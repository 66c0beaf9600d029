// The count of to-dos the current company received and has not dealt with, shared by the header's
// badge and the menu's 待办 entry: the server's live counter (`todo.all-user-undealt.{companyId}`)
// while the live channel is connected, else the same count read from the local database (which
// also follows the user's own changes made offline).
import { useLiveQuery } from 'dexie-react-hooks';
import type { PurchasingDb } from '../../data/db';
import { todoReceivedTotalKey } from '../../data/lists/listKeys';
import { readTotal } from '../../data/totals';
import { TOPICS } from '../../domain/todos/topics';
import { useLiveCounters } from '../../platform/sync/useLiveCounters';
import { useSnapshotField } from '../../platform/sync/useSyncContext';
import { TODO_TAB_STATES } from '../todos/useTodoPanel';

function useLocalTodoCount(db: PurchasingDb, companyId: number): number {
  return (
    useLiveQuery(async () => {
      let total = 0;
      for (const state of TODO_TAB_STATES) {
        total += await readTotal(db, todoReceivedTotalKey(companyId, state));
      }
      return total;
    }, [db, companyId]) ?? 0
  );
}

export function useTodoCount(db: PurchasingDb, companyId: number): number {
  const local = useLocalTodoCount(db, companyId);
  const counters = useLiveCounters();
  const live = useSnapshotField('live');
  const counter = counters[TOPICS.allUserUndealt(companyId)];
  return live === 'connected' && counter !== undefined ? counter : local;
}
