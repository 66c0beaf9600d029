// 申请取消 of an order (purchasing-core §7 `orders/{id}/actions` cancel, with a reason): offered on
// the order detail, the order list's rows and an ordered sheet's page, at 10/20 while not
// cancelled or already asked. It goes through the outbox ('order.requestCancel'), so it works
// offline and lands once; the order shows 取消申请中 at once, marked 待同步.
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ORDER_CANCEL_LABELS } from '../../domain/orders/rules';
import { useSession } from '../../platform/session/useSession';
import { useSyncWrite } from '../../platform/sync/useSyncWrite';
import { enqueueRefusal } from '../../sync/core/lifecycle';
import { ReasonDialog } from '../common/ReasonDialog';

/** Resolves true once the request is queued (and shown), false when it could not be saved. */
export function useRequestOrderCancel(): (
  companyId: number,
  orderId: number,
  reason: string,
) => Promise<boolean> {
  const write = useSyncWrite();
  return async (companyId, orderId, reason) => {
    try {
      await write((api) =>
        api.enqueue(companyId, {
          type: 'order.requestCancel',
          payload: { id: orderId, reason },
        }),
      );
    } catch (error) {
      notifications.show({
        color: 'red',
        message: enqueueRefusal(error) ?? ORDER_CANCEL_LABELS.FAILED,
      });
      return false;
    }
    notifications.show({ color: 'teal', message: ORDER_CANCEL_LABELS.QUEUED });
    return true;
  };
}

export interface OrderCancelButtonProps extends Pick<ButtonProps, 'size'> {
  orderId: number;
  /** The order's number, so a row's button names its order to screen readers. */
  orderName?: string;
  /** Called once the request is queued (a sheet hides the button before its mirror arrives). */
  onQueued?(): void;
}

/** The button and its reason dialog; the caller decides whether the order offers it. */
export function OrderCancelButton({ orderId, orderName, size, onQueued }: OrderCancelButtonProps) {
  const { currentCompany } = useSession();
  const request = useRequestOrderCancel();
  const [opened, setOpened] = useState(false);
  return (
    // A list row opens the order on click: the button and its dialog keep their clicks.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops the row's click, no action
    // biome-ignore lint/a11y/useKeyWithClickEvents: the row opens on click only; keys reach the button
    <span onClick={(event) => event.stopPropagation()}>
      <Button
        variant="light"
        color="red"
        size={size}
        onClick={() => setOpened(true)}
        aria-label={orderName ? `${ORDER_CANCEL_LABELS.REQUEST} ${orderName}` : undefined}
      >
        {ORDER_CANCEL_LABELS.REQUEST}
      </Button>
      <ReasonDialog
        opened={opened}
        title={ORDER_CANCEL_LABELS.DIALOG_TITLE}
        onClose={() => setOpened(false)}
        onSubmit={async (reason) => {
          const queued = await request(currentCompany.id, orderId, reason);
          if (queued) onQueued?.();
          return queued;
        }}
      />
    </span>
  );
}
