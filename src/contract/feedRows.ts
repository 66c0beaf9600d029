// The rows of the sync feed, typed as the reference server delivers them (docs/api.md §3 "Row
// shapes", server/sync/projections/). The local tables store these rows unchanged plus a few
// derived fields (src/data/derive.ts). Codes stay `string` where a newer server may send codes
// this client does not know yet.

import type { OrderRow } from './orderRows';

export type { LogisticsBox, OrderInvoice, OrderRow } from './orderRows';

/** The client tables of the feed; the Dexie tables have the same names. */
export const SYNC_TABLES = ['sheets', 'orders', 'todos', 'staff', 'companies', 'brands'] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

/** Times are ISO 8601 in UTC (`2025-01-09T02:00:00.000Z`), so text order is time order. */
export type IsoTime = string;

export type BrandRef = {
  id: number;
  name: string;
  url_path: string | null;
  is_published: boolean;
  logo_file: { url: string } | null;
  state: string | null;
  comment: string | null;
  correct_brand: { id: number } | null;
};

export type ContactRef = {
  id: number;
  name: string;
};

export type StoredFile = {
  object_name: string;
  name?: string;
  content_type: string;
  size?: number;
};

export type SheetLine = {
  id: number;
  product_id: number | null;
  product_type: string | null;
  product_article_no: string | null;
  short_description: string | null;
  qty: number;
  attachments: StoredFile[];
  quote_state: string | null;
  shipment_period: number | null;
  product: {
    state: string | null;
    validity_end_date: string | null;
    quote_comment: string | null;
    url_path: string | null;
    /** Documents; absent in rows stored by an older app. Tariff is a fraction (0.08). */
    tariff?: number | null;
    /** The Chinese trade name for customs clearance (清关品名). */
    chinese_name?: string | null;
    hs_code?: string | null;
  };
};

export type SheetRow = {
  id: number;
  company_id: number;
  name: string;
  state: string;
  state_change_time: IsoTime;
  /** An order's step mirrored onto its sheet keeps the order log's `reason`. */
  state_log_list: Array<{ state: string; time: IsoTime; by?: string; reason?: string }>;
  brand: BrandRef | null;
  brand_name: string | null;
  current_node: { company_id: number; contacts_user: ContactRef | null };
  supplier_node: {
    company: { id: number; name: string } | null;
    currency: string | null;
    taxed_amount: number | null;
    vip_balance: number | null;
    vip_taxed_amount: number | null;
    vip_rebate: number | null;
    payment_method: string | null;
    price_map: Record<string, { taxed_price_unit: number | null; taxed_amount: number | null }>;
  };
  order: { id: number; name: string } | null;
  inquiry_product_list: SheetLine[];
  cancelReason: string | null;
  remark: string | null;
  /**
   * The supplier's CNY prices carry 13% VAT (the quotation adds it in the CNY-priced stage).
   * Absent in rows stored by an older app: read as false.
   */
  has_cny_vat_fee?: boolean | null;
  create_time: IsoTime;
  write_time: IsoTime;
  version: number;
};

/** A to-do, message or mail. The feed carries no `company_id`: the client adds the feed's company. */
export type TodoRow = {
  id: number;
  type: string;
  state: string;
  subject: string;
  /** All three null for a mail bound to no record. */
  module: string | null;
  module_id: number | null;
  module_number: string | null;
  mail_id: number | null;
  mail_state: string | null;
  from_company_id: number;
  from_company_name: string | null;
  from_contacts_id: number | null;
  from_contacts_name: string | null;
  to_company_id: number;
  to_company_name: string | null;
  to_contacts_id: number | null;
  to_contacts_name: string | null;
  avatar: string | null;
  has_attachment: boolean;
  todo_files: Array<{ attachment: StoredFile & { url: string } }>;
  event_type: string | null;
  create_time: IsoTime;
  write_time: IsoTime;
  delay_time: IsoTime | null;
  version: number;
};

export type StaffRow = {
  id: number;
  company_id: number;
  name: string;
  gender: string | null;
  mobile: string | null;
  phone: string | null;
  email: string | null;
  position: string | null;
  /** A locale code (zh_CN, de_DE, en_US). */
  language: string | null;
  qq: string | null;
  /** IN_SERVICE or DEPART. */
  status: string;
  is_admin: boolean;
  visibility: string | null;
  avatar: string | null;
  login_user: { id: number; name: string; mobile: string | null; avatar: string | null } | null;
  version: number;
};

export type CompanyRow = {
  id: number;
  name: string;
  short_name: string | null;
  type: string | null;
  level: string | null;
  logo: { url: string } | null;
  website: string | null;
  email: string | null;
  currency: string | null;
  language: string | null;
  country: string | null;
  province: string | null;
  city: string | null;
  timezone: string | null;
  tax_code: string | null;
  vip: boolean | null;
  start_date: string | null;
  end_date: string | null;
  /** The VIP rebates in CNY (money as text); null for a company that is not VIP. */
  rebates: { amount: string | null; balance: string | null } | null;
  /** The supplier's sales manager who follows the company. */
  follower: { id: number; alias: string; mobile: string | null; phone: string | null } | null;
  invoice: CompanyInvoice | null;
  /** The default delivery address (DEFAULT_SHIPPING_GOODS_ADDRESS). */
  default_address: CompanyAddress | null;
  version: number;
};

/** Invoice info (settings-messaging-shared §3): the bank part and the mailing address. */
export type CompanyInvoice = {
  id: number;
  tax_code: string | null;
  partner_tax: {
    invoice_bank_code: string | null;
    invoice_bank_name: string | null;
    invoice_bank_account: string | null;
    invoice_address: string | null;
    invoice_phone: string | null;
  };
  partner_address: {
    contacts_name: string | null;
    contacts_phone: string | null;
    country: string | null;
    province: string | null;
    city: string | null;
    district: string | null;
    street: string | null;
  };
};

/** A company address (settings-messaging-shared §3 "Company address"). */
export type CompanyAddress = {
  id: number;
  address_type: string;
  country: string;
  province: string | null;
  city: string | null;
  district: string | null;
  street: string;
  zip: string | null;
  contacts_name: string;
  contacts_phone: string;
};

export type BrandRow = BrandRef & {
  country: string | null;
  grade: string | null;
  agency_type: string | null;
  version: number;
};

export type FeedRowOf = {
  sheets: SheetRow;
  orders: OrderRow;
  todos: TodoRow;
  staff: StaffRow;
  companies: CompanyRow;
  brands: BrandRow;
};

/** One entry of `GET /sync-api/v1/changes`. `id` is the row id as a string. */
export type FeedChange = {
  [T in SyncTable]:
    | { table: T; op: 'upsert'; id: string; row: FeedRowOf[T] }
    | { table: T; op: 'delete'; id: string; row: null };
}[SyncTable];
