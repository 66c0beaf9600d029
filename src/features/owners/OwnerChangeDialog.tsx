// The owner change dialog of a purchase sheet or an order (purchasing-core §5 "Owner change",
// §8): a searchable choice among the company's in-service staff except the present owner, read
// from the local staff table. Confirming queues the change in the outbox, so it works offline;
// the record's page shows the new owner at once with the 待同步 marker.
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { chosenOwner, OWNER_CHANGE_LABELS } from '../../domain/orders/ownerChange';
import { useOnline } from '../../platform/session/useOnline';
import { type OwnerRecordKind, useChangeOwner } from './useChangeOwner';
import { useOwnerOptions } from './useOwnerOptions';

export interface OwnerChangeDialogProps {
  opened: boolean;
  onClose(): void;
  kind: OwnerRecordKind;
  companyId: number;
  record: { id: number; version: number; ownerContactId: number | null };
}

function OwnerChooser({
  onClose,
  kind,
  companyId,
  record,
}: Omit<OwnerChangeDialogProps, 'opened'>) {
  const options = useOwnerOptions(companyId, record.ownerContactId);
  const online = useOnline();
  const changeOwner = useChangeOwner();
  const [value, setValue] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const owner = chosenOwner(options ?? [], value);

  const confirm = async () => {
    if (!owner) return;
    setSaving(true);
    const queued = await changeOwner({
      kind,
      companyId,
      id: record.id,
      version: record.version,
      owner,
    });
    setSaving(false);
    if (queued) onClose();
  };

  const empty = options !== undefined && options.length === 0;
  return (
    <Stack>
      {empty ? (
        <Text c="dimmed">{OWNER_CHANGE_LABELS.NO_CANDIDATES}</Text>
      ) : (
        <Select
          label={OWNER_CHANGE_LABELS.NEW_OWNER}
          placeholder={OWNER_CHANGE_LABELS.PLACEHOLDER}
          data={options ?? []}
          value={value}
          onChange={setValue}
          searchable
          nothingFoundMessage={OWNER_CHANGE_LABELS.NOTHING_FOUND}
          // Not disabled while the colleagues load (a moment, from the device): the dialog puts
          // the focus here as it opens, and a disabled field would leave it on the page behind.
          rightSection={options === undefined ? <Loader size="xs" /> : undefined}
          data-autofocus
        />
      )}
      {!online && (
        <Alert color="gray" variant="light" p="xs">
          <Text size="sm">{OWNER_CHANGE_LABELS.OFFLINE_HINT}</Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {OWNER_CHANGE_LABELS.CANCEL}
        </Button>
        <Button onClick={confirm} disabled={!owner} loading={saving}>
          {OWNER_CHANGE_LABELS.CONFIRM}
        </Button>
      </Group>
    </Stack>
  );
}

export function OwnerChangeDialog({ opened, onClose, ...rest }: OwnerChangeDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={OWNER_CHANGE_LABELS.TITLE}
      closeButtonProps={{ 'aria-label': OWNER_CHANGE_LABELS.CANCEL }}
      centered
    >
      {/* Mounted only while open, so every opening starts with no choice made. */}
      {opened && <OwnerChooser onClose={onClose} {...rest} />}
    </Modal>
  );
}
