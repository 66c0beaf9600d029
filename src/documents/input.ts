// What a document definition reads: the synced order or sheet row, the two parties'
// company rows, the user and the timezone, and a fixed "now" so the same input gives the same
// document (and PDF bytes). Party A is the buyer (companies[buyerId, buyerId]); party B the
// supplier (companies[buyerId, order.supplier_order_node.company_id]).

import type { CompanyRow, OrderRow, SheetRow } from '../contract/feedRows';
import { reportLines as pickReportLines } from '../domain/documents/reportContent';

export interface DocumentUser {
  name: string;
  mobile?: string | null;
  email?: string | null;
}

interface CommonInput {
  /** 甲方: the buyer company; null when its row is not stored (the blocks print empty values). */
  partyA: CompanyRow | null;
  /** 乙方: the supplier company. */
  partyB: CompanyRow | null;
  user: DocumentUser;
  /** IANA zone the dates are printed in (the user's, default Asia/Shanghai). */
  timeZone: string;
  /** ISO 8601 instant used as the document date and the PDF's createdAt. */
  now: string;
}

export interface OrderDocumentInput extends CommonInput {
  order: OrderRow;
  /** The first payment typed in the contract-export dialog; else the order's suggestion. */
  firstPaymentAmount?: number | null;
  /** Print the total in Chinese capitals under the contract's total (default true). */
  amountInWords?: boolean;
  /** The invoice the invoice document prints; default the order's first invoice not canceled. */
  invoiceId?: number | null;
}

export interface SheetDocumentInput extends CommonInput {
  sheet: SheetRow;
  /** The sheet carries a CNY VAT fee: CNY unit prices get 13% VAT (§9). */
  hasCnyVatFee?: boolean;
}

export type OrderLine = OrderRow['order_product_list'][number];
export type SheetLine = SheetRow['inquiry_product_list'][number];

/** The lines a report prints: deleted lines and quote state INVALID / REPLACED are left out. */
export function reportLines<T extends OrderLine | SheetLine>(lines: readonly T[]): T[] {
  return pickReportLines(lines as readonly (T & { deleted?: boolean | null })[]);
}

export function orderReportLines(order: OrderRow): OrderLine[] {
  return reportLines(order.order_product_list);
}

export function sheetReportLines(sheet: SheetRow): SheetLine[] {
  return reportLines(sheet.inquiry_product_list);
}
