// The accounting and logistics lookups of settings-messaging-shared §7 ("Lookups used by the
// shell and documents"): an invoice by its number, an invoice's progress log, an outbound order
// (a logistics box) by its name, and an order's remaining money. Read-only; every answer is
// limited to what the current company is a party of, anything else reads as absent (404).
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { invoiceLines, invoiceLogs, invoices, logisticsBoxes, orders } from '../db/schema/index';
import { notFound } from '../http/httpError';
import { ok } from '../http/replies';
import { companyQuery, currentCompanyId, ID, idParams } from '../http/schemas';
import { ORDER_MESSAGES } from '../purchasing/orderService';
import { isoTime } from '../sync/projections/shared';

export const ACCOUNTING_MESSAGES = {
  INVOICE_NOT_FOUND: '发票不存在',
  OUTBOUND_ORDER_NOT_FOUND: '出库单不存在',
} as const;

/** Invoice numbers, box names and order numbers: as the get_id routes of orders bound them. */
const NAME = { type: 'string', minLength: 1, maxLength: 64 } as const;
const nameParams = {
  type: 'object',
  required: ['name'],
  properties: { name: NAME },
} as const;
const remainingMoneyQuery = {
  type: 'object',
  required: ['order_name', 'supplier_company_id', 'customer_company_id'],
  properties: {
    currentCompanyId,
    order_name: NAME,
    supplier_company_id: ID,
    customer_company_id: ID,
  },
} as const;

type RemainingMoneyQuery = {
  order_name: string;
  supplier_company_id: number;
  customer_company_id: number;
};

/** The invoice's id when the company is its customer or the supplier who issued it. */
async function visibleInvoiceId(db: Db, companyId: number, match: SQL): Promise<number> {
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(match, or(eq(invoices.companyId, companyId), eq(invoices.supplierCompanyId, companyId))),
    );
  if (!invoice) throw notFound(ACCOUNTING_MESSAGES.INVOICE_NOT_FOUND);
  return invoice.id;
}

export function registerAccounting(
  app: FastifyInstance,
  { database }: Pick<AppContext, 'database'>,
) {
  const { db } = database;

  app.get<{ Params: { name: string } }>(
    '/accounting-api/v7/invoices/invoice_number/:name',
    { schema: { params: nameParams, querystring: companyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const id = await visibleInvoiceId(
        db,
        membership.companyId,
        eq(invoices.number, request.params.name),
      );
      const named = await db
        .selectDistinct({ orderId: invoiceLines.orderId })
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, id))
        .orderBy(asc(invoiceLines.orderId));
      return ok({ id, order_ids: named.map((row) => row.orderId) });
    },
  );

  // Oldest first, as a log reads (the app's invoice panel turns it newest first itself).
  app.get<{ Params: { id: number } }>(
    '/accounting-api/v7/invoices/:id/logs',
    { schema: { params: idParams('id'), querystring: companyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const id = await visibleInvoiceId(
        db,
        membership.companyId,
        eq(invoices.id, request.params.id),
      );
      const logs = await db
        .select()
        .from(invoiceLogs)
        .where(eq(invoiceLogs.invoiceId, id))
        .orderBy(asc(invoiceLogs.createTime), asc(invoiceLogs.id));
      return ok({
        routes: logs.map((log) => ({
          create_time: isoTime(log.createTime),
          location: log.location,
          remark: log.remark,
        })),
      });
    },
  );

  // A box shipped out of the warehouse is the outbound order of our model; its name is the
  // order number with the box's position (PO…-1). Only boxes of the company's own orders.
  app.get<{ Params: { name: string } }>(
    '/logistics-api/v7/outbound_orders/:name/get_id',
    { schema: { params: nameParams, querystring: companyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const [box] = await db
        .select({ id: logisticsBoxes.id })
        .from(logisticsBoxes)
        .innerJoin(orders, eq(orders.id, logisticsBoxes.orderId))
        .where(
          and(
            eq(logisticsBoxes.boxName, request.params.name),
            eq(orders.companyId, membership.companyId),
          ),
        )
        .orderBy(asc(logisticsBoxes.id))
        .limit(1);
      if (!box) throw notFound(ACCOUNTING_MESSAGES.OUTBOUND_ORDER_NOT_FOUND);
      return ok({ id: box.id });
    },
  );

  // Path ours. The order's unpaid amount, for either party of it.
  app.get<{ Querystring: RemainingMoneyQuery }>(
    '/accounting-api/v7/remaining_money',
    { schema: { querystring: remainingMoneyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const query = request.query;
      const party =
        membership.companyId === query.customer_company_id ||
        membership.companyId === query.supplier_company_id;
      const [order] = party
        ? await db
            .select({ unpaidAmount: orders.unpaidAmount })
            .from(orders)
            .where(
              and(
                eq(orders.name, query.order_name),
                eq(orders.companyId, query.customer_company_id),
                eq(orders.supplierCompanyId, query.supplier_company_id),
              ),
            )
        : [];
      if (!order) throw notFound(ORDER_MESSAGES.NOT_FOUND);
      return ok({
        remaining_money: order.unpaidAmount === null ? null : Number(order.unpaidAmount),
      });
    },
  );
}
