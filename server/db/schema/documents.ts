// What the printable documents read besides the order itself (settings-messaging-shared §3
// "Order lines", "Printable documents (content)"): the logistics boxes of a shipped order
// with their lines and express-tracking log, and the supplier's invoices with their lines and
// progress log. All of it reaches the buyer inside the synced order row (server/sync/projections/).
import { date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, ref, time } from './columns';
import { orderLines, orders } from './purchasing';

/** Weights in kg with 3 decimals (documents print them to the gram). */
const weight = (name: string) => numeric(name, { precision: 12, scale: 3 });

/** A box (or pallet) the supplier packed for an order. */
export const logisticsBoxes = pgTable(
  'logistics_boxes',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** CARTON or PALLET. */
    boxType: text('box_type').notNull().default('CARTON'),
    boxName: text('box_name').notNull(),
    /** DRAFT, STOCK, TRANSFERRED, OVERSEA_RECEIVED, TRANSFERRING, DOMESTIC_RECEIVED, DELIVERING, SIGNED. */
    state: text('state').notNull().default('DRAFT'),
    currency: text('currency').notNull().default('EUR'),
    deliveryCompany: text('delivery_company'),
    trackingNo: text('tracking_no'),
    grossWeight: weight('gross_weight'),
    netWeight: weight('net_weight'),
    /** Packing weight added at dispatch, spread over the lines in proportion to gross weight. */
    extraWeight: weight('extra_weight'),
    createTime: time('create_time').notNull().defaultNow(),
  },
  (t) => [index('logistics_boxes_order_idx').on(t.orderId, t.position)],
);

/** What a box holds: an order line's quantity with its weights and customs data. */
export const logisticsBoxLines = pgTable(
  'logistics_box_lines',
  {
    id: id(),
    boxId: ref('box_id')
      .notNull()
      .references(() => logisticsBoxes.id, { onDelete: 'cascade' }),
    orderLineId: ref('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    qty: integer('qty').notNull(),
    grossWeight: weight('gross_weight'),
    netWeight: weight('net_weight'),
    /** German customs tariff number (11 digits, Zolltarifnummer). */
    customsCodeDe: text('customs_code_de'),
    /** Chinese HS code (10 digits). */
    customsCodeCn: text('customs_code_cn'),
    /** Two-letter country of origin. */
    originCountry: text('origin_country'),
    /** Unit price in the box's currency, without tax. */
    priceUnit: money('price_unit'),
  },
  (t) => [index('logistics_box_lines_box_idx').on(t.boxId, t.position)],
);

/** The express-tracking log of a box: time, place, info. */
export const logisticsLogs = pgTable(
  'logistics_logs',
  {
    id: id(),
    boxId: ref('box_id')
      .notNull()
      .references(() => logisticsBoxes.id, { onDelete: 'cascade' }),
    time: time('time').notNull(),
    place: text('place'),
    info: text('info').notNull(),
  },
  (t) => [index('logistics_logs_box_idx').on(t.boxId, t.time)],
);

/** An invoice the supplier issued to a buyer for one or more orders (the lines say which). */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** The customer (buyer) company. */
    companyId: ref('company_id').notNull(),
    supplierCompanyId: ref('supplier_company_id').notNull(),
    number: text('number').notNull(),
    /** CANCELED, DRAFTED, SENT, CONFIRMED, CREATED, MAILED, SIGNED. */
    state: text('state').notNull().default('CREATED'),
    invoiceDate: date('invoice_date').notNull(),
    currency: text('currency').notNull().default('CNY'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 4 }).notNull().default('0.1300'),
    taxedAmount: money('taxed_amount').notNull(),
    untaxedAmount: money('untaxed_amount').notNull(),
    deliveryCompany: text('delivery_company'),
    trackingNo: text('tracking_no'),
    createTime: time('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_company_idx').on(t.companyId),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: ref('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: ref('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    qty: integer('qty').notNull(),
    priceUnit: money('price_unit').notNull(),
    taxedPriceUnit: money('taxed_price_unit').notNull(),
    amount: money('amount').notNull(),
    taxedAmount: money('taxed_amount').notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_lines_order_idx').on(t.orderId),
  ],
);

/** The invoice's progress (the spec's invoice log: create_time, location, remark). */
export const invoiceLogs = pgTable(
  'invoice_logs',
  {
    id: id(),
    invoiceId: ref('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    createTime: time('create_time').notNull(),
    location: text('location'),
    remark: text('remark').notNull(),
  },
  (t) => [index('invoice_logs_invoice_idx').on(t.invoiceId, t.createTime)],
);
