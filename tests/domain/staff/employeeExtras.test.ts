// The employee's language, QQ and bank account rules (settings-messaging-shared §3 "Contact or
// employee"; ours where the spec gives none): the form and the server both run them, so a
// regression here would let either store a value the other refuses.
import { describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES } from '../../../src/domain/company/messages';
import { hasBankAccount, validateEmployeeExtras } from '../../../src/domain/staff/employeeExtras';
import { STAFF_RULE_MESSAGES as R } from '../../../src/domain/staff/staffText';

const noBank = { account_name: '', account_number: '', bank_name: '' };
const check = (over: Partial<Parameters<typeof validateEmployeeExtras>[0]>) =>
  validateEmployeeExtras({ language: '', qq: '', bank: noBank, ...over });

describe('validateEmployeeExtras', () => {
  it('accepts nothing filled in', () => {
    expect(check({})).toEqual({});
  });

  it.each(['zh_CN', 'de_DE', 'en_US'])('accepts the spec’s language %s', (language) => {
    expect(check({ language })).toEqual({});
  });

  it('refuses a language the product does not know', () => {
    expect(check({ language: 'zh' })).toEqual({ language: R.LANGUAGE_INVALID });
  });

  it.each(['10001', '12345678901', ' 987654 '])('accepts the QQ number %j', (qq) => {
    expect(check({ qq })).toEqual({});
  });

  it.each(['1234', '123456789012', '012345', '12a45'])('refuses the QQ number %j', (qq) => {
    expect(check({ qq })).toEqual({ qq: R.QQ_INVALID });
  });

  it('asks for the bank and the number once any bank field is filled', () => {
    expect(check({ bank: { ...noBank, account_name: '张三' } })).toEqual({
      bank_name: COMPANY_MESSAGES.BANK_NAME_REQUIRED,
      account_number: COMPANY_MESSAGES.BANK_ACCOUNT_REQUIRED,
    });
  });

  it.each(['6222 0212 0000 1001', 'DE89-3704-0044', '62220212'])(
    'accepts the account number %j',
    (account_number) => {
      expect(check({ bank: { ...noBank, bank_name: '招商银行', account_number } })).toEqual({});
    },
  );

  it.each(['6222  0212', '6222/0212', '-6222', '账号123'])(
    'refuses the account number %j',
    (account_number) => {
      expect(check({ bank: { ...noBank, bank_name: '招商银行', account_number } })).toEqual({
        account_number: R.BANK_ACCOUNT_INVALID,
      });
    },
  );

  it('refuses over-long bank text', () => {
    expect(
      check({
        bank: { account_name: '名'.repeat(101), bank_name: '招商银行', account_number: '1' },
      }),
    ).toEqual({ account_name: R.TOO_LONG });
  });
});

describe('hasBankAccount', () => {
  it('is false for blanks only', () => {
    expect(hasBankAccount({ account_name: ' ', account_number: '', bank_name: '' })).toBe(false);
    expect(hasBankAccount({ ...noBank, bank_name: '招商银行' })).toBe(true);
  });
});
