// The sheet's actions that need the server's answer at once (DESIGN §4; docs/api.md §6):
// place order (submit_contract, answering the VIP use), cancel with a reason, restore and send
// inquiry. The API client shows a refusal's message; on success the hook says so and asks the
// engine to pull, so the local row (and every list) shows the new state without waiting for the
// live channel's poke.
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { PURCHASING_MESSAGES } from '../../../domain/messages/purchasing';
import { SHEET_MESSAGES } from '../../../domain/purchase/sheetText';
import { useApi } from '../../../platform/api/useApi';
import { useSyncApi } from '../../../platform/sync/useSyncApi';

const SHEET_API_BASE = '/inquiry-api/v7/inquiry_quotation';

const money = z.number().nullable();
const vipUseSchema = z.object({
  taxed_amount: money,
  vip_balance: money,
  vip_rebate: money,
  vip_taxed_amount: money,
});
export type VipUse = z.infer<typeof vipUseSchema>;

/** Every other action answers the sheet row, which the pull brings anyway. */
const rowAnswer = z.unknown();

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
  const path = (action: string) => `${SHEET_API_BASE}/${sheetId}/${action}`;

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
      (
        await run(
          () => api.put(path('submit_contract'), { schema: vipUseSchema }),
          PURCHASING_MESSAGES.ORDER_PLACED,
        )
      )?.answer ?? null,
    cancel: async (reason) =>
      (await run(
        () => api.put(path('cancel'), { body: { reason }, schema: rowAnswer }),
        SHEET_MESSAGES.CANCELLED,
      )) !== null,
    restore: async () =>
      (await run(
        () => api.put(path('restore'), { schema: rowAnswer }),
        SHEET_MESSAGES.RESTORED,
      )) !== null,
    sendInquiry: async () =>
      (await run(
        () => api.put(path('send_inquiry'), { schema: rowAnswer }),
        SHEET_MESSAGES.SENT,
      )) !== null,
  };
}
