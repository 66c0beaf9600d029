// The company-info form: location lock, email check, default currency and the bank-name rule
// (settings-messaging-shared §2 "Company settings", §5 "Company settings" and "Shared widgets",
// §9 "Default currency CNY when a country has none").

import { DEFAULT_CURRENCY } from '../format/currency';
import { COMPANY_MESSAGES } from './messages';

export const LOCATION_FIELDS = ['country', 'province', 'city'] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];
type Location = Partial<Record<LocationField, string | null>>;

const filled = (v: string | null | undefined): boolean =>
  v !== null && v !== undefined && v.trim() !== '';

/**
 * A location field is locked once the server holds a value for it. Each field locks on its own:
 * a company with a country but no province may still choose its province.
 */
export function isLocationFieldLocked(server: Location, field: LocationField): boolean {
  return filled(server[field]);
}

/** Saving asks for confirmation (title 提示) when it sets a location field for the first time. */
export function locationConfirmation(server: Location, draft: Location): string | null {
  const setsNew = LOCATION_FIELDS.some(
    (f) => !isLocationFieldLocked(server, f) && filled(draft[f]),
  );
  return setsNew ? COMPANY_MESSAGES.LOCATION_CONFIRM : null;
}

// Domain labels hold no dot, so each character has one place to go (linear; the older
// `[^\s@]+\.[^\s@]+` could split the domain at every dot and was quadratic).
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function validateCompanyEmail(email: string | null | undefined): string | null {
  const value = email?.trim() ?? '';
  return value === '' || EMAIL_PATTERN.test(value) ? null : COMPANY_MESSAGES.EMAIL_INVALID;
}

/**
 * Our own country → currency table, for the countries the address lists and the phone picker
 * know. Euro countries of those lists use EUR; Taiwan has no offered currency and falls back.
 */
export const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  CN: 'CNY',
  HK: 'HKD',
  US: 'USD',
  GB: 'GBP',
  CH: 'CHF',
  DE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  AT: 'EUR',
  NL: 'EUR',
  JP: 'JPY',
  AU: 'AUD',
  DK: 'DKK',
  SE: 'SEK',
  NO: 'NOK',
  TR: 'TRY',
};

export function defaultCurrencyOf(countryCode: string | null | undefined): string {
  const code = countryCode?.trim().toUpperCase() ?? '';
  return COUNTRY_CURRENCY[code] ?? DEFAULT_CURRENCY;
}

/** The large state bank whose name, typed for a CN company, selects the server's bank id 4. */
export const CN_STATE_BANK_NAME = '中国工商银行';
export const CN_STATE_BANK_ID = 4;

export function bankIdForName(name: string, countryCode: string | null | undefined): number | null {
  return countryCode === 'CN' && name.trim() === CN_STATE_BANK_NAME ? CN_STATE_BANK_ID : null;
}

/**
 * The bank code stored with a bank name (the company's invoice bank, an employee's account): the
 * bank id the name selects, else `sentCode`. Only this rule sets codes in the app, so the forms
 * send its answer for the name as typed and a stale code never outlives a changed name.
 */
export function bankCodeFor(
  name: string,
  sentCode: string | null,
  countryCode: string | null | undefined,
): string | null {
  const id = bankIdForName(name, countryCode);
  return id === null ? sentCode : String(id);
}
