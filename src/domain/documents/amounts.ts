// Money maths of the printable documents (settings-messaging-shared §3 "Printable documents",
// §4 CNY-priced stage, §9): payment split, 97% variant, VAT on CNY prices, tariff.
// Products go through exact decimals (format/decimal.ts) so 1.005 rounds to 1.01 and
// 100.05 × 0.3 does not land on the wrong side of a half cent.

import { decimalToNumber, multiplyDecimal, parseDecimal, roundDecimal } from '../format/decimal';
import type { SheetState } from '../purchase/sheetStates';

export const FIRST_PAYMENT_RATIO = 0.3;
export const BALANCE_RATIO = 0.7;
/** The big-order report's total variant. */
export const BIG_ORDER_TOTAL_RATIO = 0.97;
export const VAT_RATE = 0.13;
export const MONEY_DECIMALS = 2;

/** Half away from zero at `decimals` places; NaN for a value that is not a finite number. */
export function roundTo(value: number, decimals: number = MONEY_DECIMALS): number {
  const parsed = parseDecimal(value);
  return parsed ? decimalToNumber(roundDecimal(parsed, decimals)) : Number.NaN;
}

/** a × b rounded, computed on the decimal texts of a and b. */
export function multiplyRound(a: number, b: number, decimals: number = MONEY_DECIMALS): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return x && y ? decimalToNumber(roundDecimal(multiplyDecimal(x, y), decimals)) : Number.NaN;
}

export function firstPaymentOf(total: number): number {
  return multiplyRound(total, FIRST_PAYMENT_RATIO);
}

/** The rest of the total, so first payment + balance is the total to the cent. */
export function balancePaymentOf(total: number): number {
  return roundTo(total - firstPaymentOf(total));
}

export function bigOrderTotalVariant(total: number): number {
  return multiplyRound(total, BIG_ORDER_TOTAL_RATIO);
}

/** The document reports price sheets in these states in CNY. */
export const CNY_PRICED_SHEET_STATES = [
  'EXPENSE_APPROVED',
  'INQUIRY_REPLIED',
  'QUOTATION_SENT',
  'CONTRACT_SENT',
  'CONTRACT_SIGNED',
  'CONTRACT_ENFORCED',
] as const satisfies readonly SheetState[];

export function isCnyPricedStage(state: string | null | undefined): boolean {
  return (CNY_PRICED_SHEET_STATES as readonly (string | null | undefined)[]).includes(state);
}

/** A CNY unit price carries 13% VAT when the sheet has a CNY VAT fee. */
export function cnyUnitPriceWithVat(unitPrice: number, hasCnyVatFee: boolean): number {
  return hasCnyVatFee ? multiplyRound(unitPrice, 1 + VAT_RATE) : roundTo(unitPrice);
}

/** `tariffRatio` is a fraction (0.05 for 5%). */
export function unitPriceWithTariff(unitPriceWithoutTariff: number, tariffRatio: number): number {
  return multiplyRound(unitPriceWithoutTariff, roundTo(1 + tariffRatio, 10));
}

export function unitPriceWithoutTariff(unitPriceWithTariff: number, tariffRatio: number): number {
  return roundTo(unitPriceWithTariff / (1 + tariffRatio));
}
