// Password-reset form rules and the resend-code lock (settings-messaging-shared §5 "Password
// reset", §9 "Password code resend lock 60 s").

import { ACCOUNT_MESSAGES, resendCountdownLabel } from './messages';

/** A digit, a letter and one of @#$%^&*, at least 8 characters in all. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[A-Za-z])(?=.*[@#$%^&*]).{8,}$/;

export const RESEND_LOCK_SECONDS = 60;

export interface PasswordResetForm {
  verifyCode: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePasswordReset(
  form: PasswordResetForm,
): Partial<Record<keyof PasswordResetForm, string>> {
  const errors: Partial<Record<keyof PasswordResetForm, string>> = {};
  if (form.verifyCode.trim() === '') errors.verifyCode = ACCOUNT_MESSAGES.VERIFY_CODE_REQUIRED;
  if (form.newPassword === '') errors.newPassword = ACCOUNT_MESSAGES.PASSWORD_REQUIRED;
  else if (!PASSWORD_PATTERN.test(form.newPassword)) {
    errors.newPassword = ACCOUNT_MESSAGES.PASSWORD_RULE;
  }
  if (form.confirmPassword === '') errors.confirmPassword = ACCOUNT_MESSAGES.CONFIRM_REQUIRED;
  else if (form.confirmPassword !== form.newPassword) {
    errors.confirmPassword = ACCOUNT_MESSAGES.CONFIRM_MISMATCH;
  }
  return errors;
}

/**
 * Whole seconds until the code may be requested again (0 = unlocked), from epoch milliseconds.
 * Rounded up so the button never shows 0 while still locked; a clock that went backwards keeps
 * the full lock rather than unlocking early.
 */
export function resendSecondsLeft(sentAtMs: number | null, nowMs: number): number {
  if (sentAtMs === null) return 0;
  const left = Math.ceil((sentAtMs + RESEND_LOCK_SECONDS * 1000 - nowMs) / 1000);
  return Math.min(RESEND_LOCK_SECONDS, Math.max(0, left));
}

export function resendButtonLabel(secondsLeft: number): string {
  return secondsLeft > 0 ? resendCountdownLabel(secondsLeft) : ACCOUNT_MESSAGES.GET_CODE;
}
