import { describe, expect, it } from 'vitest';
import { displayMobile, validityText } from '../../../src/domain/account/labels';
import { codeTooFrequentMessage } from '../../../src/domain/account/messages';
import {
  validateRegistration,
  validateSmsCodeRequest,
} from '../../../src/domain/account/registration';

describe('registration’s SMS code request', () => {
  it('needs only a valid mobile: the human check runs by itself (no image code field)', () => {
    const form = { name: '张三', mobile: '13812345678', smsCode: '123456' };
    expect(validateRegistration(form)).toEqual({});
    expect(validateRegistration({ ...form, smsCode: '' })).toEqual({ smsCode: '请输入短信验证码' });
    expect(validateSmsCodeRequest({ mobile: '13812345678' })).toEqual({});
    expect(validateSmsCodeRequest({ mobile: '' })).toEqual({ mobile: '请输入手机号' });
    expect(validateSmsCodeRequest({ mobile: '12812345678' })).toEqual({
      mobile: '手机格式不正确，请重新输入',
    });
  });
});

describe('personal-centre texts', () => {
  it('shows the validity period and a mobile without +86', () => {
    expect(validityText('2026-01-01', '2026-12-31')).toBe('2026-01-01 至 2026-12-31');
    expect(validityText(null, '2026-12-31')).toBe('未设置 至 2026-12-31');
    expect(displayMobile('+8613812345678')).toBe('13812345678');
    expect(displayMobile('+4915112345678')).toBe('+4915112345678');
    expect(displayMobile(null)).toBe('未设置');
  });

  it('words the resend refusal with the seconds left', () => {
    expect(codeTooFrequentMessage(42)).toBe('验证码发送过于频繁，请42秒后再试');
  });
});
