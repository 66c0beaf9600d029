// The papers of an order that ride inside its row: the logistics boxes with their lines and
// express-tracking logs (purchasing-core §3 "Order lines"), and the invoices that name the order
// (§3 "Printable documents", §7 invoice log). Kept apart from orders.ts: they are loaded per
// batch of orders and grouped back by order id.
import { asc, inArray } from 'drizzle-orm';
import type { LogisticsBox, OrderInvoice } from '../../../src/contract/feedRows';
import type { Reader } from '../../db/database';
import {
  invoiceLines,
  invoiceLogs,
  invoices,
  logisticsBoxes,
  logisticsBoxLines,
  logisticsLogs,
  orders,
} from '../../db/schema/index';
import { byId, groupBy, isoTime, loadCompanies, num, unique } from './shared';

/** The boxes of each order with their lines and express-tracking logs, in position order. */
export async function loadLogistics(
  db: Reader,
  orderIds: number[],
): Promise<Map<number, LogisticsBox[]>> {
  const boxes = await db
    .select()
    .from(logisticsBoxes)
    .where(inArray(logisticsBoxes.orderId, orderIds))
    .orderBy(asc(logisticsBoxes.orderId), asc(logisticsBoxes.position));
  const boxIds = boxes.map((b) => b.id);
  const lines = boxIds.length
    ? await db
        .select()
        .from(logisticsBoxLines)
        .where(inArray(logisticsBoxLines.boxId, boxIds))
        .orderBy(asc(logisticsBoxLines.boxId), asc(logisticsBoxLines.position))
    : [];
  const logs = boxIds.length
    ? await db
        .select()
        .from(logisticsLogs)
        .where(inArray(logisticsLogs.boxId, boxIds))
        .orderBy(asc(logisticsLogs.boxId), asc(logisticsLogs.time), asc(logisticsLogs.id))
    : [];
  const linesByBox = groupBy(lines, (l) => l.boxId);
  const logsByBox = groupBy(logs, (l) => l.boxId);
  const byOrder = new Map<number, LogisticsBox[]>();
  for (const box of boxes) {
    const list = byOrder.get(box.orderId) ?? [];
    list.push({
      id: box.id,
      box_type: box.boxType,
      box_name: box.boxName,
      state: box.state,
      currency: box.currency,
      delivery_company: box.deliveryCompany,
      tracking_no: box.trackingNo,
      gross_weight: num(box.grossWeight),
      net_weight: num(box.netWeight),
      extra_weight: num(box.extraWeight),
      create_time: isoTime(box.createTime),
      box_lines: (linesByBox.get(box.id) ?? []).map((line) => ({
        id: line.id,
        order_product_id: line.orderLineId,
        qty: line.qty,
        gross_weight: num(line.grossWeight),
        net_weight: num(line.netWeight),
        customs_code_de: line.customsCodeDe,
        customs_code_cn: line.customsCodeCn,
        origin_country: line.originCountry,
        price_unit: num(line.priceUnit),
      })),
      logs: (logsByBox.get(box.id) ?? []).map((log) => ({
        time: isoTime(log.time),
        place: log.place,
        info: log.info,
      })),
    });
    byOrder.set(box.orderId, list);
  }
  return byOrder;
}

/** The invoices naming each order (through their lines), oldest first, with lines and logs. */
export async function loadInvoices(
  db: Reader,
  orderIds: number[],
): Promise<Map<number, OrderInvoice[]>> {
  const refs = await db
    .selectDistinct({ invoiceId: invoiceLines.invoiceId, orderId: invoiceLines.orderId })
    .from(invoiceLines)
    .where(inArray(invoiceLines.orderId, orderIds));
  const byOrder = new Map<number, OrderInvoice[]>();
  const invoiceIds = unique(refs.map((r) => r.invoiceId));
  if (invoiceIds.length === 0) return byOrder;
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, invoiceIds))
    .orderBy(asc(invoices.createTime), asc(invoices.id));
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  const logs = await db
    .select()
    .from(invoiceLogs)
    .where(inArray(invoiceLogs.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLogs.invoiceId), asc(invoiceLogs.createTime), asc(invoiceLogs.id));
  const referenced = unique(lines.map((l) => l.orderId));
  const orderNames = await byId(
    db
      .select({ id: orders.id, name: orders.name })
      .from(orders)
      .where(inArray(orders.id, referenced)),
  );
  const customers = await loadCompanies(db, unique(invoiceRows.map((i) => i.companyId)));
  const linesByInvoice = groupBy(lines, (l) => l.invoiceId);
  const logsByInvoice = groupBy(logs, (l) => l.invoiceId);
  const rows = new Map<number, OrderInvoice>(
    invoiceRows.map((invoice) => {
      const invoiceLinesOf = linesByInvoice.get(invoice.id) ?? [];
      const customer = customers.get(invoice.companyId);
      return [
        invoice.id,
        {
          id: invoice.id,
          number: invoice.number,
          state: invoice.state,
          invoice_date: invoice.invoiceDate,
          currency: invoice.currency,
          tax_rate: Number(invoice.taxRate),
          taxed_amount: Number(invoice.taxedAmount),
          untaxed_amount: Number(invoice.untaxedAmount),
          customer_company: customer ? { id: customer.id, name: customer.name } : null,
          supplier_company_id: invoice.supplierCompanyId,
          reference_orders: unique(invoiceLinesOf.map((l) => l.orderId)).map((id) => ({
            id,
            name: orderNames.get(id)?.name ?? null,
          })),
          delivery_company: invoice.deliveryCompany,
          tracking_no: invoice.trackingNo,
          create_time: isoTime(invoice.createTime),
          lines: invoiceLinesOf.map((line) => ({
            id: line.id,
            order_id: line.orderId,
            order_product_id: line.orderLineId,
            qty: line.qty,
            price_unit: Number(line.priceUnit),
            taxed_price_unit: Number(line.taxedPriceUnit),
            amount: Number(line.amount),
            taxed_amount: Number(line.taxedAmount),
          })),
          logs: (logsByInvoice.get(invoice.id) ?? []).map((log) => ({
            create_time: isoTime(log.createTime),
            location: log.location,
            remark: log.remark,
          })),
        },
      ] as const;
    }),
  );
  for (const [invoiceId, row] of rows) {
    for (const ref of refs) {
      if (ref.invoiceId !== invoiceId) continue;
      const list = byOrder.get(ref.orderId) ?? [];
      list.push(row);
      byOrder.set(ref.orderId, list);
    }
  }
  return byOrder;
}
