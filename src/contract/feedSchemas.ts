// The runtime shape of every synced row (zod/mini: the sync worker decodes feed pages with them).
// Each schema is declared against its row type in feedRows.ts, so the compiler refuses a schema
// that lacks a field the type requires; unknown fields pass (a newer server may add some), and
// codes stay plain strings as in the types. The contract test (tests/contract/feed.test.ts) runs
// real server rows of every table through them.
import { z } from 'zod/mini';
import type {
  BrandRef,
  BrandRow,
  CompanyAddress,
  CompanyInvoice,
  CompanyRow,
  ContactRef,
  FeedRowOf,
  LogisticsBox,
  OrderInvoice,
  OrderRow,
  SheetLine,
  SheetRow,
  StaffRow,
  StoredFile,
  SyncTable,
  TodoRow,
} from './feedRows';

const str = z.string();
const int = z.number().check(z.int());
const num = z.number();
const bool = z.boolean();
const nStr = z.nullable(z.string());
const nNum = z.nullable(z.number());
const nInt = z.nullable(int);
const nBool = z.nullable(z.boolean());
const idRef = z.object({ id: int });
const named = z.object({ id: int, name: str });
const url = z.object({ url: str });

const brandRefShape = {
  id: int,
  name: str,
  url_path: nStr,
  is_published: bool,
  logo_file: z.nullable(url),
  state: nStr,
  comment: nStr,
  correct_brand: z.nullable(idRef),
};
export const brandRefSchema: z.ZodMiniType<BrandRef> = z.object(brandRefShape);
const contactRefSchema: z.ZodMiniType<ContactRef> = named;
const storedFileShape = {
  object_name: str,
  name: z.optional(str),
  content_type: str,
  size: z.optional(num),
};
const storedFileSchema: z.ZodMiniType<StoredFile> = z.object(storedFileShape);

const sheetLineSchema: z.ZodMiniType<SheetLine> = z.object({
  id: int,
  product_id: nInt,
  product_type: nStr,
  product_article_no: nStr,
  short_description: nStr,
  qty: num,
  attachments: z.array(storedFileSchema),
  quote_state: nStr,
  shipment_period: nNum,
  product: z.object({
    state: nStr,
    validity_end_date: nStr,
    quote_comment: nStr,
    url_path: nStr,
    tariff: z.optional(nNum),
    chinese_name: z.optional(nStr),
    hs_code: z.optional(nStr),
  }),
});

const priceCell = z.object({ taxed_price_unit: nNum, taxed_amount: nNum });

export const sheetRowSchema: z.ZodMiniType<SheetRow> = z.object({
  id: int,
  company_id: int,
  name: str,
  state: str,
  state_change_time: str,
  state_log_list: z.array(
    z.object({ state: str, time: str, by: z.optional(str), reason: z.optional(str) }),
  ),
  brand: z.nullable(brandRefSchema),
  brand_name: nStr,
  current_node: z.object({ company_id: int, contacts_user: z.nullable(contactRefSchema) }),
  supplier_node: z.object({
    company: z.nullable(named),
    currency: nStr,
    taxed_amount: nNum,
    vip_balance: nNum,
    vip_taxed_amount: nNum,
    vip_rebate: nNum,
    payment_method: nStr,
    price_map: z.record(str, priceCell),
  }),
  order: z.nullable(named),
  inquiry_product_list: z.array(sheetLineSchema),
  cancelReason: nStr,
  remark: nStr,
  has_cny_vat_fee: z.optional(nBool),
  create_time: str,
  write_time: str,
  version: int,
});

const logisticsBoxSchema: z.ZodMiniType<LogisticsBox> = z.object({
  id: int,
  box_type: str,
  box_name: str,
  state: str,
  currency: str,
  delivery_company: nStr,
  tracking_no: nStr,
  gross_weight: nNum,
  net_weight: nNum,
  extra_weight: nNum,
  create_time: str,
  box_lines: z.array(
    z.object({
      id: int,
      order_product_id: nInt,
      qty: num,
      gross_weight: nNum,
      net_weight: nNum,
      customs_code_de: nStr,
      customs_code_cn: nStr,
      origin_country: nStr,
      price_unit: nNum,
    }),
  ),
  logs: z.array(z.object({ time: str, place: nStr, info: str })),
});

const orderInvoiceSchema: z.ZodMiniType<OrderInvoice> = z.object({
  id: int,
  number: str,
  state: str,
  invoice_date: str,
  currency: str,
  tax_rate: num,
  taxed_amount: num,
  untaxed_amount: num,
  customer_company: z.nullable(named),
  supplier_company_id: int,
  reference_orders: z.array(z.object({ id: int, name: nStr })),
  delivery_company: nStr,
  tracking_no: nStr,
  create_time: str,
  lines: z.array(
    z.object({
      id: int,
      order_id: int,
      order_product_id: nInt,
      qty: num,
      price_unit: num,
      taxed_price_unit: num,
      amount: num,
      taxed_amount: num,
    }),
  ),
  logs: z.array(z.object({ create_time: str, location: nStr, remark: str })),
});

const orderNode = z.object({
  company_id: int,
  contacts_user: z.nullable(contactRefSchema),
  order_node_price: z.object({ taxed_amount: z.optional(nNum), currency: nStr }),
});

