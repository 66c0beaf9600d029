// The sheet's server actions (purchasing-core §4.2, §8): 下单采购 in the three quoted states (a
// 3C line refuses it with the spec's message before any call; otherwise the ordering dialog
// confirms it and shows the VIP use the call returns), 取消采购单 with a required reason unless
// cancelled or enforced, 恢复采购单 when cancelled. Offline (or before a sheet made offline reaches the server) the buttons are
// disabled and the reason is written beside them.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { StoredSheet } from '../../../data/derive';
import { type ActionState, placeOrderRefusal } from '../../../domain/purchase/sheetDetail';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import { validateCancelReason } from '../../../domain/purchase/validation';
import { PlaceOrderDialog } from './PlaceOrderDialog';
import type { SheetActions as Actions } from './useSheetActions';

function CancelDialog({
  opened,
  onClose,
  onCancel,
}: {
  opened: boolean;
  onClose(): void;
  onCancel(reason: string): Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const invalid = validateCancelReason(reason);
    setError(invalid);
    if (invalid !== null) return;
    setBusy(true);
    const done = await onCancel(reason.trim());
    setBusy(false);
    if (done) {
      setReason('');
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={SHEET_LABELS.CANCEL_DIALOG_TITLE} centered>
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

export interface SheetActionsProps {
  sheet: StoredSheet;
  states: { placeOrder: ActionState; cancel: ActionState; restore: ActionState };
  actions: Actions;
}

export function SheetActions({ sheet, states, actions }: SheetActionsProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [ordering, setOrdering] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const shown = [states.placeOrder, states.cancel, states.restore].filter((state) => state.shown);
  // Every server action is blocked for the same reason (offline, or not on the server yet).
  const reason = shown.find((state) => state.disabledReason !== null)?.disabledReason ?? null;

  const placeOrder = () => {
    const refused = placeOrderRefusal(sheet);
    setRefusal(refused);
    if (refused === null) setOrdering(true);
  };
  const restore = async () => {
    setRestoring(true);
    await actions.restore();
    setRestoring(false);
  };

  return (
    <Stack gap="xs">
      {/* The dialogs stay mounted when the new state offers no action (a placed order). */}
      <Group gap="sm" display={shown.length === 0 ? 'none' : undefined}>
        {states.placeOrder.shown && (
          <Button disabled={states.placeOrder.disabledReason !== null} onClick={placeOrder}>
            {SHEET_LABELS.PLACE_ORDER}
          </Button>
        )}
        {states.restore.shown && (
          <Button
            variant="light"
            disabled={states.restore.disabledReason !== null}
            loading={restoring}
            onClick={() => void restore()}
          >
            {SHEET_LABELS.RESTORE}
          </Button>
        )}
        {states.cancel.shown && (
          <Button
            variant="light"
            color="red"
            disabled={states.cancel.disabledReason !== null}
            onClick={() => setCancelling(true)}
          >
            {SHEET_LABELS.CANCEL_SHEET}
          </Button>
        )}
      </Group>
      {reason && (
        <Text size="sm" c="dimmed" data-testid="action-reason">
          {reason}
        </Text>
      )}
      {refusal && (
        <Alert
          color="red"
          withCloseButton
          onClose={() => setRefusal(null)}
          data-testid="place-order-refusal"
        >
          {refusal}
        </Alert>
      )}
      <CancelDialog
        opened={cancelling}
        onClose={() => setCancelling(false)}
        onCancel={actions.cancel}
      />
      <PlaceOrderDialog
        opened={ordering}
        onClose={() => setOrdering(false)}
        sheet={sheet}
        placeOrder={actions.placeOrder}
      />
    </Stack>
  );
}
