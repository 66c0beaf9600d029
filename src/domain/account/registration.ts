// The registration form (settings-messaging-shared §2 "Registration page"). Its submission is
// unfinished in the spec; finished as docs/decisions.md "Registration" says: the image code is
// checked (and spent) by the server when the SMS code is requested, so once a code was sent the
// image code field may be empty (a fresh image is shown for a resend).

import { ACCOUNT_MESSAGES } from './messages';

export const MAINLAND_MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export interface RegistrationForm {
  name: string;
  mobile: string;
  imageCode: string;
  smsCode: string;
}

export function canRequestSmsCode(mobile: string): boolean {
  return MAINLAND_MOBILE_PATTERN.test(mobile);
}

export function validateRegistration(
  form: RegistrationForm,
  progress: { smsSent: boolean } = { smsSent: false },
): Partial<Record<keyof RegistrationForm, string>> {
  const errors: Partial<Record<keyof RegistrationForm, string>> = {};
  if (form.name.trim() === '') errors.name = ACCOUNT_MESSAGES.REGISTER_NAME_REQUIRED;
  if (form.mobile.trim() === '') errors.mobile = ACCOUNT_MESSAGES.REGISTER_MOBILE_REQUIRED;
  else if (!MAINLAND_MOBILE_PATTERN.test(form.mobile)) {
    errors.mobile = ACCOUNT_MESSAGES.REGISTER_MOBILE_INVALID;
  }
  if (!progress.smsSent && form.imageCode.trim() === '')
    errors.imageCode = ACCOUNT_MESSAGES.REGISTER_IMAGE_CODE_REQUIRED;
  if (form.smsCode.trim() === '') errors.smsCode = ACCOUNT_MESSAGES.REGISTER_SMS_CODE_REQUIRED;
  return errors;
}

/** Before the SMS code is requested: a valid mainland mobile and the image code's answer. */
export function validateSmsCodeRequest(
  form: Pick<RegistrationForm, 'mobile' | 'imageCode'>,
): Partial<Record<'mobile' | 'imageCode', string>> {
  const errors: Partial<Record<'mobile' | 'imageCode', string>> = {};
  if (form.mobile.trim() === '') errors.mobile = ACCOUNT_MESSAGES.REGISTER_MOBILE_REQUIRED;
  else if (!MAINLAND_MOBILE_PATTERN.test(form.mobile)) {
    errors.mobile = ACCOUNT_MESSAGES.REGISTER_MOBILE_INVALID;
  }
  if (form.imageCode.trim() === '') {
    errors.imageCode = ACCOUNT_MESSAGES.REGISTER_IMAGE_CODE_REQUIRED;
  }
  return errors;
}
