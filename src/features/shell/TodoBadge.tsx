// The header's to-do button with its count: the to-dos the current company received and has
// not dealt with (what the panel's to-do tab lists), live or local as useTodoCount decides.
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { PurchasingDb } from '../../data/db';
import { useAppBadge } from '../../platform/pwa/appBadge';
import { useTodoCount } from './useTodoCount';

export function TodoBadge({
  db,
  companyId,
  onOpen,
}: {
  db: PurchasingDb;
  companyId: number;
  onOpen(): void;
}) {
  const count = useTodoCount(db, companyId);
  // The installed app's icon shows the same count (where the browser offers app badges).
  useAppBadge(count);
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
