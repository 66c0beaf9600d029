// Purchase sheets (inquiry quotations) with their product lines, and the orders they become.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, money, ref, time } from './columns';
import { syncVersion } from './sync';

/** An order's log: numeric progress codes (older entries may hold a state name). */
export type StateLogEntry = { state: string | number; time: string; by?: string; reason?: string };
/** A sheet's log: state names (an order's step mirrored onto its sheet keeps its reason). */
export type SheetLogEntry = { state: string; time: string; by?: string; reason?: string };
export type Attachment = { object_name: string; name: string; content_type: string; size: number };

export const sheets = pgTable(
  'sheets',
  {
    id: id(),
    /** The buyer company that owns the sheet. */
    companyId: ref('company_id').notNull(),
    /** The purchase number users read (XJ + date + sequence). */
    name: text('name').notNull(),
    state: text('state').notNull().default('DRAFT'),
    stateChangeTime: time('state_change_time').notNull().defaultNow(),
    stateLog: jsonb('state_log').$type<SheetLogEntry[]>().notNull().default(sql`'[]'::jsonb`),
    brandId: ref('brand_id'),
    brandName: text('brand_name').notNull(),
    ownerContactId: ref('owner_contact_id'),
    supplierCompanyId: ref('supplier_company_id').notNull(),
    paymentMethod: text('payment_method').notNull().default('ADVANCE_PAYMENT'),
    currency: text('currency').notNull().default('CNY'),
    taxedAmount: money('taxed_amount'),
    vipBalance: money('vip_balance'),
    vipTaxedAmount: money('vip_taxed_amount'),
    vipRebate: money('vip_rebate'),
    remark: text('remark'),
    orderId: ref('order_id'),
    cancelReason: text('cancel_reason'),
    /** The supplier's CNY prices carry 13% VAT (the quotation document adds it). */
    hasCnyVatFee: boolean('has_cny_vat_fee').notNull().default(false),
    createTime: time('create_time').notNull().defaultNow(),
    writeTime: time('write_time').notNull().defaultNow(),
    version: syncVersion(),
  },
  (t) => [
    uniqueIndex('sheets_name_key').on(t.name),
    index('sheets_company_idx').on(t.companyId, t.createTime),
  ],
);

export const sheetLines = pgTable(
  'sheet_lines',
  {
    id: id(),
    sheetId: ref('sheet_id')
      .notNull()
      .references(() => sheets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: ref('product_id'),
    productType: text('product_type'),
    productArticleNo: text('product_article_no'),
    shortDescription: text('short_description'),
    qty: integer('qty').notNull().default(1),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default(sql`'[]'::jsonb`),
    quoteState: text('quote_state').notNull().default('WAITING_INQUIRY'),
    shipmentPeriod: integer('shipment_period'),
    validityEndDate: date('validity_end_date'),
    quoteComment: text('quote_comment'),
    taxedPriceUnit: money('taxed_price_unit'),
    taxedAmount: money('taxed_amount'),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [index('sheet_lines_sheet_idx').on(t.sheetId, t.position)],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    companyId: ref('company_id').notNull(),
    sheetId: ref('sheet_id'),
    /** The order number users read (PO + date + sequence). */
    name: text('name').notNull(),
    inquiryNo: text('inquiry_no'),
    /** Numeric order state (10 … 90, -10, -20). */
    state: integer('state').notNull().default(10),
    baseState: text('base_state'),
    stateChangeTime: time('state_change_time').notNull().defaultNow(),
    stateLog: jsonb('state_log').$type<StateLogEntry[]>().notNull().default(sql`'[]'::jsonb`),
    forecastReceiveDate: date('forecast_receive_date'),
    unpaidAmount: money('unpaid_amount'),
    brandId: ref('brand_id'),
    brandName: text('brand_name').notNull(),
    ownerContactId: ref('owner_contact_id'),
    supplierCompanyId: ref('supplier_company_id').notNull(),
    supplierContactId: ref('supplier_contact_id'),
    supplierQuotationNo: text('supplier_quotation_no'),
    paymentMethod: text('payment_method').notNull().default('ADVANCE_PAYMENT'),
    currency: text('currency').notNull().default('CNY'),
    taxedAmount: money('taxed_amount'),
    /** Supplier inbound (payment) state: NO_RECEIPT, PARTIAL_RECEIPT, RECEIPTED ... */
    inboundState: text('inbound_state').notNull().default('NO_RECEIPT'),
    /** Supplier invoice state: INVOICE, NO_INVOICE, PARTIAL. */
    invoiceState: text('invoice_state').notNull().default('NO_INVOICE'),
    signTime: time('sign_time'),
    /** Document info: VAT rate, CNY per unit of `currency`, extra fee in `currency`. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 4 }).notNull().default('0.1300'),
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6 }),
    extraFee: money('extra_fee'),
    /** The CNY prices carry 13% VAT through a CNY VAT fee (documents add VAT to unit prices). */
    hasCnyVatFee: boolean('has_cny_vat_fee').notNull().default(false),
    /** The contract's suggested first payment (between 30% of the total and the total). */
    firstPaymentAmount: money('first_payment_amount'),
    createTime: time('create_time').notNull().defaultNow(),
    writeTime: time('write_time').notNull().defaultNow(),
    version: syncVersion(),
  },
  (t) => [
    uniqueIndex('orders_name_key').on(t.name),
    // The order list's index: its default sort (create_time, id) in key order, and the brand its
    // quick search filters on, so a page (brand filter or not) is an index-only scan.
    index('orders_company_list_idx').on(t.companyId, t.createTime, t.id, t.brandName),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: ref('product_id'),
    productType: text('product_type'),
    productArticleNo: text('product_article_no'),
    shortDescription: text('short_description'),
    urlPath: text('url_path'),
    tariff: numeric('tariff', { precision: 6, scale: 4 }),
    qty: integer('qty').notNull(),
    taxedPriceUnit: money('taxed_price_unit'),
    taxedAmount: money('taxed_amount'),
    /** Document fields: brand and product names, parameter, customs trade name. */
    brandName: text('brand_name'),
    productName: text('product_name'),
    parameter: text('parameter'),
    /** The Chinese trade name used for customs clearance (清关品名). */
    chineseName: text('chinese_name'),
    hsCode: text('hs_code'),
    /** Shipment period in days. */
    shipmentPeriod: integer('shipment_period'),
    /** Unit price and amount without VAT. */
    priceUnit: money('price_unit'),
    amount: money('amount'),
    /** The line's quote state; INVALID and REPLACED lines are left out of documents. */
    quoteState: text('quote_state').notNull().default('QUOTED'),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position)],
);
