import { describe, expect, it } from 'vitest';
import {
  bankCodeFor,
  bankIdForName,
  defaultCurrencyOf,
  isLocationFieldLocked,
  locationConfirmation,
  validateCompanyEmail,
} from '../../../src/domain/company/companyInfo';
import { COMPANY_MESSAGES } from '../../../src/domain/company/messages';

const CONFIRM = '国家、省、市设置后不允许编辑，请确认是否正确';

describe('location lock', () => {
  const server = { country: 'CN', province: '上海', city: '' };
  it.each([
    ['country', true],
    ['province', true],
    ['city', false],
  ] as const)('%s locked: %s', (field, locked) => {
    expect(isLocationFieldLocked(server, field)).toBe(locked);
  });

  it.each([
    [{}, { country: 'DE' }, CONFIRM],
    [{ country: null }, { country: 'DE', province: '', city: '' }, CONFIRM],
    [{ country: 'CN', province: '上海', city: '' }, { city: '上海市' }, CONFIRM],
    [{ country: 'CN', province: '上海', city: '上海市' }, { country: 'CN' }, null],
    [{}, { country: '', province: ' ' }, null],
    [{ country: 'CN' }, { country: 'CN', province: '' }, null],
  ])('server %j, saving %j → %s', (srv, draft, expected) => {
    expect(locationConfirmation(srv, draft)).toBe(expected);
  });

  it('the confirmation is titled 提示', () => {
    expect(COMPANY_MESSAGES.LOCATION_CONFIRM_TITLE).toBe('提示');
  });
});

describe('validateCompanyEmail', () => {
  const BAD = '邮箱格式不正确, 请重新输入！';
  it.each([
    ['', null],
    [null, null],
    [undefined, null],
    ['  ', null],
    ['info@example.com', null],
    ['zhang.san+po@firma.de', null],
    [' info@example.cn ', null],
    ['info@example', BAD],
    ['info.example.com', BAD],
    ['info@@example.com', BAD],
    ['in fo@example.com', BAD],
    ['@example.com', BAD],
    // Empty domain labels (the linear pattern of security review H1's ReDoS check).
    ['info@example..com', BAD],
    ['info@.example.com', BAD],
    ['info@example.com.', BAD],
    ['info@mail.example.com.cn', null],
  ])('%j → %s', (email, message) => expect(validateCompanyEmail(email)).toBe(message));
});

describe('defaultCurrencyOf', () => {
  it.each([
    ['CN', 'CNY'],
    ['DE', 'EUR'],
    ['de', 'EUR'],
    ['US', 'USD'],
    ['GB', 'GBP'],
    ['CH', 'CHF'],
    ['HK', 'HKD'],
    ['TW', 'CNY'],
    ['ZZ', 'CNY'],
    ['', 'CNY'],
    [null, 'CNY'],
  ])('%s → %s', (country, currency) => expect(defaultCurrencyOf(country)).toBe(currency));
});

describe('bankIdForName', () => {
  it.each([
    ['中国工商银行', 'CN', 4],
    [' 中国工商银行 ', 'CN', 4],
    ['中国工商银行', 'DE', null],
    ['中国工商银行', null, null],
    ['中国银行', 'CN', null],
    ['', 'CN', null],
  ])('%j in %s → %s', (name, country, id) => expect(bankIdForName(name, country)).toBe(id));
});

describe('bankCodeFor', () => {
  it('is bank id 4 for 中国工商银行 in CN, whatever code was sent', () => {
    expect(bankCodeFor(' 中国工商银行 ', null, 'CN')).toBe('4');
    expect(bankCodeFor('中国工商银行', '9', 'CN')).toBe('4');
  });

  it('keeps the sent code for any other name or country', () => {
    expect(bankCodeFor('中国工商银行', null, 'DE')).toBeNull();
    expect(bankCodeFor('招商银行', '9', 'CN')).toBe('9');
    expect(bankCodeFor('', null, 'CN')).toBeNull();
  });
});
