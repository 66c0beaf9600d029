// The sheet's actions that need the server's answer at once (DESIGN §4; docs/api.md §6): place
// order (submit_contract, answering the VIP use), cancel with a reason, restore, send inquiry.
// The other sheet writes go through the outbox (src/sync/core/mutations/, outbox.ts here).
import { z } from 'zod';
import { type NoRequest, route } from './route';

const money = z.number().nullable();

export const vipUseSchema = z.object({
  taxed_amount: money,
  vip_balance: money,
  vip_rebate: money,
  vip_taxed_amount: money,
});
export type VipUse = z.infer<typeof vipUseSchema>;

/** The sheet row after the action: the app reads nothing of it (the pull brings the row). */
export const sheetRowAnswer = z.object({ id: z.number(), version: z.number() });

/** PUT …/{id}/cancel: the reason the user gave (the spec's `data.reason` is accepted too). */
export type CancelBody = { reason?: string | null; data?: { reason?: string | null } | null };

const BASE = '/inquiry-api/v7/inquiry_quotation';
type SheetId = { sheetId: number };

export const SHEET_ROUTES = {
  placeOrder: route<NoRequest>()({
    method: 'PUT',
    path: ({ sheetId }: SheetId) => `${BASE}/${sheetId}/submit_contract`,
    answer: vipUseSchema,
  }),
  cancelSheet: route<{ body: CancelBody }>()({
    method: 'PUT',
    path: ({ sheetId }: SheetId) => `${BASE}/${sheetId}/cancel`,
    answer: sheetRowAnswer,
  }),
  restoreSheet: route<NoRequest>()({
    method: 'PUT',
    path: ({ sheetId }: SheetId) => `${BASE}/${sheetId}/restore`,
    answer: sheetRowAnswer,
  }),
  sendInquiry: route<NoRequest>()({
    method: 'PUT',
    path: ({ sheetId }: SheetId) => `${BASE}/${sheetId}/send_inquiry`,
    answer: sheetRowAnswer,
  }),
};
