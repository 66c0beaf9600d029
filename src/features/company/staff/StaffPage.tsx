// Staff management /user/personnel-list (settings-messaging-shared §2 "Staff management";
// administrators only: the route guard of src/domain/routes.ts). The list is the synced
// staff table of the device, so it shows offline, read-only with the reason; every change goes to
// the server (the transitions and the sign-in refusal are its rules) and then pulls the new rows.
import { Alert, Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { StoredStaff } from '../../../data/derive';
import { COMMON_MESSAGES } from '../../../domain/messages/common';
import {
  STAFF_STATUS_LABELS,
  STAFF_STATUSES,
  type StaffStatus,
} from '../../../domain/staff/staffCodes';
import { STAFF_LABELS as L, STAFF_RULE_MESSAGES as R } from '../../../domain/staff/staffText';
import { DEFAULT_STATUS_FILTER, toggleStatusFilter } from '../../../domain/staff/statusFilter';
import { type StaffAction, staffActionConfirmation } from '../../../domain/staff/transitions';
import { useOnline } from '../../../platform/session/useOnline';
import { useSession } from '../../../platform/session/useSession';
import { useConfirm } from '../../common/useConfirm';
import { EmployeeFormDialog } from './EmployeeFormDialog';
import { HandoverDialog } from './HandoverDialog';
import { StaffList } from './StaffList';
import { useStaffActions } from './useStaffActions';
import { useOnDutyStaff, useStaffList } from './useStaffList';

export function StaffPage() {
  const session = useSession();
  const companyId = session.currentCompany.id;
  const online = useOnline();
  const compact = !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [statuses, setStatuses] = useState<readonly StaffStatus[]>(DEFAULT_STATUS_FILTER);
  const staff = useStaffList(companyId, statuses);
  const onDuty = useOnDutyStaff(companyId);
  const actions = useStaffActions(companyId);
  const [confirm, confirmDialog] = useConfirm();
  const [formTarget, setFormTarget] = useState<'new' | number | null>(null);
  const [leaving, setLeaving] = useState<StoredStaff | null>(null);

  const act = async (action: StaffAction, person: StoredStaff) => {
    if (action === 'handover') {
      setLeaving(person);
      return;
    }
    const question = staffActionConfirmation(action, {
      id: person.id,
      name: person.name,
      status: person.status,
      admin: person.is_admin,
    });
    if (!(await confirm(question, L.CONFIRM_TITLE))) return;
    if (action === 'restore') await actions.restore(person);
    else await actions.remove(person.id);
  };

  return (
    <Stack maw={1200} mx="auto" gap="sm">
      <Title order={2} size="h3">
        {L.TITLE}
      </Title>
      {!online && (
        <Alert color="gray" variant="light" data-testid="staff-offline">
          <Text size="sm">{R.OFFLINE_READ_ONLY}</Text>
          <Text size="sm">{COMMON_MESSAGES.OFFLINE_ACTION}</Text>
        </Alert>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="md" role="group" aria-label={L.FILTER}>
          {STAFF_STATUSES.map((status) => (
            <Checkbox
              key={status}
              label={STAFF_STATUS_LABELS[status]}
              checked={statuses.includes(status)}
              onChange={() => setStatuses((now) => toggleStatusFilter(now, status))}
            />
          ))}
        </Group>
        <Button
          onClick={() => setFormTarget('new')}
          disabled={!online}
          title={online ? undefined : COMMON_MESSAGES.OFFLINE_ACTION}
        >
          {L.ADD}
        </Button>
      </Group>
      {staff === undefined ? (
        <Loader size="sm" />
      ) : staff.length === 0 ? (
        <Text c="dimmed" data-testid="staff-empty">
          {online ? L.EMPTY : R.NOT_SYNCED}
        </Text>
      ) : (
        <StaffList
          staff={staff}
          compact={compact}
          online={online}
          isAdmin={session.isAdmin}
          handlers={{
            edit: (person) => setFormTarget(person.id),
            act: (action, person) => void act(action, person),
          }}
        />
      )}
      <EmployeeFormDialog
        target={formTarget}
        actions={actions}
        onClose={() => setFormTarget(null)}
      />
      <HandoverDialog
        employee={leaving}
        onDuty={onDuty ?? []}
        actions={actions}
        confirm={confirm}
        onClose={() => setLeaving(null)}
      />
      {confirmDialog}
    </Stack>
  );
}
