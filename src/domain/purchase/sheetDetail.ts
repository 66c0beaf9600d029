// What the purchase sheet detail shows and offers (purchasing-core §2.3, §4.2): each action's
// visibility from the state rules (rules.ts), and whether it can run now on this device — the
// server's actions need the network and a sheet the server knows; a draft's local edits must
// reach the server before its inquiry is sent. Also the breadcrumb, quote prices per line and
// the state log as timeline entries.

import { COMMON_MESSAGES } from '../messages/common';
import { canRequestOrderCancel } from '../orders/rules';
import { SHEET_LIST_TYPE_INFO, type SheetListType } from './listTypes';
import {
  canCancel,
  canChangeSheetOwner,
  canPlaceOrder,
  canRestore,
  canSaveDraft,
  canSendInquiry,
  showsQuotePrices,
} from './rules';
import { sheetStateLabel } from './sheetStates';
import { SHEET_LABELS, SHEET_MESSAGES } from './sheetText';

export const SHEET_ACTIONS = [
  'placeOrder',
  'cancel',
  'requestOrderCancel',
  'restore',
  'sendInquiry',
  'saveDraft',
  'changeOwner',
] as const;
export type SheetAction = (typeof SHEET_ACTIONS)[number];

export interface ActionState {
  shown: boolean;
  /** Why the shown button cannot be used now; null when it can. */
  disabledReason: string | null;
}

export interface ActionContext {
  online: boolean;
  /** The sheet still has a temporary id: its create has not reached the server. */
  temporary: boolean;
  /** An optimistic change of the sheet waits in the outbox. */
  pending: boolean;
  /** The form holds edits not saved yet (drafts only). */
  dirty: boolean;
}

export interface DetailSheet {
  state: string;
  inquiry_product_list: readonly { quote_state?: string | null }[];
  /** The order the sheet became, if any: its cancel request replaces the sheet's cancel. */
  order?: { id: number } | null;
}

/** The reason a server call cannot be made now, or null. Offline is said first: it is the cause. */
function serverBlock(context: ActionContext): string | null {
  if (!context.online) return COMMON_MESSAGES.OFFLINE_ACTION;
  if (context.temporary) return SHEET_MESSAGES.NOT_ON_SERVER_YET;
  return null;
}

/**
 * Every action of the detail page. Place order stays usable with a 3C line: pressing it shows the
 * spec's refusal (placeOrderRefusal) instead of calling the server. Save draft, change owner and
 * the order's cancel request go through the outbox, so they work offline.
 */
export function sheetActionStates(
  sheet: DetailSheet,
  context: ActionContext,
): Record<SheetAction, ActionState> {
  const server = serverBlock(context);
  const ordered = sheet.order !== null && sheet.order !== undefined;
  const sendBlock =
    server ?? (context.dirty || context.pending ? SHEET_MESSAGES.SAVE_BEFORE_SEND : null);
  return {
    placeOrder: {
      shown: canPlaceOrder(sheet.state, sheet.inquiry_product_list).kind !== 'notOffered',
      disabledReason: server,
    },
    cancel: { shown: canCancel(sheet.state, ordered), disabledReason: server },
    // The sheet mirrors its order's state by name (CONTRACT_SIGNED = 10, CONTRACT_ENFORCED = 20).
    // The request goes through the outbox, so it works offline (an order is never temporary).
    requestOrderCancel: {
      shown: ordered && canRequestOrderCancel(sheet.state),
      disabledReason: null,
    },
    restore: { shown: canRestore(sheet.state), disabledReason: server },
    sendInquiry: { shown: canSendInquiry(sheet.state), disabledReason: sendBlock },
    saveDraft: { shown: canSaveDraft(sheet.state), disabledReason: null },
    changeOwner: { shown: canChangeSheetOwner(sheet.state), disabledReason: null },
  };
}

/** The 3C refusal of place order (§4.2, §8), or null when the order may be placed. */
export function placeOrderRefusal(sheet: DetailSheet): string | null {
  const check = canPlaceOrder(sheet.state, sheet.inquiry_product_list);
  return check.kind === 'refused' ? check.message : null;
}

export interface Crumb {
  label: string;
  /** The list the crumb leads to; absent for the current page. */
  listType?: SheetListType;
}

/** 采购单 / 新建 on the create form; 采购单 / <the list it was opened from> / <number> otherwise. */
export function sheetBreadcrumb(
  listType: SheetListType,
  sheetName: string | null,
  creating: boolean,
): Crumb[] {
  const root: Crumb = { label: SHEET_LABELS.ROOT_CRUMB, listType: 'ALL' };
  if (creating) return [root, { label: SHEET_LABELS.NEW_CRUMB }];
  const list: Crumb = { label: SHEET_LIST_TYPE_INFO[listType].breadcrumb, listType };
  return sheetName ? [root, list, { label: sheetName }] : [root, list];
}

export interface LinePrice {
  unit: number | null;
  total: number | null;
}

export interface PricedSheet {
  state: string;
  supplier_node: {
    price_map: Readonly<
      Record<string, { taxed_price_unit: number | null; taxed_amount: number | null }>
    >;
  };
}

/** A line's quoted prices, or null in the states that do not show prices (§4.2). */
export function linePrice(sheet: PricedSheet, lineId: number): LinePrice | null {
  if (!showsQuotePrices(sheet.state)) return null;
  const price = sheet.supplier_node.price_map[String(lineId)];
  return { unit: price?.taxed_price_unit ?? null, total: price?.taxed_amount ?? null };
}

export interface TimelineEntry {
  state: string;
  label: string;
  time: string | null;
}

/** The sheet's state log, oldest first, with the labels users read. */
export function sheetStateLogEntries(
  log: readonly { state: string; time?: string | null }[],
): TimelineEntry[] {
  return log.map((entry) => ({
    state: entry.state,
    label: sheetStateLabel(entry.state),
    time: entry.time ?? null,
  }));
}
