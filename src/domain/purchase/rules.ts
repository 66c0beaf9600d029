// What a purchase sheet offers in each state (purchasing-core §4.2, §5 "Owner change", §2.3).
// Rules take the state as a plain string so a newer server's unknown state never crashes:
// "offered only in X" rules refuse it, "offered unless X" rules allow it, as the spec words them.

export { DEFAULT_PAYMENT_METHOD } from '../finance/paymentMethods';

import { toEpochMs } from '../format/date';
import { PURCHASING_MESSAGES } from '../messages/purchasing';
import type { SheetState } from './sheetStates';

export const PLACE_ORDER_STATES = [
  'INQUIRY_REPLIED',
  'FOLLOWED_UP',
  'QUOTATION_SENT',
] as const satisfies readonly SheetState[];
export const NO_CANCEL_STATES = [
  'CANCELLED',
  'CONTRACT_ENFORCED',
] as const satisfies readonly SheetState[];
export const RESTORE_STATES = ['CANCELLED'] as const satisfies readonly SheetState[];
export const NO_OWNER_CHANGE_STATES = ['SIGN'] as const satisfies readonly SheetState[];
export const QUOTE_PRICE_STATES = [
  'INQUIRY_REPLIED',
  'FOLLOWED_UP',
  'QUOTATION_SENT',
  'CONTRACT_AUDITING',
  'CONTRACT_ENFORCED',
] as const satisfies readonly SheetState[];
export const LIST_TOTAL_STATES = [
  'INQUIRY_REPLIED',
  'QUOTATION_SENT',
  'FOLLOWED_UP',
  'CONTRACT_AUDITING',
] as const satisfies readonly SheetState[];
export const DRAFT_STATES = ['DRAFT'] as const satisfies readonly SheetState[];
export const VALIDITY_WARNING_STATES = [
  'INQUIRY_REPLIED',
  'QUOTATION_SENT',
  'FOLLOWED_UP',
  'CONTRACT_AUDITING',
] as const satisfies readonly SheetState[];

/** 180 days: a quoted product whose validity ended this long ago gets a warning. */
export const VALIDITY_WARNING_MS = 15_552_000_000;

/** The quote state of a 3C (China Compulsory Certification) product, which cannot be ordered. */
export const CCC_QUOTE_STATE = 'CCC';

function inStates(states: readonly string[], state: string): boolean {
  return states.includes(state);
}

export type PlaceOrderCheck =
  | { kind: 'allowed' }
  | { kind: 'notOffered' }
  | { kind: 'refused'; message: string };

/** Place order (submit_contract): the button shows in three states, and a 3C line refuses it. */
export function canPlaceOrder(
  state: string,
  lines: readonly { quote_state?: string | null }[],
): PlaceOrderCheck {
  if (!inStates(PLACE_ORDER_STATES, state)) return { kind: 'notOffered' };
  if (lines.some((line) => line.quote_state === CCC_QUOTE_STATE)) {
    return { kind: 'refused', message: PURCHASING_MESSAGES.CCC_PRODUCT_IN_ORDER };
  }
  return { kind: 'allowed' };
}

/**
 * 取消采购单: unless cancelled or enforced, and never on a sheet that became an order: cancelling
 * only the sheet would leave the order running (its next step restores the sheet's state), so an
 * ordered sheet offers the order's cancel request instead (docs/decisions.md).
 */
export function canCancel(state: string, ordered: boolean): boolean {
  return !ordered && !inStates(NO_CANCEL_STATES, state);
}

export function canRestore(state: string): boolean {
  return inStates(RESTORE_STATES, state);
}

export function canChangeSheetOwner(state: string): boolean {
  return !inStates(NO_OWNER_CHANGE_STATES, state);
}

export function showsQuotePrices(state: string): boolean {
  return inStates(QUOTE_PRICE_STATES, state);
}

export function showsListTotal(state: string): boolean {
  return inStates(LIST_TOTAL_STATES, state);
}

/** An amount with its currency, as the supplier nodes carry it. */
export interface NodeAmount {
  taxed_amount: number | null;
  currency: string | null;
}

/**
 * The purchase list's 含税总价 (§4.2): on the tabs with the order table, the order's amount (the
 * sheet's while it has no order); on the inquiry table, the sheet's in the states that show it.
 * Null where the list says 待确认.
 */
export function listTaxedTotal(
  sheet: { state: string; supplier_node: NodeAmount },
  order: { supplier_node: NodeAmount } | null,
  orderTable: boolean,
): NodeAmount | null {
  if (orderTable) return order?.supplier_node ?? sheet.supplier_node;
  return showsListTotal(sheet.state) ? sheet.supplier_node : null;
}

/** A sheet not yet saved (no state) is the create form, which is a draft too. */
function isDraft(state: string | null | undefined): boolean {
  return state === null || state === undefined || inStates(DRAFT_STATES, state);
}

export function linesEditable(state: string | null | undefined): boolean {
  return isDraft(state);
}

export function canSaveDraft(state: string | null | undefined): boolean {
  return isDraft(state);
}

export function canSendInquiry(state: string | null | undefined): boolean {
  return isDraft(state);
}

export interface ValidityLine {
  product?: { validity_end_date?: string | number | null } | null;
}

/**
 * A quoted sheet warns when any product's validity ended 180 days or more before `now` (epoch ms).
 * Missing or unreadable dates are ignored rather than warned about; a date without an offset is
 * read as UTC, the server's clock (format/date).
 */
export function validityWarning(
  state: string,
  lines: readonly ValidityLine[],
  now: number,
): boolean {
  if (!inStates(VALIDITY_WARNING_STATES, state)) return false;
  return lines.some((line) => {
    const end = toEpochMs(line.product?.validity_end_date);
    return end !== null && now - end >= VALIDITY_WARNING_MS;
  });
}

export interface StaffMember {
  id: number;
  name: string;
  status: string;
  companyId: number;
}

/** Who may become the new owner: in-service staff of the current company, not the present owner. */
export function ownerCandidates<T extends StaffMember>(
  staff: readonly T[],
  currentCompanyId: number,
  currentOwnerId: number | null | undefined,
): T[] {
  return staff.filter(
    (person) =>
      person.status === 'IN_SERVICE' &&
      person.companyId === currentCompanyId &&
      person.id !== currentOwnerId,
  );
}
