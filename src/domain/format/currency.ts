// The currencies a buyer may be quoted in (purchasing-core §9, settings-messaging-shared §3
// "Enumerations" and §9): code, Chinese name, display symbol and ISO minor units.
// Money is always displayed with 2 decimals (money.ts); `isoDecimals` is kept for any maths that
// must respect the currency's real minor unit.

export const CURRENCIES = [
  'CNY',
  'EUR',
  'USD',
  'HKD',
  'GBP',
  'CHF',
  'JPY',
  'AUD',
  'DKK',
  'SEK',
  'NOK',
  'TRY',
] as const;

export type Currency = (typeof CURRENCIES)[number];

export interface CurrencyInfo {
  /** What a Chinese clerk calls the currency. */
  readonly name: string;
  /** Prefix shown before an amount; never shared by two currencies, so ¥ means yuan only. */
  readonly symbol: string;
  /** ISO 4217 minor units. */
  readonly isoDecimals: number;
}

export const CURRENCY_INFO: Record<Currency, CurrencyInfo> = {
  CNY: { name: '人民币', symbol: '¥', isoDecimals: 2 },
  EUR: { name: '欧元', symbol: '€', isoDecimals: 2 },
  USD: { name: '美元', symbol: '$', isoDecimals: 2 },
  HKD: { name: '港币', symbol: 'HK$', isoDecimals: 2 },
  GBP: { name: '英镑', symbol: '£', isoDecimals: 2 },
  CHF: { name: '瑞士法郎', symbol: 'CHF', isoDecimals: 2 },
  // Plain ¥ is the yuan in this app, so the yen gets the JP prefix.
  JPY: { name: '日元', symbol: 'JP¥', isoDecimals: 0 },
  AUD: { name: '澳元', symbol: 'A$', isoDecimals: 2 },
  // The three Nordic krone/krona all write "kr", which would be ambiguous: use the code.
  DKK: { name: '丹麦克朗', symbol: 'DKK', isoDecimals: 2 },
  SEK: { name: '瑞典克朗', symbol: 'SEK', isoDecimals: 2 },
  NOK: { name: '挪威克朗', symbol: 'NOK', isoDecimals: 2 },
  TRY: { name: '土耳其里拉', symbol: '₺', isoDecimals: 2 },
};

/** Rebates, VIP balances and the "no default currency" fallback are in yuan. */
export const BASE_CURRENCY: Currency = 'CNY';
export const DEFAULT_CURRENCY: Currency = 'CNY';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Wire values may come in lower case or padded; anything else is not a known currency. */
export function normalizeCurrency(value: unknown): Currency | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return isCurrency(code) ? code : null;
}

/** Chinese name; an unknown code from a newer server is shown as it is. */
export function currencyName(code: string): string {
  const currency = normalizeCurrency(code);
  return currency ? CURRENCY_INFO[currency].name : code;
}

/**
 * The prefix written before an amount, including the space that letter symbols need
 * ("CHF 5.00" but "€5.00"). Absent → yuan; an unknown code is shown as the code itself.
 */
export function currencyPrefix(code?: string | null): string {
  if (code === undefined || code === null || code.trim() === '') {
    return CURRENCY_INFO[DEFAULT_CURRENCY].symbol;
  }
  const currency = normalizeCurrency(code);
  const symbol = currency ? CURRENCY_INFO[currency].symbol : code.trim();
  return /[A-Za-z]$/.test(symbol) ? `${symbol} ` : symbol;
}
