// The company-info form's field rules beyond the location lock and the email (companyInfo.ts):
// what the app checks before saving and the server checks again (settings-messaging-shared §2
// "Company settings", §3 "Enumerations", §9 timezone and language options).

import { isCurrency } from '../format/currency';
import { COMPANY_LANGUAGES, COMPANY_TIMEZONES } from './companyCodes';
import { validateCompanyEmail } from './companyInfo';
import { COUNTRIES } from './regions/countries';
import { COMPANY_SETTINGS_MESSAGES as M } from './settingsMessages';

export interface CompanyInfoForm {
  name: string;
  short_name: string;
  website: string;
  email: string;
  currency: string;
  language: string;
  country: string;
  province: string;
  city: string;
  timezone: string;
  tax_code: string;
}

export type CompanyInfoField = keyof CompanyInfoForm;

/** The longest value a free-text field takes (the server refuses longer ones). */
export const TEXT_LIMITS: Readonly<Record<string, number>> = {
  name: 200,
  short_name: 100,
  website: 300,
  email: 200,
  province: 100,
  city: 100,
  district: 100,
  tax_code: 50,
  street: 300,
  zip: 20,
  contacts_name: 100,
  contacts_phone: 40,
  invoice_bank_name: 200,
  invoice_bank_code: 50,
  invoice_bank_account: 60,
  invoice_address: 300,
  invoice_phone: 40,
};

/** Errors by field; the location's list check and lock need the region lists and the server row. */
export function validateCompanyInfo(
  form: CompanyInfoForm,
): Partial<Record<CompanyInfoField, string>> {
  const errors: Partial<Record<CompanyInfoField, string>> = {};
  if (form.name.trim() === '') errors.name = M.NAME_REQUIRED;
  const email = validateCompanyEmail(form.email);
  if (email) errors.email = email;
  if (!isCurrency(form.currency)) errors.currency = M.CURRENCY_INVALID;
  if (!COMPANY_LANGUAGES.is(form.language)) errors.language = M.LANGUAGE_INVALID;
  if (!COMPANY_TIMEZONES.is(form.timezone)) errors.timezone = M.TIMEZONE_INVALID;
  if (form.country !== '' && !COUNTRIES.is(form.country)) errors.country = M.COUNTRY_INVALID;
  for (const field of Object.keys(form) as CompanyInfoField[]) {
    const limit = TEXT_LIMITS[field];
    if (!errors[field] && limit !== undefined && form[field].length > limit) {
      errors[field] = M.TOO_LONG;
    }
  }
  return errors;
}

export const MISPLACED_MESSAGES = {
  province: M.PROVINCE_NOT_IN_COUNTRY,
  city: M.CITY_NOT_IN_PROVINCE,
  district: M.DISTRICT_NOT_IN_CITY,
} as const;
