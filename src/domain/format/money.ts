// Money and document number formats (purchasing-core §5 "Amounts" and §9, settings-messaging-shared
// §9): thousand separators, exactly 2 decimals, the currency symbol in front (yuan by default) and
// 待确认 for an absent value; German-locale amounts and weights for printable documents.
// Written by hand rather than with Intl so every runtime (Node without full ICU, old WebViews)
// prints the same text.

import { COMMON_MESSAGES } from '../messages/common';
import { currencyPrefix } from './currency';
import {
  absDecimal,
  type DecimalStyle,
  decimalToNumber,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  writeDigits,
} from './decimal';

/** What the wire or a form may hold for an amount. */
export type NumericInput = number | string | null | undefined;

export const MONEY_DECIMALS = 2;
export const WEIGHT_DECIMALS = 3;
export const MONEY_PLACEHOLDER = COMMON_MESSAGES.TO_BE_CONFIRMED;

const CHINESE_STYLE: DecimalStyle = { groupSeparator: ',', decimalSeparator: '.' };
const GERMAN_STYLE: DecimalStyle = { groupSeparator: '.', decimalSeparator: ',' };

function format(
  value: NumericInput,
  decimals: number,
  style: DecimalStyle,
  prefix: string,
  placeholder: string,
  absolute = false,
): string {
  const parsed = parseDecimal(value);
  if (!parsed) return placeholder;
  const rounded = roundDecimal(absolute ? absDecimal(parsed) : parsed, decimals);
  // Rounded first, so -0.001 loses its sign along with its digits.
  return `${rounded.negative ? '-' : ''}${prefix}${writeDigits(rounded, style)}`;
}

/**
 * '¥1,234,567.89'; another currency by code ('€5.00', 'CHF 5.00'); '-¥1.50' for negatives;
 * 待确认 when the value is absent. Every currency shows 2 decimals, as the specs say (JPY too).
 */
export function formatMoney(value: NumericInput, currency?: string | null): string {
  return format(value, MONEY_DECIMALS, CHINESE_STYLE, currencyPrefix(currency), MONEY_PLACEHOLDER);
}

/** Like formatMoney without any symbol: '1,234.50'. */
export function formatAmount(value: NumericInput): string {
  return format(value, MONEY_DECIMALS, CHINESE_STYLE, '', MONEY_PLACEHOLDER);
}

/** Order line totals are shown without sign (credit lines arrive negative). */
export function formatMoneyAbs(value: NumericInput, currency?: string | null): string {
  return format(
    value,
    MONEY_DECIMALS,
    CHINESE_STYLE,
    currencyPrefix(currency),
    MONEY_PLACEHOLDER,
    true,
  );
}

/**
 * Document amounts in German locale: '1.234.567,89'. An absent value leaves the cell empty
 * (the Chinese placeholder does not belong on a German document).
 */
export function formatGermanAmount(value: NumericInput): string {
  return format(value, MONEY_DECIMALS, GERMAN_STYLE, '', '');
}

/** Document weights in German locale with 3 decimals: '1.234,568'; absent → ''. */
export function formatWeight(value: NumericInput): string {
  return format(value, WEIGHT_DECIMALS, GERMAN_STYLE, '', '');
}

/**
 * Rounds half away from zero on the decimal value (roundMoney(1.005) === 1.01, where
 * Math.round(1.005 * 100) / 100 gives 1). NaN for a value that is not numeric.
 */
export function roundMoney(value: number | string, decimals: number = MONEY_DECIMALS): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`roundMoney: decimals must be an integer 0–20, got ${decimals}`);
  }
  const parsed = parseDecimal(value);
  return parsed ? decimalToNumber(roundDecimal(parsed, decimals)) : Number.NaN;
}

/** Unit price × quantity to 2 decimals without float drift; null when either is absent. */
export function lineTotal(unitPrice: NumericInput, quantity: NumericInput): number | null {
  const price = parseDecimal(unitPrice);
  const qty = parseDecimal(quantity);
  if (!price || !qty) return null;
  return decimalToNumber(roundDecimal(multiplyDecimal(price, qty), MONEY_DECIMALS));
}

/** True when formatMoney would show the placeholder. */
export function isMoneyAbsent(value: NumericInput): boolean {
  return parseDecimal(value) === null;
}
