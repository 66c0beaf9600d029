// The phone input widget: country-code picker, number length check and the stored form
// `+<dial code><number>` (settings-messaging-shared §5 "Shared widgets"). The spec names the
// countries listed first but not their formats; the lengths are the national significant
// number of a mobile (no trunk 0), as the picker's example numbers show them.

import { COMPANY_MESSAGES } from './messages';

interface PhoneCountry {
  dialCode: string;
  numberLength: number;
  label: string;
}

export const PHONE_COUNTRIES = {
  cn: { dialCode: '86', numberLength: 11, label: '中国' },
  de: { dialCode: '49', numberLength: 11, label: '德国' },
  us: { dialCode: '1', numberLength: 10, label: '美国' },
  hk: { dialCode: '852', numberLength: 8, label: '中国香港' },
  tw: { dialCode: '886', numberLength: 9, label: '中国台湾' },
  gb: { dialCode: '44', numberLength: 10, label: '英国' },
  fr: { dialCode: '33', numberLength: 9, label: '法国' },
  it: { dialCode: '39', numberLength: 10, label: '意大利' },
  es: { dialCode: '34', numberLength: 9, label: '西班牙' },
  ch: { dialCode: '41', numberLength: 9, label: '瑞士' },
} as const satisfies Record<string, PhoneCountry>;

export type PhoneCountryCode = keyof typeof PHONE_COUNTRIES;

export const DEFAULT_PHONE_COUNTRY: PhoneCountryCode = 'cn';

/** Shown at the top of the picker, in this order. */
export const PREFERRED_PHONE_COUNTRIES: readonly PhoneCountryCode[] = [
  'cn',
  'de',
  'us',
  'hk',
  'tw',
  'gb',
  'fr',
  'it',
  'es',
];

export function isPhoneCountryCode(value: unknown): value is PhoneCountryCode {
  return typeof value === 'string' && Object.hasOwn(PHONE_COUNTRIES, value);
}

/** 格式不正确！ unless the number is digits within one digit of the country's length; '' passes (required is the form's job). */
export function validatePhoneNumber(country: PhoneCountryCode, number: string): string | null {
  if (number === '') return null;
  const ok =
    /^\d+$/.test(number) && Math.abs(number.length - PHONE_COUNTRIES[country].numberLength) <= 1;
  return ok ? null : COMPANY_MESSAGES.PHONE_FORMAT_INVALID;
}

export function formatPhoneValue(country: PhoneCountryCode, number: string): string {
  return `+${PHONE_COUNTRIES[country].dialCode}${number}`;
}

/**
 * Splits a stored value back into picker and number by the longest matching dial code
 * (+852 is Hong Kong, not +85…). A value without a known dial code keeps the default country.
 */
export function parsePhoneValue(value: string): { country: PhoneCountryCode; number: string } {
  const text = value.trim();
  if (text.startsWith('+')) {
    const digits = text.slice(1);
    const match = (Object.keys(PHONE_COUNTRIES) as PhoneCountryCode[])
      .filter((c) => digits.startsWith(PHONE_COUNTRIES[c].dialCode))
      .sort((a, b) => PHONE_COUNTRIES[b].dialCode.length - PHONE_COUNTRIES[a].dialCode.length)[0];
    if (match)
      return { country: match, number: digits.slice(PHONE_COUNTRIES[match].dialCode.length) };
  }
  return { country: DEFAULT_PHONE_COUNTRY, number: text };
}
