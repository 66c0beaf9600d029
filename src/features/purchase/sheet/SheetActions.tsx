// The sheet's server actions (purchasing-core §4.2, §8): 下单采购 in the three quoted states (a
// 3C line refuses it with the spec's message before any call; otherwise the ordering dialog
// confirms it and shows the VIP use the call returns), 取消采购单 with a required reason unless
// cancelled or enforced or the sheet became an order (which offers the order's 申请取消 at 10/20,
// through the outbox), 恢复采购单 when cancelled. Offline (or before a sheet made offline reaches
// the server) the server's buttons are disabled and the reason is written beside them.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StoredSheet } from '../../../data/derive';
import { type ActionState, placeOrderRefusal } from '../../../domain/purchase/sheetDetail';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import { ReasonDialog } from '../../common/ReasonDialog';
import { OrderCancelButton } from '../../orders/OrderCancelRequest';
import { PlaceOrderDialog } from './PlaceOrderDialog';
import type { SheetActions as Actions } from './useSheetActions';

export interface SheetActionsProps {
  sheet: StoredSheet;
  states: {
    placeOrder: ActionState;
    cancel: ActionState;
    requestOrderCancel: ActionState;
    restore: ActionState;
  };
  actions: Actions;
}

export function SheetActions({ sheet, states, actions }: SheetActionsProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [ordering, setOrdering] = useState(false);
  const [restoring, setRestoring] = useState(false);
  // Hidden once queued: the sheet shows the order's new state only when the feed mirrors it.
  const [cancelRequested, setCancelRequested] = useState(false);
  const order = sheet.order;
  const offersOrderCancel = states.requestOrderCancel.shown && order !== null && !cancelRequested;
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
      <Group gap="sm" display={shown.length === 0 && !offersOrderCancel ? 'none' : undefined}>
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
        {offersOrderCancel && (
          <OrderCancelButton orderId={order.id} onQueued={() => setCancelRequested(true)} />
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
      <ReasonDialog
        opened={cancelling}
        title={SHEET_LABELS.CANCEL_DIALOG_TITLE}
        onClose={() => setCancelling(false)}
        onSubmit={actions.cancel}
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
