// What the company-settings calls accept (settings-messaging-shared §2 "Company settings", §3
// "Company", "Invoice info", "Company address", §5 "Company settings"): JSON schemas for the
// shape, then the domain's rules, the same the screen runs. A refusal is a 400 with the first
// message; nothing is written. The bodies' types and field lists are the contract's
// (src/contract/api/company.ts): the app sends exactly these.

import {
  ADDRESS_FIELDS,
  type AddressBody,
  type CompanyBody,
  type InvoiceBody,
  PARTNER_ADDRESS_FIELDS,
  PARTNER_TAX_FIELDS,
} from '../../src/contract/api/company';
import {
  type CompanyInfoField,
  type CompanyInfoForm,
  MISPLACED_MESSAGES,
  TEXT_LIMITS,
  validateCompanyInfo,
} from '../../src/domain/company/companyForm';
import {
  bankCodeFor,
  isLocationFieldLocked,
  LOCATION_FIELDS,
} from '../../src/domain/company/companyInfo';
import { validateDeliveryAddress } from '../../src/domain/company/deliveryAddress';
import {
  CN_ONLY_INVOICE_FIELDS,
  type InvoiceForm,
  showsCnInvoiceFields,
  validateInvoiceForm,
} from '../../src/domain/company/invoice';
import { COMPANY_MESSAGES } from '../../src/domain/company/messages';
import { COUNTRIES } from '../../src/domain/company/regions/countries';
import {
  loadRegions,
  misplacedLevel,
  type RegionPick,
} from '../../src/domain/company/regions/index';
import { COMPANY_SETTINGS_MESSAGES as M } from '../../src/domain/company/settingsMessages';
import type { companies } from '../db/schema/index';
import { badRequest } from '../http/httpError';

/** The services take the bodies as the routes received them. */
export type { AddressBody, CompanyBody, InvoiceBody };

const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const limit = (field: string): number => TEXT_LIMITS[field] ?? 200;

const COMPANY_FIELDS = [
  'name',
  'short_name',
  'website',
  'email',
  'currency',
  'language',
  'country',
  'province',
  'city',
  'timezone',
  'tax_code',
] as const satisfies readonly CompanyInfoField[];

/** PUT /companies/{id}: every field optional; an absent field keeps its value. */
export const companyBody = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(COMPANY_FIELDS.map((f) => [f, text(limit(f) + 50)])),
} as const;

export const addressBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    address_type: { type: 'string', enum: ['DEFAULT_SHIPPING_GOODS_ADDRESS'] },
    ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(limit(f) + 50)])),
  },
} as const;

export const invoiceBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tax_code: text(limit('tax_code') + 50),
    partner_tax: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: Object.fromEntries(PARTNER_TAX_FIELDS.map((f) => [f, text(limit(f) + 50)])),
    },
    partner_address: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: Object.fromEntries(PARTNER_ADDRESS_FIELDS.map((f) => [f, text(limit(f) + 50)])),
    },
  },
} as const;

const clean = (value: string | null | undefined): string => value?.trim() ?? '';
const orNull = (value: string): string | null => (value === '' ? null : value);

function refuseFirst(errors: Partial<Record<string, string>>): void {
  const first = Object.values(errors).find((message) => message !== undefined);
  if (first) throw badRequest(first);
}

function refuseTooLong(values: Record<string, string>): void {
  for (const [field, value] of Object.entries(values)) {
    if (value.length > limit(field)) throw badRequest(M.TOO_LONG);
  }
}

async function checkRegions(country: string, pick: RegionPick): Promise<void> {
  const misplaced = misplacedLevel(await loadRegions(country), pick);
  if (misplaced) throw badRequest(MISPLACED_MESSAGES[misplaced]);
}

type CompanyRecord = typeof companies.$inferSelect;

