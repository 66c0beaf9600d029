// An order as its buyer's and its supplier's clients see it (purchasing-core §3 "Order
// (detail)"): the two nodes, the lines with their document fields, and the papers that hang off
// the order (boxes, invoices: orderPapers.ts). Lines written before the document columns existed
// get them from the catalogue and the taxed price, so every client reads one shape.
import { asc, inArray } from 'drizzle-orm';
import type { OrderRow } from '../../../src/contract/feedRows';
import { firstPaymentOf, multiplyRound, roundTo } from '../../../src/domain/documents/amounts';
import type { Reader } from '../../db/database';
import { orderLines, orders, products } from '../../db/schema/index';
import { loadInvoices, loadLogistics } from './orderPapers';
import {
  brandRef,
  byId,
  type ContactRecord,
  contactRef,
  groupBy,
  isoTime,
  loadBrands,
  loadContacts,
  num,
  unique,
} from './shared';

export async function loadOrderRows(db: Reader, ids: number[]): Promise<Map<number, OrderRow>> {
  const result = new Map<number, OrderRow>();
  if (ids.length === 0) return result;
  const orderRows = await db.select().from(orders).where(inArray(orders.id, ids));
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const [brandMap, contactMap] = await Promise.all([
    loadBrands(db, unique(orderRows.map((o) => o.brandId))),
    loadContacts(db, unique(orderRows.flatMap((o) => [o.ownerContactId, o.supplierContactId]))),
  ]);
  const linesByOrder = groupBy(lines, (line) => line.orderId);
  const lineProducts = await byId(
    unique(lines.map((l) => l.productId)).length
      ? db
          .select({ id: products.id, customsName: products.customsName, hsCode: products.hsCode })
          .from(products)
          .where(inArray(products.id, unique(lines.map((l) => l.productId))))
      : Promise.resolve([]),
  );
  const logistics = await loadLogistics(db, ids);
  const invoicesByOrder = await loadInvoices(db, ids);
  for (const order of orderRows) {
    const owner = contactRef(
      order.ownerContactId ? contactMap.get(order.ownerContactId) : undefined,
    );
    const supplierContact = contactRef(
      order.supplierContactId ? contactMap.get(order.supplierContactId) : undefined,
    );
    const taxedAmount = num(order.taxedAmount);
    const brand = order.brandId ? brandMap.get(order.brandId) : undefined;
    const taxRate = Number(order.taxRate);
    result.set(order.id, {
      id: order.id,
      company_id: order.companyId,
      sheet_id: order.sheetId,
      name: order.name,
      inquiry_no: order.inquiryNo,
      state: order.state,
      order_base_state: order.baseState,
      state_change_time: isoTime(order.stateChangeTime),
      order_state_log_list: order.stateLog,
      forecast_receive_date: order.forecastReceiveDate,
      unpaid_amount: num(order.unpaidAmount),
      brand: brand ? { ...brandRef(brand), grade: brand.grade } : null,
      brand_name: order.brandName,
      payment_method: order.paymentMethod,
      current_order_node: {
        company_id: order.companyId,
        contacts_user: owner,
        order_node_price: { currency: order.currency },
      },
      supplier_order_node: {
        company_id: order.supplierCompanyId,
        contacts_user: supplierContact,
        order_node_price: { taxed_amount: taxedAmount, currency: order.currency },
      },
      supplier_node: {
        inbound_state: order.inboundState,
        invoice_state: order.invoiceState,
        taxed_amount: taxedAmount,
        currency: order.currency,
      },
      order_node_list: [
        {
          company: { id: order.supplierCompanyId },
          inbound_state: order.inboundState,
          invoice_state: order.invoiceState,
        },
        { company: { id: order.companyId }, inbound_state: null, invoice_state: null },
      ],
      order_product_list: (linesByOrder.get(order.id) ?? []).map((line) => {
        const product = line.productId ? lineProducts.get(line.productId) : undefined;
        // Lines written before the document columns existed get them from the catalogue and
        // the taxed price.
        const taxedUnit = num(line.taxedPriceUnit);
        const priceUnit =
          num(line.priceUnit) ?? (taxedUnit === null ? null : roundTo(taxedUnit / (1 + taxRate)));
        return {
          id: line.id,
          qty: line.qty,
          brand_name: line.brandName ?? order.brandName,
          product_name: line.productName ?? line.productType,
          product_order_no: line.productArticleNo,
          type_article_no: typeArticleNo(line.productType, line.productArticleNo),
          parameter: line.parameter ?? line.shortDescription,
          chinese_name: line.chineseName ?? product?.customsName ?? null,
          hs_code: line.hsCode ?? product?.hsCode ?? null,
          shipment_period: line.shipmentPeriod,
          quote_state: line.quoteState,
          deleted: line.deleted,
          product: {
            id: line.productId,
            product_type: line.productType,
            product_article_no: line.productArticleNo,
            short_description: line.shortDescription,
            url_path: line.urlPath,
            tariff: num(line.tariff),
          },
          supplier_order_node_line: {
            taxed_price_unit: num(line.taxedPriceUnit),
            taxed_amount: num(line.taxedAmount),
            price_unit: priceUnit,
            amount:
              num(line.amount) ?? (priceUnit === null ? null : multiplyRound(priceUnit, line.qty)),
          },
        };
      }),
      supplier_quotation_no: order.supplierQuotationNo,
      currency: order.currency,
      tax_rate: taxRate,
      exchange_rate: num(order.exchangeRate),
      extra_fee: num(order.extraFee),
      has_cny_vat_fee: order.hasCnyVatFee,
      first_payment_amount:
        num(order.firstPaymentAmount) ??
        (taxedAmount === null ? null : firstPaymentOf(taxedAmount)),
      logistics: logistics.get(order.id) ?? [],
      invoices: invoicesByOrder.get(order.id) ?? [],
      sign_time: isoTime(order.signTime),
      create_time: isoTime(order.createTime),
      write_time: isoTime(order.writeTime),
      version: order.version,
    });
  }
  return result;
}

/** Model and order number as documents print them (`typeArticleNo`): one of them when equal. */
export function typeArticleNo(type: string | null, articleNo: string | null): string | null {
  if (!type) return articleNo;
  if (!articleNo || articleNo === type) return type;
  return `${type} / ${articleNo}`;
}

/**
 * The order's row after an owner change, from the row as it was: only the owner, the write time
 * and the version move (updateOrder's columns for it). Tests hold it equal to loadOrderRows'.
 */
export function orderWithOwner(
  row: OrderRow,
  order: Pick<typeof orders.$inferSelect, 'writeTime' | 'version'>,
  owner: ContactRecord,
): OrderRow {
  return {
    ...row,
    current_order_node: { ...row.current_order_node, contacts_user: contactRef(owner) },
    write_time: isoTime(order.writeTime),
    version: order.version,
  };
}
