// The party blocks of the contract and reports (settings-messaging-shared §3 "Printable documents
// (content)"): company, user, address, bank, invoice address and phone, taxpayer code, website,
// email, follower.

import type { CompanyAddress, CompanyRow } from '../../contract/feedRows';
import type { DocumentUser } from '../input';
import type { Field, Party } from '../spec';

/** Chinese addresses run province → street without spaces; others street, city, country. */
export function addressText(address: CompanyAddress | null | undefined): string {
  if (!address) return '';
  const parts = [address.province, address.city, address.district, address.street];
  if (address.country === 'CN' || address.country === '') {
    return parts.filter((p) => p && p.trim() !== '').join('');
  }
  const city = [address.zip, address.city].filter(Boolean).join(' ');
  return [address.street, address.district, city, address.province, address.country]
    .filter((p) => p && p.trim() !== '')
    .join(', ');
}

/**
 * The address a party block shows. The synced company row carries one chosen address, the
 * default shipping address (DEFAULT_SHIPPING_GOODS_ADDRESS, the "primary shipment address");
 * without it the invoice's mailing address stands in for the company address.
 */
export function partyAddress(company: CompanyRow | null): string {
  if (!company) return '';
  if (company.default_address) return addressText(company.default_address);
  const mail = company.invoice?.partner_address;
  if (!mail) return '';
  return [mail.province, mail.city, mail.district, mail.street]
    .filter((p) => p && p.trim() !== '')
    .join('');
}

export interface PartyOptions {
  title: string;
  /** The person signing for the party (the user for party A). */
  contact?: string | null;
  /** The supplier's sales manager following the buyer (party A row's follower) for party B. */
  follower?: CompanyRow['follower'];
}

const text = (v: string | null | undefined): string => v?.trim() ?? '';

export function partyBlock(company: CompanyRow | null, options: PartyOptions): Party {
  const tax = company?.invoice?.partner_tax;
  const lines: Field[] = [
    { label: '公司名称：', value: text(company?.name) },
    { label: '联系人：', value: text(options.contact) },
    { label: '地址：', value: partyAddress(company) },
    { label: '开户行：', value: text(tax?.invoice_bank_name) },
    { label: '账号：', value: text(tax?.invoice_bank_account) },
    {
      label: '开票地址及电话：',
      value: [text(tax?.invoice_address), text(tax?.invoice_phone)].filter(Boolean).join(' '),
    },
    { label: '纳税人识别号：', value: text(company?.invoice?.tax_code ?? company?.tax_code) },
    { label: '网址：', value: text(company?.website) },
    { label: '邮箱：', value: text(company?.email) },
  ];
  if (options.follower !== undefined) {
    const f = options.follower;
    lines.push({
      label: '跟单：',
      value: f ? [f.alias, f.mobile ?? f.phone ?? ''].filter(Boolean).join(' ') : '',
    });
  }
  return { title: options.title, lines };
}

export function userContact(user: DocumentUser): string {
  return [text(user.name), text(user.mobile)].filter(Boolean).join(' ');
}
