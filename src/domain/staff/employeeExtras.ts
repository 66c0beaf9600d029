// The employee's language, QQ and bank account (settings-messaging-shared §3 "Contact or employee":
// partner_contacts language and qq, partner_bank_account). The spec gives them no rules; ours keep
// what is stored usable: a language the product knows, a QQ number as QQ issues them, and a bank
// account that names both its bank and its number (the spec's own invoice messages for those two).
// The form and the server run these same checks.

import { LOCALES, type Locale } from '../company/companyCodes';
import { COMPANY_MESSAGES } from '../company/messages';
import { STAFF_RULE_MESSAGES } from './staffText';

/** The employee's languages: the locale codes the spec lists (zh_CN, de_DE, en_US). */
export const EMPLOYEE_LANGUAGES = LOCALES;
export type EmployeeLanguage = Locale;

/** QQ numbers are 5 to 11 digits and never start with 0. */
export const QQ_PATTERN = /^[1-9]\d{4,10}$/;

/** Letters and digits, grouped by single spaces or hyphens (domestic numbers and IBANs alike). */
export const BANK_ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;

/** Longest accepted text per field (the server refuses longer input with 输入内容过长). */
export const EMPLOYEE_EXTRA_MAX = {
  qq: 11,
  account_name: 100,
  account_number: 40,
  bank_name: 100,
} as const;

export interface EmployeeBankAccount {
  account_name: string;
  account_number: string;
  bank_name: string;
}

export interface EmployeeExtras {
  /** A locale code, or '' for none. */
  language: string;
  qq: string;
  bank: EmployeeBankAccount;
}

export type EmployeeExtrasErrors = Partial<
  Record<'language' | 'qq' | 'account_name' | 'account_number' | 'bank_name', string>
>;

/** Whether any field of the bank account is filled (then bank name and number are required). */
export function hasBankAccount(bank: EmployeeBankAccount): boolean {
  return [bank.account_name, bank.account_number, bank.bank_name].some((v) => v.trim() !== '');
}

export function validateEmployeeExtras(extras: EmployeeExtras): EmployeeExtrasErrors {
  const errors: EmployeeExtrasErrors = {};
  const language = extras.language.trim();
  if (language !== '' && !EMPLOYEE_LANGUAGES.is(language)) {
    errors.language = STAFF_RULE_MESSAGES.LANGUAGE_INVALID;
  }
  const qq = extras.qq.trim();
  if (qq !== '' && !QQ_PATTERN.test(qq)) errors.qq = STAFF_RULE_MESSAGES.QQ_INVALID;
  const bank = extras.bank;
  if (hasBankAccount(bank)) {
    if (bank.bank_name.trim() === '') errors.bank_name = COMPANY_MESSAGES.BANK_NAME_REQUIRED;
    const number = bank.account_number.trim();
    if (number === '') errors.account_number = COMPANY_MESSAGES.BANK_ACCOUNT_REQUIRED;
    else if (!BANK_ACCOUNT_NUMBER_PATTERN.test(number)) {
      errors.account_number = STAFF_RULE_MESSAGES.BANK_ACCOUNT_INVALID;
    }
  }
  for (const [field, max] of Object.entries(EMPLOYEE_EXTRA_MAX)) {
    const value = field === 'qq' ? qq : bank[field as keyof EmployeeBankAccount];
    const key = field as keyof EmployeeExtrasErrors;
    if (typeof value === 'string' && value.trim().length > max && !errors[key]) {
      errors[key] = STAFF_RULE_MESSAGES.TOO_LONG;
    }
  }
  return errors;
}
