// The phone input's state as plain functions (settings-messaging-shared §5 "Shared widgets"):
// the picker's options (the spec's nine countries first, in its order, then the rest by name),
// what the two fields show for a stored value, and the stored value for what was typed.
import {
  formatPhoneValue,
  PHONE_COUNTRIES,
  type PhoneCountryCode,
  PREFERRED_PHONE_COUNTRIES,
  parsePhoneValue,
  validatePhoneNumber,
} from '../../domain/company/phoneInput';

export interface PhoneCountryOption {
  value: PhoneCountryCode;
  label: string;
}

export function phoneCountryOptions(): PhoneCountryOption[] {
  const all = Object.keys(PHONE_COUNTRIES) as PhoneCountryCode[];
  const rest = all
    .filter((code) => !PREFERRED_PHONE_COUNTRIES.includes(code))
    .sort((a, b) => PHONE_COUNTRIES[a].label.localeCompare(PHONE_COUNTRIES[b].label, 'zh-CN'));
  return [...PREFERRED_PHONE_COUNTRIES, ...rest].map((code) => ({
    value: code,
    label: `${PHONE_COUNTRIES[code].label} +${PHONE_COUNTRIES[code].dialCode}`,
  }));
}

/**
 * What the fields show: an empty value keeps the country the user picked (`picked`), a stored
 * `+<dial code><number>` shows its own country.
 */
export function phoneFields(
  value: string,
  picked: PhoneCountryCode,
): { country: PhoneCountryCode; number: string } {
  if (value.trim() === '') return { country: picked, number: '' };
  const parsed = parsePhoneValue(value);
  return value.trim().startsWith('+') ? parsed : { country: picked, number: parsed.number };
}

/** The value to store for typed text: digits only, '' when there are none. */
export function phoneValueOf(country: PhoneCountryCode, typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return digits === '' ? '' : formatPhoneValue(country, digits);
}

/** 格式不正确！ for a number outside the country's length (empty passes: required is the form's job). */
export function phoneError(value: string, picked: PhoneCountryCode): string | null {
  const { country, number } = phoneFields(value, picked);
  return validatePhoneNumber(country, number);
}
