// The company-settings forms' values from the synced company row, and the bodies of the calls
// from the forms (settings-messaging-shared §3 "Company", "Invoice info", "Company address").
import type { CompanyRow } from '../../../contract/feedRows';
import type { CompanyInfoForm } from '../../../domain/company/companyForm';
import { bankCodeFor } from '../../../domain/company/companyInfo';
import type { DeliveryAddressForm } from '../../../domain/company/deliveryAddress';
import type { InvoiceForm } from '../../../domain/company/invoice';

const s = (value: string | null | undefined): string => value ?? '';

export function infoFormOf(row: CompanyRow): CompanyInfoForm {
  return {
    name: row.name,
    short_name: s(row.short_name),
    website: s(row.website),
    email: s(row.email),
    currency: s(row.currency) || 'CNY',
    language: s(row.language) || 'zh',
    country: s(row.country),
    province: s(row.province),
    city: s(row.city),
    timezone: s(row.timezone) || 'Asia/Shanghai',
    tax_code: s(row.tax_code),
  };
}

export function invoiceFormOf(row: CompanyRow): InvoiceForm {
  // Rows stored by an older app have no invoice field at all.
  const invoice = row.invoice ?? null;
  const tax = invoice?.partner_tax;
  const mail = invoice?.partner_address;
  return {
    tax_code: s(invoice?.tax_code),
    invoice_bank_name: s(tax?.invoice_bank_name),
    invoice_bank_code: s(tax?.invoice_bank_code),
    invoice_bank_account: s(tax?.invoice_bank_account),
    invoice_address: s(tax?.invoice_address),
    invoice_phone: s(tax?.invoice_phone),
    contacts_name: s(mail?.contacts_name),
    contacts_phone: s(mail?.contacts_phone),
    country: s(mail?.country),
    province: s(mail?.province),
    city: s(mail?.city),
    district: s(mail?.district),
    street: s(mail?.street),
  };
}

/** Outside CN only the tax code and the bank name are sent (the rest is CN-only). */
export function invoiceBody(form: InvoiceForm, cn: boolean) {
  return {
    tax_code: form.tax_code,
    partner_tax: {
      invoice_bank_name: form.invoice_bank_name,
      // §5 bank-name entry: 中国工商银行 typed for a CN company selects bank id 4.
      invoice_bank_code: bankCodeFor(form.invoice_bank_name, null, cn ? 'CN' : null) ?? '',
      ...(cn
        ? {
            invoice_bank_account: form.invoice_bank_account,
            invoice_address: form.invoice_address,
            invoice_phone: form.invoice_phone,
          }
        : {}),
    },
    partner_address: cn
      ? {
          contacts_name: form.contacts_name,
          contacts_phone: form.contacts_phone,
          country: form.country,
          province: form.province,
          city: form.city,
          district: form.district,
          street: form.street,
        }
      : null,
  };
}

export function addressFormOf(row: CompanyRow): DeliveryAddressForm {
  const address = row.default_address ?? null;
  return {
    country: s(address?.country),
    province: s(address?.province),
    city: s(address?.city),
    district: s(address?.district),
    street: s(address?.street),
    zip: s(address?.zip),
    contacts_name: s(address?.contacts_name),
    contacts_phone: s(address?.contacts_phone),
  };
}

/** A key that changes when the part of the row a form shows changes (the form then starts over). */
export const formKey = (value: unknown): string => JSON.stringify(value);