export const orderRowSchema: z.ZodMiniType<OrderRow> = z.object({
  id: int,
  company_id: int,
  sheet_id: nInt,
  name: str,
  inquiry_no: nStr,
  state: int,
  order_base_state: nStr,
  state_change_time: str,
  order_state_log_list: z.array(
    z.object({
      state: z.union([num, str]),
      time: str,
      by: z.optional(str),
      reason: z.optional(str),
    }),
  ),
  forecast_receive_date: nStr,
  unpaid_amount: nNum,
  brand: z.nullable(z.object({ ...brandRefShape, grade: nStr })),
  brand_name: nStr,
  payment_method: nStr,
  current_order_node: orderNode,
  supplier_order_node: orderNode,
  supplier_node: z.object({
    inbound_state: nStr,
    invoice_state: nStr,
    taxed_amount: nNum,
    currency: nStr,
  }),
  order_node_list: z.array(z.object({ company: idRef, inbound_state: nStr, invoice_state: nStr })),
  order_product_list: z.array(
    z.object({
      id: int,
      qty: num,
      brand_name: z.optional(nStr),
      product_name: z.optional(nStr),
      product_order_no: z.optional(nStr),
      type_article_no: z.optional(nStr),
      parameter: z.optional(nStr),
      chinese_name: z.optional(nStr),
      hs_code: z.optional(nStr),
      shipment_period: z.optional(nNum),
      quote_state: z.optional(nStr),
      deleted: z.optional(bool),
      product: z.object({
        id: nInt,
        product_type: nStr,
        product_article_no: nStr,
        short_description: nStr,
        url_path: nStr,
        tariff: nNum,
      }),
      supplier_order_node_line: z.object({
        taxed_price_unit: nNum,
        taxed_amount: nNum,
        price_unit: z.optional(nNum),
        amount: z.optional(nNum),
      }),
    }),
  ),
  supplier_quotation_no: z.optional(nStr),
  currency: z.optional(nStr),
  tax_rate: z.optional(nNum),
  exchange_rate: z.optional(nNum),
  extra_fee: z.optional(nNum),
  has_cny_vat_fee: z.optional(nBool),
  first_payment_amount: z.optional(nNum),
  logistics: z.optional(z.array(logisticsBoxSchema)),
  invoices: z.optional(z.array(orderInvoiceSchema)),
  sign_time: nStr,
  create_time: str,
  write_time: str,
  version: int,
});

export const todoRowSchema: z.ZodMiniType<TodoRow> = z.object({
  id: int,
  type: str,
  state: str,
  subject: str,
  module: nStr,
  module_id: nInt,
  module_number: nStr,
  mail_id: nInt,
  mail_state: nStr,
  from_company_id: int,
  from_company_name: nStr,
  from_contacts_id: nInt,
  from_contacts_name: nStr,
  to_company_id: int,
  to_company_name: nStr,
  to_contacts_id: nInt,
  to_contacts_name: nStr,
  avatar: nStr,
  has_attachment: bool,
  todo_files: z.array(z.object({ attachment: z.object({ ...storedFileShape, url: str }) })),
  event_type: nStr,
  create_time: str,
  write_time: str,
  delay_time: nStr,
  version: int,
});

export const staffRowSchema: z.ZodMiniType<StaffRow> = z.object({
  id: int,
  company_id: int,
  name: str,
  gender: nStr,
  mobile: nStr,
  phone: nStr,
  email: nStr,
  position: nStr,
  language: nStr,
  qq: nStr,
  status: str,
  is_admin: bool,
  visibility: nStr,
  avatar: nStr,
  login_user: z.nullable(z.object({ id: int, name: str, mobile: nStr, avatar: nStr })),
  version: int,
});

const companyInvoiceSchema: z.ZodMiniType<CompanyInvoice> = z.object({
  id: int,
  tax_code: nStr,
  partner_tax: z.object({
    invoice_bank_code: nStr,
    invoice_bank_name: nStr,
    invoice_bank_account: nStr,
    invoice_address: nStr,
    invoice_phone: nStr,
  }),
  partner_address: z.object({
    contacts_name: nStr,
    contacts_phone: nStr,
    country: nStr,
    province: nStr,
    city: nStr,
    district: nStr,
    street: nStr,
  }),
});

const companyAddressSchema: z.ZodMiniType<CompanyAddress> = z.object({
  id: int,
  address_type: str,
  country: str,
  province: nStr,
  city: nStr,
  district: nStr,
  street: str,
  zip: nStr,
  contacts_name: str,
  contacts_phone: str,
});

export const companyRowSchema: z.ZodMiniType<CompanyRow> = z.object({
  id: int,
  name: str,
  short_name: nStr,
  type: nStr,
  level: nStr,
  logo: z.nullable(url),
  website: nStr,
  email: nStr,
  currency: nStr,
  language: nStr,
  country: nStr,
  province: nStr,
  city: nStr,
  timezone: nStr,
  tax_code: nStr,
  vip: nBool,
  start_date: nStr,
  end_date: nStr,
  rebates: z.nullable(z.object({ amount: nStr, balance: nStr })),
  follower: z.nullable(z.object({ id: int, alias: str, mobile: nStr, phone: nStr })),
  invoice: z.nullable(companyInvoiceSchema),
  default_address: z.nullable(companyAddressSchema),
  version: int,
});

export const brandRowSchema: z.ZodMiniType<BrandRow> = z.object({
  ...brandRefShape,
  country: nStr,
  grade: nStr,
  agency_type: nStr,
  version: int,
});

/** The schema of each synced table's rows. */
export const ROW_SCHEMAS: { readonly [T in SyncTable]: z.ZodMiniType<FeedRowOf[T]> } = {
  sheets: sheetRowSchema,
  orders: orderRowSchema,
  todos: todoRowSchema,
  staff: staffRowSchema,
  companies: companyRowSchema,
  brands: brandRowSchema,
};
