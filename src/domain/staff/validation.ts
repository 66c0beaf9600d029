// Employee form checks and the login-user search (settings-messaging-shared §5 "Staff",
// §5 "Shared widgets", §6 "Departed partner users are excluded from the internal-user list").

import { STAFF_MESSAGES } from './messages';

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
