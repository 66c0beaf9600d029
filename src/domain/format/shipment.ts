// Shipment period (settings-messaging-shared §9 "Shipment weeks shown as a range from days/7+1
// to days/7+3"): product lines carry shipment_period in days; users read a range of weeks.
// days/7 is floored, so any started week counts as the one already begun (10 days → 2-4周).

import { COMMON_MESSAGES } from '../messages/common';

export const SHIPMENT_WEEKS_PLACEHOLDER = COMMON_MESSAGES.TO_BE_CONFIRMED;

export interface WeekRange {
  readonly from: number;
  readonly to: number;
}

/** A whole or fractional number of days, or its string; negatives and junk count as absent. */
function toDays(days: number | string | null | undefined): number | null {
  if (days === null || days === undefined) return null;
  const text = typeof days === 'string' ? days.trim() : String(days);
  // Plain decimal digits only: no sign, hex or exponent from a malformed wire value.
  return /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : null;
}

export function shipmentWeekRange(days: number | string | null | undefined): WeekRange | null {
  const value = toDays(days);
  if (value === null) return null;
  const weeks = Math.floor(value / 7);
  return { from: weeks + 1, to: weeks + 3 };
}

/** '1-3周' for 0 days, '2-4周' for 7; 待确认 when the period is not known. */
export function formatShipmentWeeks(days: number | string | null | undefined): string {
  const range = shipmentWeekRange(days);
  return range ? `${range.from}-${range.to}周` : SHIPMENT_WEEKS_PLACEHOLDER;
}
