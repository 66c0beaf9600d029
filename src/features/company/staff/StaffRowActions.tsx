// The action buttons of one employee (table row or card): edit, and the transitions the domain
// allows for the employee's status (hand over and leave, restore, delete). Offline every button is
// disabled with the reason as its title.
import { Button, Group } from '@mantine/core';
import type { StoredStaff } from '../../../data/derive';
import { COMMON_MESSAGES } from '../../../domain/messages/common';
import { STAFF_LABELS as L } from '../../../domain/staff/staffText';
import { availableStaffActions, type StaffAction } from '../../../domain/staff/transitions';

const ACTION_LABELS: Record<StaffAction, string> = {
  handover: L.HANDOVER,
  restore: L.RESTORE,
  delete: L.DELETE,
};

export interface RowHandlers {
  edit(person: StoredStaff): void;
  act(action: StaffAction, person: StoredStaff): void;
}

interface Props {
  person: StoredStaff;
  online: boolean;
  /** Delete is for administrators only (§5 "Staff"). */
  isAdmin: boolean;
  handlers: RowHandlers;
  /** Phone cards: buttons tall enough to tap. */
  touch?: boolean;
}

export function StaffRowActions({ person, online, isAdmin, handlers, touch = false }: Props) {
  const size = touch ? 'compact-md' : 'compact-sm';
  const actions = availableStaffActions({
    id: person.id,
    name: person.name,
    status: person.status,
    admin: person.is_admin,
  }).filter((action) => action !== 'delete' || isAdmin);
  const offlineTitle = online ? undefined : COMMON_MESSAGES.OFFLINE_ACTION;
  return (
    <Group gap={4} wrap="wrap">
      <Button
        size={size}
        variant="subtle"
        disabled={!online}
        title={offlineTitle}
        onClick={() => handlers.edit(person)}
        aria-label={`${L.EDIT} ${person.name}`}
      >
        {L.EDIT}
      </Button>
      {actions.map((action) => (
        <Button
          key={action}
          size={size}
          variant="subtle"
          color={action === 'restore' ? 'teal' : 'red'}
          disabled={!online}
          title={offlineTitle}
          onClick={() => handlers.act(action, person)}
          aria-label={`${ACTION_LABELS[action]} ${person.name}`}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
    </Group>
  );
}
