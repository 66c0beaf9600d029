// The company-settings calls of settings-messaging-shared §7 "Partners": the company's own info,
// its logo, its invoice info and its default delivery address. The bodies are what the server
// accepts (an absent field keeps its value); the field lists are shared with the server's JSON
// schemas (server/partners/companyInput.ts). Each write answers little: the pull brings the rows.
import { z } from 'zod';
import type { CompanyInfoField } from '../../domain/company/companyForm';
import { route } from './route';

export const ADDRESS_FIELDS = [
  'country',
  'province',
  'city',
  'district',
  'street',
  'zip',
  'contacts_name',
  'contacts_phone',
] as const;

export const PARTNER_TAX_FIELDS = [
  'invoice_bank_code',
  'invoice_bank_name',
  'invoice_bank_account',
  'invoice_address',
  'invoice_phone',
] as const;

export const PARTNER_ADDRESS_FIELDS = [
  'contacts_name',
  'contacts_phone',
  'country',
  'province',
  'city',
  'district',
  'street',
] as const;

type Texts<F extends string> = Partial<Record<F, string | null>>;

/** PUT /companies/{id}. */
export type CompanyBody = Texts<CompanyInfoField>;

/** POST /companies/{id}/addresses, PUT …/addresses/{address_id}. */
export type AddressBody = Texts<(typeof ADDRESS_FIELDS)[number]> & { address_type?: string };

/** POST /companies/{id}/invoices, PUT …/invoices/{bank_id}. */
export type InvoiceBody = {
  tax_code?: string | null;
  partner_tax?: Texts<(typeof PARTNER_TAX_FIELDS)[number]> | null;
  partner_address?: Texts<(typeof PARTNER_ADDRESS_FIELDS)[number]> | null;
};

/** The saved company's names: the switcher and the offline account show them at once. */
export const companyNamesSchema = z.object({ name: z.string(), short_name: z.string().nullable() });
export const savedIdSchema = z.object({ id: z.number() });

const P = '/partners-api/v7/companies';
type CompanyId = { companyId: number };

export const COMPANY_ROUTES = {
  saveCompanyInfo: route<{ body: CompanyBody }>()({
    method: 'PUT',
    path: ({ companyId }: CompanyId) => `${P}/${companyId}`,
    answer: companyNamesSchema,
  }),
  setCompanyLogo: route<{ query: { logo: string } }>()({
    method: 'PUT',
    path: ({ companyId }: CompanyId) => `${P}/${companyId}/logo`,
    answer: savedIdSchema,
  }),
  createInvoice: route<{ body: InvoiceBody }>()({
    method: 'POST',
    path: ({ companyId }: CompanyId) => `${P}/${companyId}/invoices`,
    answer: savedIdSchema,
  }),
  updateInvoice: route<{ body: InvoiceBody }>()({
    method: 'PUT',
    path: ({ companyId, invoiceId }: CompanyId & { invoiceId: number }) =>
      `${P}/${companyId}/invoices/${invoiceId}`,
    answer: savedIdSchema,
  }),
  createAddress: route<{ body: AddressBody }>()({
    method: 'POST',
    path: ({ companyId }: CompanyId) => `${P}/${companyId}/addresses`,
    answer: savedIdSchema,
  }),
  updateAddress: route<{ body: AddressBody }>()({
    method: 'PUT',
    path: ({ companyId, addressId }: CompanyId & { addressId: number }) =>
      `${P}/${companyId}/addresses/${addressId}`,
    answer: savedIdSchema,
  }),
};
