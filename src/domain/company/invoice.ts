// The invoice-info form (settings-messaging-shared §2 "Company settings", §3 "Invoice info",
// §5 "Company settings"). Bank account, invoice address and phone and the mailing address are
// shown, edited and therefore required only for a company in CN.

import { setCascading } from './cascade';
import { COMPANY_MESSAGES } from './messages';

export interface InvoiceForm {
  tax_code: string;
  invoice_bank_name: string;
  invoice_bank_code: string;
  invoice_bank_account: string;
  invoice_address: string;
  invoice_phone: string;
  contacts_name: string;
  contacts_phone: string;
  country: string;
  province: string;
  city: string;
  district: string;
  street: string;
}

export type InvoiceField = keyof InvoiceForm;

export const CN_ONLY_INVOICE_FIELDS = [
  'invoice_bank_account',
  'invoice_address',
  'invoice_phone',
  'contacts_name',
  'contacts_phone',
  'country',
  'province',
  'city',
  'district',
  'street',
] as const satisfies readonly InvoiceField[];

export function showsCnInvoiceFields(companyCountry: string | null | undefined): boolean {
  return companyCountry === 'CN';
}

const REQUIRED: ReadonlyArray<readonly [InvoiceField, string, 'always' | 'CN']> = [
  ['tax_code', COMPANY_MESSAGES.TAX_CODE_REQUIRED, 'always'],
  ['invoice_bank_name', COMPANY_MESSAGES.BANK_NAME_REQUIRED, 'always'],
  ['invoice_bank_account', COMPANY_MESSAGES.BANK_ACCOUNT_REQUIRED, 'CN'],
  ['contacts_name', COMPANY_MESSAGES.INVOICE_CONTACT_NAME_REQUIRED, 'CN'],
  ['contacts_phone', COMPANY_MESSAGES.INVOICE_CONTACT_PHONE_REQUIRED, 'CN'],
  ['street', COMPANY_MESSAGES.INVOICE_STREET_REQUIRED, 'CN'],
];

export function validateInvoiceForm(
  form: InvoiceForm,
  companyCountry: string | null | undefined,
): Partial<Record<InvoiceField, string>> {
  const cn = showsCnInvoiceFields(companyCountry);
  const errors: Partial<Record<InvoiceField, string>> = {};
  for (const [field, message, when] of REQUIRED) {
    if ((when === 'always' || cn) && form[field].trim() === '') errors[field] = message;
  }
  return errors;
}

type MailingLevel = 'country' | 'province' | 'city' | 'district';

// As the spec states it: a new province clears only the city.
const MAILING_CLEARS: Partial<Record<InvoiceField, readonly InvoiceField[]>> = {
  country: ['province', 'city', 'district', 'street'],
  province: ['city'],
};

export function setMailingLevel(
  form: InvoiceForm,
  level: MailingLevel,
  value: string,
): InvoiceForm {
  return setCascading(form, level, value, MAILING_CLEARS);
}
