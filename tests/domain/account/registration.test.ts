import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../src/domain/account/messages';
import { showsSalesManagerPanel, showsVipPanel } from '../../../src/domain/account/panels';
import { canRequestSmsCode, validateRegistration } from '../../../src/domain/account/registration';

describe('canRequestSmsCode', () => {
  it.each([
    ['13812345678', true],
    ['13012345678', true],
    ['19912345678', true],
    ['12812345678', false],
    ['10812345678', false],
    ['1381234567', false],
    ['138123456789', false],
    ['+8613812345678', false],
    ['23812345678', false],
    ['', false],
  ])('%j → %s', (mobile, ok) => expect(canRequestSmsCode(mobile)).toBe(ok));
});

describe('validateRegistration', () => {
  it.each([
    [{ name: '张三', mobile: '13812345678', smsCode: '123456' }, {}],
    [
      { name: '', mobile: '', smsCode: ' ' },
      { name: '请输入姓名', mobile: '请输入手机号', smsCode: '请输入短信验证码' },
    ],
    [
      { name: '张三', mobile: '12345', smsCode: '123456' },
      { mobile: '手机格式不正确，请重新输入' },
    ],
  ])('%j', (form, errors) => expect(validateRegistration(form)).toEqual(errors));
});

describe('account messages of §8', () => {
  it('match the spec', () => {
    expect(ACCOUNT_MESSAGES.CODE_SENT).toBe('验证码已发送');
    expect(ACCOUNT_MESSAGES.PASSWORD_CHANGED).toBe('密码修改成功');
  });
});

describe('personal-centre panels', () => {
  it.each([
    [{ vip: true }, true],
    [{ vip: false }, false],
    [{ vip: null }, false],
    [{}, false],
    [null, false],
  ])('company %j → VIP panel %s', (company, shown) => expect(showsVipPanel(company)).toBe(shown));

  it.each([
    [{ alias: '刘经理', mobile: '13812345678', phone: '021-1234567' }, true],
    [{}, true],
    [null, false],
    [undefined, false],
  ])('follower %j → sales-manager panel %s', (follower, shown) => {
    expect(showsSalesManagerPanel(follower)).toBe(shown);
  });
});
