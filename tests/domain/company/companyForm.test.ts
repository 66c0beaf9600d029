import { describe, expect, it } from 'vitest';
import { type CompanyInfoForm, validateCompanyInfo } from '../../../src/domain/company/companyForm';
import { COMPANY_SETTINGS_MESSAGES as S } from '../../../src/domain/company/settingsMessages';

const FORM: CompanyInfoForm = {
  name: '上海精工机械有限公司',
  short_name: '上海精工',
  website: '',
  email: '',
  currency: 'CNY',
  language: 'zh',
  country: 'CN',
  province: '上海市',
  city: '上海市',
  timezone: 'Asia/Shanghai',
  tax_code: '',
};

describe('validateCompanyInfo', () => {
  it('accepts a plain form and every offered currency, language and timezone', () => {
    expect(validateCompanyInfo(FORM)).toEqual({});
    for (const currency of ['EUR', 'TRY', 'JPY'])
      expect(validateCompanyInfo({ ...FORM, currency })).toEqual({});
    for (const language of ['en', 'de'])
      expect(validateCompanyInfo({ ...FORM, language })).toEqual({});
    expect(validateCompanyInfo({ ...FORM, timezone: 'Europe/Berlin' })).toEqual({});
    expect(validateCompanyInfo({ ...FORM, country: '' })).toEqual({});
  });

  it.each([
    [{ name: ' ' }, 'name', S.NAME_REQUIRED],
    [{ email: 'a@b' }, 'email', '邮箱格式不正确, 请重新输入！'],
    [{ currency: 'RMB' }, 'currency', S.CURRENCY_INVALID],
    [{ language: 'zh_CN' }, 'language', S.LANGUAGE_INVALID],
    [{ timezone: 'UTC' }, 'timezone', S.TIMEZONE_INVALID],
    [{ country: 'XX' }, 'country', S.COUNTRY_INVALID],
    [{ short_name: 'x'.repeat(101) }, 'short_name', S.TOO_LONG],
  ] as const)('%j → %s: %s', (change, field, message) => {
    expect(validateCompanyInfo({ ...FORM, ...change })).toEqual({ [field]: message });
  });
});
