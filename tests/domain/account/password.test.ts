import { describe, expect, it } from 'vitest';
import {
  RESEND_LOCK_SECONDS,
  resendButtonLabel,
  resendSecondsLeft,
  validatePasswordReset,
} from '../../../src/domain/account/password';

const RULE = '必须包含数字、字母、特殊符号且至少8位(特殊符号: @#$%^&*)';

describe('validatePasswordReset: new password', () => {
  it.each([
    ['abc123@x', null],
    ['Abcdef1#', null],
    ['1234567a$', null],
    ['a1@a1@a1@a1@', null],
    ['aB3%^&*(', null],
    ['abc12@x', RULE], // 7 characters
    ['abcdefgh', RULE],
    ['12345678', RULE],
    ['@#$%^&*@', RULE],
    ['abcd1234', RULE], // no special
    ['abcd123!', RULE], // ! is not in @#$%^&*
    ['abcdefg@', RULE], // no digit
    ['1234567@', RULE], // no letter
    ['密码密码密码1@', RULE], // letters must be latin
    ['密码密码1@ab', null], // other characters may appear besides the required ones
    ['', '请输入密码'],
  ])('%j → %s', (newPassword, message) => {
    const errors = validatePasswordReset({
      verifyCode: '1234',
      newPassword,
      confirmPassword: newPassword,
    });
    expect(errors.newPassword ?? null).toBe(message);
  });
});

describe('validatePasswordReset: whole form', () => {
  it.each([
    [{ verifyCode: '1234', newPassword: 'abc123@x', confirmPassword: 'abc123@x' }, {}],
    [
      { verifyCode: '', newPassword: '', confirmPassword: '' },
      { verifyCode: '请输入验证码', newPassword: '请输入密码', confirmPassword: '请确认新密码' },
    ],
    [
      { verifyCode: ' ', newPassword: 'abc123@x', confirmPassword: 'abc123@y' },
      { verifyCode: '请输入验证码', confirmPassword: '您输入两次密码不一致，请重新输入' },
    ],
  ])('%j', (form, errors) => expect(validatePasswordReset(form)).toEqual(errors));
});

describe('resend lock', () => {
  const sent = 1_700_000_000_000;
  it.each([
    [null, sent, 0],
    [sent, sent, 60],
    [sent, sent - 5000, 60],
    [sent, sent + 1, 60],
    [sent, sent + 1000, 59],
    [sent, sent + 59_000, 1],
    [sent, sent + 59_999, 1],
    [sent, sent + 60_000, 0],
    [sent, sent + 3_600_000, 0],
  ])('sent at %s, now %s → %s s left', (sentAt, now, left) => {
    expect(resendSecondsLeft(sentAt, now)).toBe(left);
  });

  it.each([
    [60, '60秒后重新获取'],
    [1, '1秒后重新获取'],
    [0, '获取验证码'],
  ])('%s s left shows %s', (n, label) => expect(resendButtonLabel(n)).toBe(label));

  it('locks for 60 seconds', () => expect(RESEND_LOCK_SECONDS).toBe(60));
});
