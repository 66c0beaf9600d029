// How a purchase sheet got to its state: the states it passed through (its state log) and how long
// each step took. Shared by the demo, the bulk generator and the simulator, so every generated
// sheet has a believable history and every sheet that became an order carries the matching
// numeric order states (domain `toOrderStateCode`: CONTRACT_SIGNED → 10 … SIGNED/SIGN → 90).

import { formatDate } from '../../../src/domain/format/date';
import { type OrderStateCode, toOrderStateCode } from '../../../src/domain/orders/orderStates';
import type { SheetState } from '../../../src/domain/purchase/sheetStates';
import type { Random } from './random';

const MAIN_PATH = [
  'DRAFT',
  'INQUIRY_WAITING',
  'INQUIRY_SENT',
  'INQUIRY_REPLIED',
  'QUOTATION_SENT',
  'CONTRACT_AUDITING',
  'CONTRACT_SENT',
  'CONTRACT_SIGNED',
  'CONTRACT_ENFORCED',
  'ORDER_PLACED',
  'ORDER_CONFIRMED',
  'OVERSEA_PARTIAL',
  'OVERSEA_RECEIVED',
  'EXPORTED',
  'IMPORTED',
  'DOMESTIC_PARTIAL',
  'DOMESTIC_RECEIVED',
  'DELIVERED',
  'SIGNED',
] as const satisfies readonly SheetState[];

type MainState = (typeof MAIN_PATH)[number];
const upTo = (state: MainState): SheetState[] => MAIN_PATH.slice(0, MAIN_PATH.indexOf(state) + 1);

/** The states a sheet passes through to reach each state, the state itself last. */
export const SHEET_PATHS: Readonly<Record<SheetState, readonly SheetState[]>> = {
  DRAFT: upTo('DRAFT'),
  INQUIRY_WAITING: upTo('INQUIRY_WAITING'),
  DELAY_INQUIRY: [...upTo('INQUIRY_WAITING'), 'DELAY_INQUIRY'],
  INQUIRY_SENT: upTo('INQUIRY_SENT'),
  INQUIRY_PUSH: [...upTo('INQUIRY_SENT'), 'INQUIRY_PUSH'],
  EXPENSE_EXAMINE: [...upTo('INQUIRY_SENT'), 'EXPENSE_EXAMINE'],
  EXPENSE_APPROVED: [...upTo('INQUIRY_SENT'), 'EXPENSE_EXAMINE', 'EXPENSE_APPROVED'],
  INQUIRY_REPLIED: upTo('INQUIRY_REPLIED'),
  FOLLOWED_UP: [...upTo('INQUIRY_REPLIED'), 'FOLLOWED_UP'],
  QUOTATION_SENT: upTo('QUOTATION_SENT'),
  QUOTATION_REFUSE: [...upTo('INQUIRY_SENT'), 'QUOTATION_REFUSE'],
  CONTRACT_AUDITING: upTo('CONTRACT_AUDITING'),
  CONTRACT_SENT: upTo('CONTRACT_SENT'),
  CONTRACT_SIGNED: upTo('CONTRACT_SIGNED'),
  CONTRACT_ENFORCED: upTo('CONTRACT_ENFORCED'),
  ORDER_PLACED: upTo('ORDER_PLACED'),
  ORDER_CONFIRMED: upTo('ORDER_CONFIRMED'),
  OVERSEA_PARTIAL: upTo('OVERSEA_PARTIAL'),
  OVERSEA_RECEIVED: upTo('OVERSEA_RECEIVED'),
  EXPORTED: upTo('EXPORTED'),
  IMPORTED: upTo('IMPORTED'),
  DOMESTIC_PARTIAL: upTo('DOMESTIC_PARTIAL'),
  DOMESTIC_RECEIVED: upTo('DOMESTIC_RECEIVED'),
  DELIVERED: upTo('DELIVERED'),
  CANCELLED: [...upTo('INQUIRY_REPLIED'), 'CANCELLED'],
  CANCEL_REQUESTED: [...upTo('CONTRACT_SIGNED'), 'CANCEL_REQUESTED'],
  CANCEL_CONFIRMED: [...upTo('CONTRACT_SIGNED'), 'CANCEL_REQUESTED', 'CANCEL_CONFIRMED'],
  SIGN: [...upTo('DELIVERED'), 'SIGN'],
  SIGNED: upTo('SIGNED'),
};

/** The numeric order state a sheet state stands for; null while the sheet is no order yet. */
export const orderCodeOfSheetState = (state: SheetState): OrderStateCode | null =>
  toOrderStateCode(state);

/** The sheet has been quoted (its lines carry prices) once it passed INQUIRY_REPLIED. */
export const isQuotedState = (state: SheetState): boolean =>
  SHEET_PATHS[state].includes('INQUIRY_REPLIED');

/** Steps the supplier takes (quotes, logistics); the buyer's owner takes the others. */
const SUPPLIER_STEPS: ReadonlySet<SheetState> = new Set([
  'INQUIRY_REPLIED',
  'FOLLOWED_UP',
  'QUOTATION_SENT',
  'QUOTATION_REFUSE',
  'EXPENSE_EXAMINE',
  'EXPENSE_APPROVED',
  'CONTRACT_SENT',
  'CONTRACT_ENFORCED',
  'ORDER_PLACED',
  'ORDER_CONFIRMED',
  'OVERSEA_PARTIAL',
  'OVERSEA_RECEIVED',
  'EXPORTED',
  'IMPORTED',
  'DOMESTIC_PARTIAL',
  'DOMESTIC_RECEIVED',
  'DELIVERED',
  'CANCEL_CONFIRMED',
]);

export const isSupplierStep = (state: SheetState): boolean => SUPPLIER_STEPS.has(state);

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A calendar day in Shanghai (validity and arrival dates are days, not instants). */
export const shanghaiDay = (ms: number): string => formatDate(ms);

/** 00:00 in Shanghai of the day `now` falls on: the seeds' "now" (every generated time is before it). */
export const dayStart = (now: Date): number => Date.parse(`${formatDate(now)}T00:00:00+08:00`);

/** How long the step into `state` took: hours for paperwork, days for goods on the move. */
export function stepDuration(rng: Random, state: SheetState): number {
  const code = orderCodeOfSheetState(state);
  if (code !== null && code >= 30) return rng.int(1, 12) * DAY_MS + rng.int(0, 23) * HOUR_MS;
  if (state === 'INQUIRY_REPLIED' || state === 'QUOTATION_REFUSE') return rng.int(4, 96) * HOUR_MS;
  return rng.int(1, 48) * HOUR_MS + rng.int(0, 59) * 60_000;
}

export type TimedStep = { state: SheetState; ms: number };

/**
 * The timed history of a sheet in `state`, ending `ageMs` before `anchorMs` (so nothing is in the
 * future): first step = creation, last step = the current state.
 */
export function sheetHistory(
  rng: Random,
  state: SheetState,
  anchorMs: number,
  ageMs: number,
): TimedStep[] {
  const path = SHEET_PATHS[state];
  const durations = path.map((step, i) => (i === 0 ? 0 : stepDuration(rng, step)));
  const total = durations.reduce((sum, d) => sum + d, 0);
  let ms = anchorMs - ageMs - total;
  return path.map((step, i) => {
    ms += durations[i] ?? 0;
    return { state: step, ms };
  });
}
