// What number fields let the user type (purchasing-core §5 "Amounts", settings-messaging-shared §5
// "Shared widgets"): sanitizers run on every keystroke and return the text to keep in the field,
// so half-typed values ('12.', '-') survive. Full-width digits, '．' and '。' from a Chinese input
// method are read as their ASCII forms.

export const PRICE_DECIMALS = 2;

const FULL_WIDTH_ZERO = 0xff10;

function toHalfWidth(text: string): string {
  return text
    .replace(/[０-９]/g, (digit) =>
      String((digit.codePointAt(0) ?? FULL_WIDTH_ZERO) - FULL_WIDTH_ZERO),
    )
    .replace(/[．。]/g, '.')
    .replace(/[－−]/g, '-');
}

function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** '007' → '7', '000' → '0': one zero may stand before the point, never more. */
function collapseLeadingZeros(integerDigits: string): string {
  return integerDigits.replace(/^0+(?=\d)/, '');
}

interface SplitNumber {
  readonly integerDigits: string;
  readonly hasPoint: boolean;
  readonly fractionDigits: string;
}

/** Digits and the first decimal point; later points are dropped, the digits around them kept. */
function splitAtFirstPoint(text: string): SplitNumber {
  const cleaned = text.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  if (point < 0) return { integerDigits: cleaned, hasPoint: false, fractionDigits: '' };
  return {
    integerDigits: cleaned.slice(0, point),
    hasPoint: true,
    fractionDigits: digitsOnly(cleaned.slice(point + 1)),
  };
}

function joinNumber(integerDigits: string, hasPoint: boolean, fractionDigits: string): string {
  if (!hasPoint) return collapseLeadingZeros(integerDigits);
  // '.5' becomes '0.5' so the field always holds a number as people write it.
  return `${collapseLeadingZeros(integerDigits) || '0'}.${fractionDigits}`;
}

/**
 * The decimal helper (unit prices): digits and one decimal point, at most `decimals` (2) places,
 * extra places truncated. 'a1b.2.3' → '1.23', '.5' → '0.5', '007' → '7', '' → ''.
 */
export function sanitizeDecimal(text: string, decimals: number = PRICE_DECIMALS): string {
  const { integerDigits, hasPoint, fractionDigits } = splitAtFirstPoint(toHalfWidth(text));
  if (!hasPoint && integerDigits === '') return '';
  const keepPoint = hasPoint && decimals > 0;
  return joinNumber(integerDigits, keepPoint, keepPoint ? fractionDigits.slice(0, decimals) : '');
}

/** The positive-integer helper: digits only, no leading zero ('0' → '', '007' → '7'). */
export function sanitizePositiveInteger(text: string): string {
  return digitsOnly(toHalfWidth(text)).replace(/^0+/, '');
}

export interface NumberInputOptions {
  /** A leading minus is kept; otherwise the value is non-negative. */
  readonly allowNegative?: boolean;
  /** Decimals are truncated (never rounded). */
  readonly integer?: boolean;
  /** A larger value is replaced by the maximum. */
  readonly max?: number;
  /** Places kept after the point; unlimited when not given. */
  readonly decimals?: number;
  /** Digits only, and a leading 0 is rejected. */
  readonly onlyNumber?: boolean;
}

function capAtMax(text: string, max: number | undefined): string {
  if (max === undefined || !Number.isFinite(max)) return text;
  const value = Number(text);
  return text !== '' && text !== '-' && Number.isFinite(value) && value > max ? String(max) : text;
}

/** The number-input widget's rule, applied to the text typed so far. */
export function sanitizeNumberInput(text: string, options: NumberInputOptions = {}): string {
  const { allowNegative = false, integer = false, max, decimals, onlyNumber = false } = options;
  const normalized = toHalfWidth(text);
  if (onlyNumber) return capAtMax(sanitizePositiveInteger(normalized), max);
  const negative = allowNegative && normalized.trimStart().startsWith('-');
  const sign = negative ? '-' : '';
  const split = splitAtFirstPoint(normalized);
  const places = integer ? 0 : decimals;
  const keepPoint = split.hasPoint && (places === undefined || places > 0);
  const fraction = keepPoint ? split.fractionDigits.slice(0, places) : '';
  if (split.integerDigits === '' && !keepPoint) return sign;
  return capAtMax(`${sign}${joinNumber(split.integerDigits, keepPoint, fraction)}`, max);
}

/** A quantity as typed or sent: an integer of at least 1, else null. */
export function parseQuantity(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? value : null;
  if (typeof value !== 'string') return null;
  const text = toHalfWidth(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const quantity = Number(text);
  return Number.isSafeInteger(quantity) && quantity >= 1 ? quantity : null;
}
