// What goes into a printable report: which lines, which address, how extra weight is spread
// (settings-messaging-shared §3 "Printable documents", §4, §9).

import { QUOTE_STATES_OUT_OF_REPORTS } from '../catalog/productLabels';

/** Shown as the delivery company on invoices. */
export const INVOICE_DELIVERY_COMPANY = '顺丰';

export interface ReportLineFlags {
  deleted?: boolean | null;
  quote_state?: string | null;
}

export function isReportLine(line: ReportLineFlags): boolean {
  return (
    line.deleted !== true &&
    !(QUOTE_STATES_OUT_OF_REPORTS as readonly (string | null | undefined)[]).includes(
      line.quote_state,
    )
  );
}

export function reportLines<T extends ReportLineFlags>(lines: readonly T[]): T[] {
  return lines.filter(isReportLine);
}

/** Address kinds of a party's address list (our names: the spec gives the rule, not the codes). */
export const SHIPMENT_ADDRESS_TYPE = 'SHIPMENT';
export const COMPANY_ADDRESS_TYPE = 'COMPANY';

export interface PartyAddress {
  address_type?: string | null;
  is_primary?: boolean | null;
}

/** Primary shipment address, else primary company address, else the first; null when none. */
export function choosePartyAddress<T extends PartyAddress>(addresses: readonly T[]): T | null {
  const primary = (type: string) =>
    addresses.find((a) => a.address_type === type && a.is_primary === true);
  return primary(SHIPMENT_ADDRESS_TYPE) ?? primary(COMPANY_ADDRESS_TYPE) ?? addresses[0] ?? null;
}

export const WEIGHT_DECIMALS = 3;

/**
 * Spreads `extra` over boxes in proportion to their gross weights, to the gram (3 decimals).
 * Largest-remainder rounding makes the shares add up to exactly `extra` (earlier boxes win a
 * tie). Without any gross weight the extra is spread evenly; negative weights count as 0.
 */
export function distributeExtraWeight(grossWeights: readonly number[], extra: number): number[] {
  if (grossWeights.length === 0) return [];
  const sign = extra < 0 ? -1 : 1;
  const units = Math.round(Math.abs(extra) * 10 ** WEIGHT_DECIMALS);
  const weights = grossWeights.map((w) => (Number.isFinite(w) && w > 0 ? w : 0));
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total > 0 ? (units * w) / total : units / weights.length));
  const shares = exact.map(Math.floor);
  let left = units - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, r: e - Math.floor(e) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares.map((s) => (s === 0 ? 0 : (sign * s) / 10 ** WEIGHT_DECIMALS));
}
