// The header's to-do button with its count: the to-dos the current company received and has
// not dealt with (what the panel's to-do tab lists). While the live channel is connected the
// server's counter (`todo.all-user-undealt.{companyId}`) is shown; offline, the same count read
// from the local database, which also follows the user's own changes made offline.
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PurchasingDb } from '../../data/db';
import { todoReceivedTotalKey } from '../../data/lists/listKeys';
import { readTotal } from '../../data/totals';
import { TOPICS } from '../../domain/todos/topics';
import { useLiveCounters } from '../../platform/sync/useLiveCounters';
import { useSnapshotField } from '../../platform/sync/useSyncContext';
import { TODO_TAB_STATES } from '../todos/useTodoPanel';

function useTodoCount(db: PurchasingDb, companyId: number): number {
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

export function TodoBadge({
  db,
  companyId,
  onOpen,
}: {
  db: PurchasingDb;
  companyId: number;
  onOpen(): void;
}) {
  const local = useTodoCount(db, companyId);
  const counters = useLiveCounters();
  const live = useSnapshotField('live');
  const counter = counters[TOPICS.allUserUndealt(companyId)];
  const count = live === 'connected' && counter !== undefined ? counter : local;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      disabled={count === 0}
      offset={4}
      color="red"
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={onOpen}
        aria-label={count > 0 ? `待办消息（${count} 条待处理）` : '待办消息'}
        data-testid="todo-badge"
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
