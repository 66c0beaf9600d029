// Exact decimal arithmetic for money: values are parsed from their shortest decimal text into a
// bigint coefficient, so 1.005 rounds to 1.01 and 0.1 × 3 is 0.30 (binary floats get both wrong).
// Rounding is half away from zero, as a clerk rounds by hand.

/** |value| = coefficient / 10^scale; zero is never negative. */
export interface Decimal {
  readonly negative: boolean;
  readonly coefficient: bigint;
  readonly scale: number;
}

const NUMERIC_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function make(negative: boolean, coefficient: bigint, scale: number): Decimal {
  return { negative: negative && coefficient !== 0n, coefficient, scale };
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/**
 * A finite number, or a numeric string as the wire may send it ('12', ' -1.5 ', '1e3').
 * Absent values (null, undefined, '', NaN, ±Infinity) and any other text give null.
 */
export function parseDecimal(value: unknown): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest text that round-trips, i.e. what the user typed: 1.005 not 1.00499…
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    // Also keeps '1e999' (Infinity) out, and bounds the exponent before bigint maths.
    if (!Number.isFinite(Number(text))) return null;
  } else {
    return null;
  }
  const match = NUMERIC_TEXT.exec(text);
  if (!match) return null;
  const [, sign, integerDigits = '', fractionDigits = '', exponentText = '0'] = match;
  if (integerDigits === '' && fractionDigits === '') return null;
  const coefficient = BigInt(`${integerDigits}${fractionDigits}` || '0');
  const scale = fractionDigits.length - Number(exponentText);
  if (scale < 0) return make(sign === '-', coefficient * pow10(-scale), 0);
  return make(sign === '-', coefficient, scale);
}

/** Rounds half away from zero to exactly `decimals` places (the result has scale `decimals`). */
export function roundDecimal(value: Decimal, decimals: number): Decimal {
  const { negative, coefficient, scale } = value;
  if (scale <= decimals) return make(negative, coefficient * pow10(decimals - scale), decimals);
  const shift = scale - decimals;
  // Fewer digits than the shift means |value| < 0.1 unit of the last place: it rounds to zero,
  // and skipping the division avoids a huge power of ten for inputs like '1e-300'.
  if (coefficient.toString().length < shift) return make(false, 0n, decimals);
  const divisor = pow10(shift);
  let quotient = coefficient / divisor;
  if ((coefficient % divisor) * 2n >= divisor) quotient += 1n;
  return make(negative, quotient, decimals);
}

export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return make(a.negative !== b.negative, a.coefficient * b.coefficient, a.scale + b.scale);
}

export function absDecimal(value: Decimal): Decimal {
  return make(false, value.coefficient, value.scale);
}

export interface DecimalStyle {
  readonly groupSeparator: string;
  readonly decimalSeparator: string;
}

/** 1234567 → 1,234,567. A loop: the lookahead `/\B(?=(\d{3})+$)/g` is quadratic in the length. */
function groupThousands(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) grouped += separator + digits.slice(at, at + 3);
  return grouped;
}

/** Writes a rounded decimal with grouped thousands; the sign is left to the caller. */
export function writeDigits(value: Decimal, style: DecimalStyle): string {
  const digits = value.coefficient.toString().padStart(value.scale + 1, '0');
  const integerPart = digits.slice(0, digits.length - value.scale);
  const fractionPart = digits.slice(digits.length - value.scale);
  const grouped = groupThousands(integerPart, style.groupSeparator);
  return fractionPart === '' ? grouped : `${grouped}${style.decimalSeparator}${fractionPart}`;
}

/** Back to a JavaScript number (the nearest double of the exact decimal). */
export function decimalToNumber(value: Decimal): number {
  const text = writeDigits(value, { groupSeparator: '', decimalSeparator: '.' });
  const result = Number(text);
  return value.negative ? -result : result;
}