/** The columns PUT /companies/{id} writes, after every rule (lock included) passed. */
export async function companyChanges(current: CompanyRecord, body: CompanyBody) {
  const held: CompanyInfoForm = {
    name: current.name,
    short_name: current.shortName ?? '',
    website: current.website ?? '',
    email: current.email ?? '',
    currency: current.currency,
    language: current.language,
    country: current.country ?? '',
    province: current.province ?? '',
    city: current.city ?? '',
    timezone: current.timezone,
    tax_code: current.taxCode ?? '',
  };
  const form: CompanyInfoForm = { ...held };
  for (const field of COMPANY_FIELDS) {
    if (body[field] !== undefined) form[field] = clean(body[field]);
  }
  form.currency = form.currency.toUpperCase();
  form.country = form.country.toUpperCase();
  refuseFirst(validateCompanyInfo(form));
  for (const field of LOCATION_FIELDS) {
    if (isLocationFieldLocked(held, field) && form[field] !== held[field]) {
      throw badRequest(M.LOCATION_LOCKED, 'LOCATION_LOCKED');
    }
  }
  if (LOCATION_FIELDS.some((f) => form[f] !== held[f])) {
    if (form.country === '' && (form.province !== '' || form.city !== '')) {
      throw badRequest(M.COUNTRY_INVALID);
    }
    await checkRegions(form.country, { province: form.province, city: form.city });
  }
  return {
    name: form.name,
    shortName: orNull(form.short_name),
    website: orNull(form.website),
    email: orNull(form.email),
    currency: form.currency,
    language: form.language,
    country: orNull(form.country),
    province: orNull(form.province),
    city: orNull(form.city),
    timezone: form.timezone,
    taxCode: orNull(form.tax_code),
  };
}

/** The columns of company_addresses a POST or PUT writes. */
export async function addressValues(body: AddressBody) {
  const form = {
    country: clean(body.country).toUpperCase(),
    province: clean(body.province),
    city: clean(body.city),
    district: clean(body.district),
    street: clean(body.street),
    zip: clean(body.zip),
    contacts_name: clean(body.contacts_name),
    contacts_phone: clean(body.contacts_phone),
  };
  refuseFirst(validateDeliveryAddress(form));
  if (!COUNTRIES.is(form.country)) throw badRequest(COMPANY_MESSAGES.DELIVERY_COUNTRY_REQUIRED);
  refuseTooLong(form);
  await checkRegions(form.country, form);
  return {
    country: form.country,
    province: orNull(form.province),
    city: orNull(form.city),
    district: orNull(form.district),
    street: form.street,
    zip: orNull(form.zip),
    contactsName: form.contacts_name,
    contactsPhone: form.contacts_phone,
  };
}

/** The columns of company_invoices a POST or PUT writes, for a company in `companyCountry`. */
export async function invoiceValues(body: InvoiceBody, companyCountry: string | null) {
  const tax = body.partner_tax ?? {};
  const mail = body.partner_address ?? {};
  const form: InvoiceForm = {
    tax_code: clean(body.tax_code),
    invoice_bank_name: clean(tax.invoice_bank_name),
    invoice_bank_code: clean(tax.invoice_bank_code),
    invoice_bank_account: clean(tax.invoice_bank_account),
    invoice_address: clean(tax.invoice_address),
    invoice_phone: clean(tax.invoice_phone),
    contacts_name: clean(mail.contacts_name),
    contacts_phone: clean(mail.contacts_phone),
    country: clean(mail.country).toUpperCase(),
    province: clean(mail.province),
    city: clean(mail.city),
    district: clean(mail.district),
    street: clean(mail.street),
  };
  const cn = showsCnInvoiceFields(companyCountry);
  if (!cn && CN_ONLY_INVOICE_FIELDS.some((f) => form[f] !== '')) {
    throw badRequest(M.INVOICE_CN_ONLY, 'CN_ONLY_FIELDS');
  }
  refuseFirst(validateInvoiceForm(form, companyCountry));
  refuseTooLong({ ...form });
  if (form.country !== '' && !COUNTRIES.is(form.country)) throw badRequest(M.COUNTRY_INVALID);
  if (form.country === '' && (form.province !== '' || form.city !== '' || form.district !== '')) {
    throw badRequest(M.COUNTRY_INVALID);
  }
  if (form.country !== '') await checkRegions(form.country, form);
  return {
    taxCode: form.tax_code,
    bankName: form.invoice_bank_name,
    // 中国工商银行 in a CN company is the server's bank id 4 (§5 bank-name entry), whatever was sent.
    bankCode: bankCodeFor(form.invoice_bank_name, orNull(form.invoice_bank_code), companyCountry),
    bankAccount: orNull(form.invoice_bank_account),
    invoiceAddress: orNull(form.invoice_address),
    invoicePhone: orNull(form.invoice_phone),
    mailContactsName: orNull(form.contacts_name),
    mailContactsPhone: orNull(form.contacts_phone),
    mailCountry: orNull(form.country),
    mailProvince: orNull(form.province),
    mailCity: orNull(form.city),
    mailDistrict: orNull(form.district),
    mailStreet: orNull(form.street),
  };
}
