import { describe, expect, it } from 'vitest';
import { displayMobile, validityText } from '../../../src/domain/account/labels';
import { codeTooFrequentMessage } from '../../../src/domain/account/messages';
import {
  validateRegistration,
  validateSmsCodeRequest,
} from '../../../src/domain/account/registration';

describe('registration once the SMS code was sent', () => {
  it('no longer needs the (spent) image code, the rest still', () => {
    const form = { name: '张三', mobile: '13812345678', imageCode: '', smsCode: '123456' };
    expect(validateRegistration(form, { smsSent: true })).toEqual({});
    expect(validateRegistration(form)).toEqual({ imageCode: '请输入图形验证码' });
    expect(validateRegistration({ ...form, smsCode: '' }, { smsSent: true })).toEqual({
      smsCode: '请输入短信验证码',
    });
  });

  it('asks for a valid mobile and the image code before requesting the SMS code', () => {
    expect(validateSmsCodeRequest({ mobile: '13812345678', imageCode: 'ab12' })).toEqual({});
    expect(validateSmsCodeRequest({ mobile: '', imageCode: '' })).toEqual({
      mobile: '请输入手机号',
      imageCode: '请输入图形验证码',
    });
    expect(validateSmsCodeRequest({ mobile: '12812345678', imageCode: 'x' })).toEqual({
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
