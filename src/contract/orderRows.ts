// An order's row in the feed (purchasing-core §3 "Order (detail)"), as both its buyer's and its
// supplier's clients receive it, with the papers that ride inside it: logistics boxes and the
// invoices that name it. Part of the feed's row types (feedRows.ts, which re-exports these).
import type { BrandRef, ContactRef, IsoTime } from './feedRows';

type OrderNodePrice = {
  taxed_amount?: number | null;
  currency: string | null;
};

export type OrderRow = {
  id: number;
  company_id: number;
  sheet_id: number | null;
  name: string;
  inquiry_no: string | null;
  /** Numeric progress code (10 … 90, −10, −20); see src/domain/orders/orderStates.ts. */
  state: number;
  order_base_state: string | null;
  state_change_time: IsoTime;
  order_state_log_list: Array<{
    state: number | string;
    time: IsoTime;
    by?: string;
    reason?: string;
  }>;
  forecast_receive_date: string | null;
  unpaid_amount: number | null;
  brand: (BrandRef & { grade: string | null }) | null;
  brand_name: string | null;
  payment_method: string | null;
  current_order_node: {
    company_id: number;
    contacts_user: ContactRef | null;
    order_node_price: OrderNodePrice;
  };
  supplier_order_node: {
    company_id: number;
    contacts_user: ContactRef | null;
    order_node_price: OrderNodePrice;
  };
  supplier_node: {
    inbound_state: string | null;
    invoice_state: string | null;
    taxed_amount: number | null;
    currency: string | null;
  };
  order_node_list: Array<{
    company: { id: number };
    inbound_state: string | null;
    invoice_state: string | null;
  }>;
  order_product_list: Array<{
    id: number;
    qty: number;
    // Document fields: optional, as rows stored by an older app lack them.
    brand_name?: string | null;
    product_name?: string | null;
    /** The order number (订货号). */
    product_order_no?: string | null;
    /** Model and order number as documents print them (`typeArticleNo`). */
    type_article_no?: string | null;
    parameter?: string | null;
    /** The Chinese trade name for customs clearance (清关品名). */
    chinese_name?: string | null;
    hs_code?: string | null;
    /** Shipment period in days. */
    shipment_period?: number | null;
    /** INVALID and REPLACED lines are left out of documents (reportLines). */
    quote_state?: string | null;
    /** Deleted lines are left out of documents. */
    deleted?: boolean;
    product: {
      id: number | null;
      product_type: string | null;
      product_article_no: string | null;
      short_description: string | null;
      url_path: string | null;
      tariff: number | null;
    };
    supplier_order_node_line: {
      taxed_price_unit: number | null;
      taxed_amount: number | null;
      /** Without VAT. */
      price_unit?: number | null;
      amount?: number | null;
    };
  }>;
  /** Document info, absent in rows stored by an older app: read with `?? null`. */
  supplier_quotation_no?: string | null;
  currency?: string | null;
  /** VAT rate as a fraction (0.13). */
  tax_rate?: number | null;
  /** CNY per unit of the supplier's purchase currency (EUR). */
  exchange_rate?: number | null;
  extra_fee?: number | null;
  /** The CNY unit prices get 13% VAT on documents (cnyUnitPriceWithVat). */
  has_cny_vat_fee?: boolean | null;
  /** The contract's suggested first payment. */
  first_payment_amount?: number | null;
  /** Logistics boxes (orders at state 50 and on); read with `?? []`. */
  logistics?: LogisticsBox[];
  /** Invoices that name the order; read with `?? []`. */
  invoices?: OrderInvoice[];
  sign_time: IsoTime | null;
  create_time: IsoTime;
  write_time: IsoTime;
  version: number;
};

/** A box (or pallet) of an order, with its lines and express-tracking log (§3 "Order lines"). */
export type LogisticsBox = {
  id: number;
  /** CARTON or PALLET. */
  box_type: string;
  box_name: string;
  /** DRAFT, STOCK, TRANSFERRED, OVERSEA_RECEIVED, TRANSFERRING, DOMESTIC_RECEIVED, DELIVERING, SIGNED. */
  state: string;
  currency: string;
  delivery_company: string | null;
  tracking_no: string | null;
  /** kg, 3 decimals. */
  gross_weight: number | null;
  net_weight: number | null;
  /** Added at dispatch; documents spread it over the boxes by gross weight (distributeExtraWeight). */
  extra_weight: number | null;
  create_time: IsoTime;
  box_lines: Array<{
    id: number;
    /** The order line (`order_product_list[].id`). */
    order_product_id: number | null;
    qty: number;
    gross_weight: number | null;
    net_weight: number | null;
    /** German customs tariff number (11 digits). */
    customs_code_de: string | null;
    /** Chinese HS code (10 digits). */
    customs_code_cn: string | null;
    origin_country: string | null;
    /** In the box's currency, without tax. */
    price_unit: number | null;
  }>;
  logs: Array<{ time: IsoTime; place: string | null; info: string }>;
};

/** An invoice the supplier issued that names the order (§3 "Printable documents", §7 invoice log). */
export type OrderInvoice = {
  id: number;
  number: string;
  /** CANCELED, DRAFTED, SENT, CONFIRMED, CREATED, MAILED, SIGNED. */
  state: string;
  /** YYYY-MM-DD. */
  invoice_date: string;
  currency: string;
  tax_rate: number;
  taxed_amount: number;
  untaxed_amount: number;
  customer_company: { id: number; name: string } | null;
  supplier_company_id: number;
  reference_orders: Array<{ id: number; name: string | null }>;
  /** 顺丰. */
  delivery_company: string | null;
  tracking_no: string | null;
  create_time: IsoTime;
  lines: Array<{
    id: number;
    order_id: number;
    order_product_id: number | null;
    qty: number;
    price_unit: number;
    taxed_price_unit: number;
    amount: number;
    taxed_amount: number;
  }>;
  logs: Array<{ create_time: IsoTime; location: string | null; remark: string }>;
};
