// Checks before a contract is exported and on its first payment; the big-order report warning
// (settings-messaging-shared §3 "Contract form", §5 "Contract export").

import { showsCnInvoiceFields } from '../company/invoice';
import { firstPaymentOf, roundTo } from './amounts';
import { DOCUMENT_MESSAGES, firstPaymentRangeMessage } from './messages';

export interface ContractParties {
  /**
   * The buyer company's country: the invoice form asks the invoice address and bank account of a
   * company in CN only (src/domain/company/invoice.ts), so only a CN company is asked for them.
   */
  country?: string | null;
  shipping: {
    address?: string | null;
    receiver?: string | null;
    receiver_phone?: string | null;
  } | null;
  invoice: {
    address?: string | null;
    bank?: string | null;
    account?: string | null;
    tax_code?: string | null;
  } | null;
}

const blank = (v: string | null | undefined): boolean =>
  v === null || v === undefined || v.trim() === '';

type Check = readonly [
  get: (p: ContractParties) => string | null | undefined,
  message: string,
  asked: 'always' | 'CN',
];

const CHECKS: readonly Check[] = [
  [(p) => p.shipping?.address, DOCUMENT_MESSAGES.SHIPPING_ADDRESS_MISSING, 'always'],
  [(p) => p.shipping?.receiver, DOCUMENT_MESSAGES.SHIPPING_RECEIVER_MISSING, 'always'],
  [(p) => p.shipping?.receiver_phone, DOCUMENT_MESSAGES.SHIPPING_RECEIVER_PHONE_MISSING, 'always'],
  [(p) => p.invoice?.address, DOCUMENT_MESSAGES.INVOICE_ADDRESS_MISSING, 'CN'],
  [(p) => p.invoice?.bank, DOCUMENT_MESSAGES.INVOICE_BANK_MISSING, 'always'],
  [(p) => p.invoice?.account, DOCUMENT_MESSAGES.INVOICE_ACCOUNT_MISSING, 'CN'],
  [(p) => p.invoice?.tax_code, DOCUMENT_MESSAGES.INVOICE_TAX_CODE_MISSING, 'always'],
];

/** The fields of the synced company row (src/contract/feedRows.ts CompanyRow) the checks read. */
export interface ContractCompany {
  country: string | null;
  default_address: { street: string; contacts_name: string; contacts_phone: string } | null;
  invoice: {
    tax_code: string | null;
    partner_tax: {
      invoice_address: string | null;
      invoice_bank_name: string | null;
      invoice_bank_account: string | null;
    };
  } | null;
}

/**
 * The items the contract export checks, from the buyer's (party A's) synced company row: the
 * default shipping address's street, receiver and phone; the invoice address (开票地址), bank,
 * account and tax code; the country, which decides which of them are asked.
 */
export function contractPartiesOf(company: ContractCompany | null | undefined): ContractParties {
  const address = company?.default_address ?? null;
  const invoice = company?.invoice ?? null;
  return {
    country: company?.country ?? null,
    shipping: address
      ? {
          address: address.street,
          receiver: address.contacts_name,
          receiver_phone: address.contacts_phone,
        }
      : null,
    invoice: invoice
      ? {
          address: invoice.partner_tax.invoice_address,
          bank: invoice.partner_tax.invoice_bank_name,
          account: invoice.partner_tax.invoice_bank_account,
          tax_code: invoice.tax_code,
        }
      : null,
  };
}

/**
 * Every missing item, in form order; empty when the contract may be exported. The invoice
 * address and account are asked of a CN company only, as the invoice form asks them; a company
 * whose country is unknown is asked everything.
 */
export function contractExportProblems(parties: ContractParties): string[] {
  const foreign = parties.country != null && !showsCnInvoiceFields(parties.country);
  return CHECKS.filter(([get, , asked]) => !(foreign && asked === 'CN') && blank(get(parties))).map(
    ([, message]) => message,
  );
}

/** The allowed first payment: 30% of the total (rounded to the cent) up to the total. */
export function firstPaymentBounds(total: number): { min: number; max: number } {
  return { min: firstPaymentOf(total), max: roundTo(total) };
}

/**
 * The first payment as typed: at most 2 decimals, and between the bounds shown in the message
 * (compared against the rounded bounds the user reads). Something that is not a number at all
 * gets the range message, which says what to type.
 */
export function validateFirstPayment(amount: string, total: number): string | null {
  const { min, max } = firstPaymentBounds(total);
  const text = amount.trim();
  const match = /^\d+(?:\.(\d*))?$/.exec(text);
  if (match && (match[1]?.length ?? 0) > 2) return DOCUMENT_MESSAGES.FIRST_PAYMENT_DECIMALS;
  const value = match ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    return firstPaymentRangeMessage(min.toFixed(2), max.toFixed(2));
  }
  return null;
}

/** Confirm-order templates of the big-order report warn when the supplier quotation number is missing. */
export function bigOrderReportWarning(
  isConfirmOrderTemplate: boolean,
  supplierQuotationNo: string | null | undefined,
): string | null {
  return isConfirmOrderTemplate && blank(supplierQuotationNo)
    ? DOCUMENT_MESSAGES.SUPPLIER_QUOTATION_NO_MISSING
    : null;
}
