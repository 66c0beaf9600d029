// Hand over and leave (settings-messaging-shared §2 "Handover dialog", §4 "Staff", §8 "Leaving"):
// a successor chosen from the other on-duty staff (请选择交接人 when none is chosen), then the
// irreversible-action confirmation, then the server. The list comes from the synced staff table.
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StoredStaff } from '../../../data/derive';
import { STAFF_LABELS as L } from '../../../domain/staff/staffText';
import {
  staffActionConfirmation,
  successorCandidates,
  validateHandover,
} from '../../../domain/staff/transitions';
import type { Confirm } from '../../common/useConfirm';
import type { StaffActions } from './useStaffActions';

interface Props {
  employee: StoredStaff | null;
  onDuty: readonly StoredStaff[];
  actions: StaffActions;
  confirm: Confirm;
  onClose(): void;
}

function HandoverForm({
  employee,
  onDuty,
  actions,
  confirm,
  onClose,
}: Props & { employee: StoredStaff }) {
  const [successor, setSuccessor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = successorCandidates(onDuty, employee.id).map((person) => ({
    value: String(person.id),
    label: person.mobile ? `${person.name}（${person.mobile}）` : person.name,
  }));

  const submit = async () => {
    const successorId = successor === null ? null : Number(successor);
    const problem = validateHandover(successorId);
    setError(problem);
    if (problem || successorId === null) return;
    const question = staffActionConfirmation('handover', {
      id: employee.id,
      name: employee.name,
      status: employee.status,
      admin: employee.is_admin,
    });
    if (!(await confirm(question, L.CONFIRM_TITLE))) return;
    setBusy(true);
    const done = await actions.handOver(employee.id, successorId);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="staff-handover-form"
    >
      <Stack gap="sm">
        <Text size="sm">{L.HANDOVER_HINT}</Text>
        {options.length === 0 ? (
          <Text c="dimmed">{L.NO_SUCCESSOR}</Text>
        ) : (
          <Select
            label={L.SUCCESSOR}
            placeholder={L.SUCCESSOR_PLACEHOLDER}
            withAsterisk
            data={options}
            value={successor}
            onChange={(value) => {
              setSuccessor(value);
              setError(null);
            }}
            searchable
            error={error}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {L.CANCEL}
          </Button>
          <Button type="submit" color="red" loading={busy} disabled={options.length === 0}>
            {L.HANDOVER}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function HandoverDialog(props: Props) {
  const { employee, onClose } = props;
  return (
    <Modal
      opened={employee !== null}
      onClose={onClose}
      title={employee ? `${L.HANDOVER_TITLE}：${employee.name}` : L.HANDOVER_TITLE}
      centered
      closeButtonProps={{ 'aria-label': L.CLOSE }}
    >
      {employee && <HandoverForm key={employee.id} {...props} employee={employee} />}
    </Modal>
  );
}
