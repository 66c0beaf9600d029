// Employee form checks and the login-user search (settings-messaging-shared §5 "Staff",
// §5 "Shared widgets", §6 "Departed partner users are excluded from the internal-user list").

import { EMAIL_PATTERN } from '../company/companyInfo';
import { STAFF_MESSAGES } from './messages';
import { STAFF_RULE_MESSAGES } from './staffText';

/** Mainland mobile (1, then 3–9, then 9 digits) with an optional +country prefix such as +86. */
export const STAFF_MOBILE_PATTERN = /^(?:\+\d{1,3})?1[3-9]\d{9}$/;

export interface EmployeeForm {
  name: string;
  mobile: string;
}

export function validateEmployeeForm(
  form: EmployeeForm,
): Partial<Record<keyof EmployeeForm, string>> {
  const errors: Partial<Record<keyof EmployeeForm, string>> = {};
  if (form.name.trim() === '') errors.name = STAFF_MESSAGES.NAME_REQUIRED;
  const mobile = form.mobile.trim();
  if (mobile === '') errors.mobile = STAFF_MESSAGES.MOBILE_REQUIRED;
  else if (!STAFF_MOBILE_PATTERN.test(mobile)) errors.mobile = STAFF_MESSAGES.MOBILE_INVALID;
  return errors;
}

export type LoginUserSearch = { mobile: string } | { name: string } | Record<string, never>;

/** Digits search by mobile, anything else by name; an empty input sends no filter. */
export function loginUserSearchParams(input: string): LoginUserSearch {
  const q = input.trim();
  if (q === '') return {};
  return /^\d+$/.test(q) ? { mobile: q } : { name: q };
}

export function internalUsers<T extends { status?: string | null }>(users: readonly T[]): T[] {
  return users.filter((u) => u.status !== 'DEPART');
}

/** Longest accepted text per employee field (the server refuses longer input). */
export const EMPLOYEE_FIELD_MAX = {
  name: 50,
  mobile: 20,
  position: 50,
  phone: 30,
  email: 100,
  comment: 500,
} as const;

export interface EmployeeDetails {
  email: string;
  /** `YYYY-MM-DD`, or '' for none. */
  birthday: string;
}

/** A real calendar day written `YYYY-MM-DD`, not in the future. */
export function isBirthday(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 && value <= today.toISOString().slice(0, 10);
}

/** The optional fields: email (when given) and birthday (when given). */
export function validateEmployeeDetails(
  details: EmployeeDetails,
  today: Date = new Date(),
): Partial<Record<keyof EmployeeDetails, string>> {
  const errors: Partial<Record<keyof EmployeeDetails, string>> = {};
  const email = details.email.trim();
  if (email !== '' && !EMAIL_PATTERN.test(email)) errors.email = STAFF_RULE_MESSAGES.EMAIL_INVALID;
  const birthday = details.birthday.trim();
  if (birthday !== '' && !isBirthday(birthday, today)) {
    errors.birthday = STAFF_RULE_MESSAGES.BIRTHDAY_INVALID;
  }
  return errors;
}
