// Text checks shared by search fields and query strings (purchasing-core §5 "Product entry",
// "Search filters"; settings-messaging-shared §5 "Shared widgets").

/**
 * The Han ideograph blocks: Unified (U+4E00–9FFF), Extension A (U+3400–4DBF), Compatibility
 * (U+F900–FAFF) and the supplementary planes' extensions B–I and compatibility supplement
 * (U+20000–323AF). Full-width punctuation and letters (，。！（）ＡＢ１) are not Chinese characters.
 */
export const CHINESE_CHARACTER_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0x20000, 0x323af],
];

const CHINESE_CHARACTER = new RegExp(
  `[${CHINESE_CHARACTER_RANGES.map(
    ([from, to]) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`,
  ).join('')}]`,
  'u',
);

/**
 * The text without the trailing characters `drop` accepts. A loop, because the regular expression
 * it replaces (`/\/+$/`, `/\d+$/`) retries from every start of a run: quadratic on long runs.
 */
export function trimEndWhile(text: string, drop: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/** Model and order numbers may not contain Chinese characters. */
export function hasChineseCharacters(text: string | null | undefined): boolean {
  return typeof text === 'string' && CHINESE_CHARACTER.test(text);
}

export const SEARCH_MINIMUM_LENGTH = 2;

export function trimmedOrEmpty(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Searches start at `min` characters after trimming; a CJK character or emoji counts as one. */
export function meetsSearchMinimum(
  text: string | null | undefined,
  min: number = SEARCH_MINIMUM_LENGTH,
): boolean {
  return [...trimmedOrEmpty(text)].length >= min;
}

type NonEmpty<T> = Exclude<T, '' | null | undefined>;

/**
 * Drops '', null and undefined values before a record becomes a query string; 0, false and
 * whitespace are real values and stay.
 */
export function omitEmpty<T extends Record<string, unknown>>(
  record: T,
): { [K in keyof T]?: NonEmpty<T[K]> } {
  const result: { [K in keyof T]?: NonEmpty<T[K]> } = {};
  for (const key of Object.keys(record) as Array<keyof T & string>) {
    const value = record[key];
    if (value !== '' && value !== null && value !== undefined) {
      result[key] = value as NonEmpty<T[typeof key]>;
    }
  }
  return result;
}
