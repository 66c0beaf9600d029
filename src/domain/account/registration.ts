// The registration form (settings-messaging-shared §2 "Registration page"). Its submission is
// unfinished in the spec; finished as docs/decisions.md "Registration" says. The spec's image code
// is a human check the page solves by itself (a proof-of-work challenge) when the SMS code is
// requested, so the form has no field for it.

import { ACCOUNT_MESSAGES } from './messages';

export const MAINLAND_MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export interface RegistrationForm {
  name: string;
  mobile: string;
  smsCode: string;
}

export function canRequestSmsCode(mobile: string): boolean {
  return MAINLAND_MOBILE_PATTERN.test(mobile);
}

export function validateRegistration(
  form: RegistrationForm,
): Partial<Record<keyof RegistrationForm, string>> {
  const errors: Partial<Record<keyof RegistrationForm, string>> = {};
  if (form.name.trim() === '') errors.name = ACCOUNT_MESSAGES.REGISTER_NAME_REQUIRED;
  if (form.mobile.trim() === '') errors.mobile = ACCOUNT_MESSAGES.REGISTER_MOBILE_REQUIRED;
  else if (!MAINLAND_MOBILE_PATTERN.test(form.mobile)) {
    errors.mobile = ACCOUNT_MESSAGES.REGISTER_MOBILE_INVALID;
  }
  if (form.smsCode.trim() === '') errors.smsCode = ACCOUNT_MESSAGES.REGISTER_SMS_CODE_REQUIRED;
  return errors;
}

/** Before the SMS code is requested: a valid mainland mobile (the human check runs then). */
export function validateSmsCodeRequest(
  form: Pick<RegistrationForm, 'mobile'>,
): Partial<Record<'mobile', string>> {
  const errors: Partial<Record<'mobile', string>> = {};
  if (form.mobile.trim() === '') errors.mobile = ACCOUNT_MESSAGES.REGISTER_MOBILE_REQUIRED;
  else if (!MAINLAND_MOBILE_PATTERN.test(form.mobile)) {
    errors.mobile = ACCOUNT_MESSAGES.REGISTER_MOBILE_INVALID;
  }
  return errors;
}
