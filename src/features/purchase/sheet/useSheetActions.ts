// The sheet's actions that need the server's answer at once (DESIGN §4; docs/api.md §6):
// place order (submit_contract, answering the VIP use), cancel with a reason, restore and send
// inquiry. The API client shows a refusal's message; on success the hook says so and asks the
// engine to pull, so the local row (and every list) shows the new state without waiting for the
// live channel's poke.
import { notifications } from '@mantine/notifications';
import { APP_ROUTES as R } from '../../../contract/api/routes';
import type { VipUse } from '../../../contract/api/sheets';
import { PURCHASING_MESSAGES } from '../../../domain/messages/purchasing';
import { SHEET_MESSAGES } from '../../../domain/purchase/sheetText';
import { useApi } from '../../../platform/api/useApi';
import { useSyncApi } from '../../../platform/sync/useSyncApi';

export interface SheetActions {
  /** Resolves to the VIP use of the order, or null when the server refused. */
  placeOrder(): Promise<VipUse | null>;
  cancel(reason: string): Promise<boolean>;
  restore(): Promise<boolean>;
  sendInquiry(): Promise<boolean>;
}

export function useSheetActions(companyId: number, sheetId: number): SheetActions {
  const api = useApi();
  const sync = useSyncApi();
  const params = { sheetId };

  /** The answer, or null when the call failed (the client has shown its message). */
  async function run<T>(call: () => Promise<T>, success: string): Promise<{ answer: T } | null> {
    let answer: T;
    try {
      answer = await call();
    } catch {
      return null;
    }
    notifications.show({ color: 'teal', message: success });
    void sync.pullNow(companyId).catch(() => undefined);
    return { answer };
  }

  return {
    placeOrder: async () =>
      (await run(() => api.call(R.placeOrder, { params }), PURCHASING_MESSAGES.ORDER_PLACED))
        ?.answer ?? null,
    cancel: async (reason) =>
      (await run(
        () => api.call(R.cancelSheet, { params, body: { reason } }),
        SHEET_MESSAGES.CANCELLED,
      )) !== null,
    restore: async () =>
      (await run(() => api.call(R.restoreSheet, { params }), SHEET_MESSAGES.RESTORED)) !== null,
    sendInquiry: async () =>
      (await run(() => api.call(R.sendInquiry, { params }), SHEET_MESSAGES.SENT)) !== null,
  };
}
