// Changing the owner of a sheet or an order goes through the outbox ('sheet.changeOwner',
// 'order.changeOwner'), so it works offline: the row shows the new owner at once (marked 待同步)
// and the engine sends the change, with If-Match on the version the user saw, when it can.
// The hook owns its notification: the spec's success message once the change is safely queued,
// its failure message when even that failed (a storage fault).

import { notifications } from '@mantine/notifications';
import { PURCHASING_MESSAGES } from '../../domain/messages/purchasing';
import { useSyncWrite } from '../../platform/sync/useSyncWrite';
import { enqueueRefusal } from '../../sync/core/lifecycle';

export type OwnerRecordKind = 'sheet' | 'order';

export interface OwnerChange {
  kind: OwnerRecordKind;
  companyId: number;
  id: number;
  /** The row version the user saw when choosing. */
  version: number;
  owner: { id: number; name: string };
}

/** Resolves true when the change is queued (and shown), false when it could not be saved. */
export function useChangeOwner(): (change: OwnerChange) => Promise<boolean> {
  const write = useSyncWrite();
  return async ({ kind, companyId, id, version, owner }) => {
    const payload = { id, ifMatch: version, owner };
    try {
      await write((api) =>
        api.enqueue(
          companyId,
          kind === 'sheet'
            ? { type: 'sheet.changeOwner', payload }
            : { type: 'order.changeOwner', payload },
        ),
      );
    } catch (error) {
      const message = enqueueRefusal(error) ?? PURCHASING_MESSAGES.OWNER_CHANGE_FAILED;
      notifications.show({ color: 'red', message });
      return false;
    }
    notifications.show({ color: 'teal', message: PURCHASING_MESSAGES.OWNER_CHANGED });
    return true;
  };
}
