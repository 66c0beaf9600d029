// Complete feed rows for tests that only need "a change in the feed" (pokes, paging, cursors):
// ChangeSet.upsert takes the contract's row types, and the client decodes every row it pulls, so a
// bare `{ id, version }` would neither compile nor pass the decoder (src/contract/feed.ts).
import type { CompanyInvoice, CompanyRow, TodoRow } from '../../src/contract/feedRows';

export function companyRowStub(id: number, version: number): CompanyRow {
  return {
    id,
    name: `公司 ${id}`,
    short_name: null,
    type: null,
    level: null,
    logo: null,
    website: null,
    email: null,
    currency: null,
    language: null,
    country: null,
    province: null,
    city: null,
    timezone: null,
    tax_code: null,
    vip: null,
    start_date: null,
    end_date: null,
    rebates: null,
    follower: null,
    invoice: null,
    default_address: null,
    version,
  };
}

export function todoRowStub(id: number, version: number): TodoRow {
  const time = '2025-01-09T02:00:00.000Z';
  return {
    id,
    type: 'MESSAGE',
    state: 'UNREAD',
    subject: `消息 ${id}`,
    module: null,
    module_id: null,
    module_number: null,
    mail_id: null,
    mail_state: null,
    from_company_id: 1,
    from_company_name: null,
    from_contacts_id: null,
    from_contacts_name: null,
    to_company_id: 1,
    to_company_name: null,
    to_contacts_id: null,
    to_contacts_name: null,
    avatar: null,
    has_attachment: false,
    todo_files: [],
    event_type: 'ADD',
    create_time: time,
    write_time: time,
    delay_time: null,
    version,
  };
}

/** Invoice info with every field empty (spread it and set the fields a test reads). */
export const invoiceStub: CompanyInvoice = {
  id: 1,
  tax_code: null,
  partner_tax: {
    invoice_bank_code: null,
    invoice_bank_name: null,
    invoice_bank_account: null,
    invoice_address: null,
    invoice_phone: null,
  },
  partner_address: {
    contacts_name: null,
    contacts_phone: null,
    country: null,
    province: null,
    city: null,
    district: null,
    street: null,
  },
};
