// The reason dialog of a cancel: 取消采购单 on a sheet and 申请取消 on an order ask the same
// thing (a required reason, purchasing-core §5 "请输入取消原因", up to 500 characters), so they share
// one dialog. The dialog closes only when the caller says the cancel went through (or was queued).
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { SHEET_LABELS } from '../../domain/purchase/sheetText';
import { validateCancelReason } from '../../domain/purchase/validation';

export interface ReasonDialogProps {
  opened: boolean;
  title: string;
  onClose(): void;
  /** Resolves true when done: the dialog then clears and closes. */
  onSubmit(reason: string): Promise<boolean>;
}

export function ReasonDialog({ opened, title, onClose, onSubmit }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const invalid = validateCancelReason(reason);
    setError(invalid);
    if (invalid !== null) return;
    setBusy(true);
    const done = await onSubmit(reason.trim());
    setBusy(false);
    if (done) {
      setReason('');
      onClose();
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': SHEET_LABELS.CLOSE }}
    >
      <Stack>
        <Textarea
          label={SHEET_LABELS.CANCEL_REASON}
          withAsterisk
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {SHEET_LABELS.CANCEL}
          </Button>
          <Button color="red" loading={busy} onClick={() => void submit()}>
            {SHEET_LABELS.CONFIRM}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
