// The order calls of purchasing-core §7.1 for the current company: list (tabs, filters, sort),
// detail, cancel action, expected arrival date, owner change, get_id by name, the chat's default
// contact and the list's quick-search form. Rules live in server/purchasing/orderService.ts.

import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderActionBody, OrderForecastBody } from '../../src/contract/api/outbox';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { ORDER_TABS, type OrderTab } from '../../src/domain/orders/orderTabs';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { companies, contacts, orders } from '../db/schema/index';
import { notFound } from '../http/httpError';
import { ifMatchVersion } from '../http/ifMatch';
import { listPageText, sendData } from '../http/jsonText';
import { type ListQuery, listQueryProperties, parseListParams } from '../http/listParams';
import { answer, ok } from '../http/replies';
import { contactNotDeleted } from '../partners/deletedContacts';
import {
  cancelOrder,
  changeOrderOwner,
  ORDER_MESSAGES,
  setForecastReceiveDate,
} from '../purchasing/orderService';
import { feedHead, ListTotals } from '../sync/listTotals';
import { mutate } from '../sync/mutation';
import { loadOrderRows } from '../sync/projections/orders';
import { storedPage, storedRow } from '../sync/storedRows';
import { filterConditions, orderBy, SORTABLE, tabCondition } from './ordersList';
import { orderSearchForm } from './ordersSearchForm';

const companyIdProperty = { currentCompanyId: { type: 'string', pattern: '^\\d{1,15}$' } };
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;
const companyQuery = { type: 'object', properties: companyIdProperty } as const;

type IdParams = { id: number };

export function registerOrders(app: FastifyInstance, { database }: Pick<AppContext, 'database'>) {
  const { db } = database;
  // Totals of the list, counted again when the company's feed moves (server/sync/listTotals.ts).
  const totals = new ListTotals();

  app.get<{ Querystring: ListQuery & { orderType: OrderTab } }>(
    '/orders-api/v7/orders',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...companyIdProperty,
            ...listQueryProperties,
            orderType: { type: 'string', enum: [...ORDER_TABS], default: 'ALL' },
          },
        },
      },
    },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      const params = parseListParams(request.query, SORTABLE);
      const where = and(
        eq(orders.companyId, membership.companyId),
        tabCondition(request.query.orderType),
        ...filterConditions(params.filters),
      );
      const order = orderBy(params.sort);
      const page = db
        .select({
          id: orders.id,
          ord: sql`row_number() over (order by ${sql.join(order, sql`, `)})`.as('ord'),
        })
        .from(orders)
        .where(where)
        .orderBy(...order)
        .limit(params.limit)
        .offset(params.offset);
      const { companyId } = membership;
      const { items, head } = await storedPage(
        db,
        'orders',
        companyId,
        page.getSQL(),
        loadOrderRows,
      );
      const key = `orders/${companyId}/${request.query.orderType}/${JSON.stringify(params.filters)}`;
      const total = await totals.total(key, head ?? (await feedHead(db, companyId)), async () => {
        const [counted] = await db.select({ n: count() }).from(orders).where(where);
        return counted?.n ?? 0;
      });
      return sendData(reply, listPageText({ items, total }));
    },
  );

  app.get<{ Querystring: { orderType: OrderTab } }>(
    '/orders-api/v7/orders/search_form',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...companyIdProperty,
            orderType: { type: 'string', enum: [...ORDER_TABS], default: 'ALL' },
          },
        },
      },
    },
    async (request) => answer(R.orderSearchForm, orderSearchForm(request.query.orderType)),
  );

  app.get<{ Params: IdParams }>(
    '/orders-api/v7/orders/:id',
    { schema: { params: idParams, querystring: companyQuery } },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      const { companyId } = membership;
      const row = await storedRow(db, 'orders', companyId, request.params.id, loadOrderRows);
      if (!row) throw notFound(ORDER_MESSAGES.NOT_FOUND);
      return sendData(reply, row);
    },
  );

  app.get<{ Params: { name: string } }>(
    '/orders-api/v7/orders/:name/get_id',
    {
      schema: {
        params: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        querystring: companyQuery,
      },
    },
    async (request) => {
      const { membership } = requireMembership(request);
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(eq(orders.name, request.params.name), eq(orders.companyId, membership.companyId)),
        );
      if (!order) throw notFound(ORDER_MESSAGES.NOT_FOUND);
      return ok({ id: order.id });
    },
  );

  // The chat's default partner: the supplier contact of the order, else the supplier's sales
  // manager who follows the buyer company, else none (the app then writes to customer service).
  app.get<{ Params: IdParams }>(
    '/orders-api/v7/orders/:id/default_contacts_user',
    { schema: { params: idParams, querystring: companyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const [order] = await db
        .select({ supplierContactId: orders.supplierContactId })
        .from(orders)
        .where(and(eq(orders.id, request.params.id), eq(orders.companyId, membership.companyId)));
      if (!order) throw notFound(ORDER_MESSAGES.NOT_FOUND);
      let contactId = order.supplierContactId;
      if (contactId === null) {
        const [company] = await db
          .select({ follower: companies.followerContactId })
          .from(companies)
          .where(eq(companies.id, membership.companyId));
        contactId = company?.follower ?? null;
      }
      if (contactId === null) return answer(R.orderDefaultContact, null);
      const [contact] = await db
        .select({
          id: contacts.id,
          name: contacts.name,
          company_id: contacts.companyId,
          company_name: companies.name,
        })
        .from(contacts)
        .innerJoin(companies, eq(companies.id, contacts.companyId))
        .where(and(eq(contacts.id, contactId), contactNotDeleted));
      return answer(R.orderDefaultContact, contact ?? null);
    },
  );

  registerOrderMutations(app, database.db);
}

function registerOrderMutations(app: FastifyInstance, db: Db) {
  app.post<{ Params: IdParams; Body: OrderActionBody }>(
    '/orders-api/v7/orders/:id/actions',
    {
      schema: {
        params: idParams,
        querystring: companyQuery,
        body: {
          type: 'object',
          required: ['action'],
          properties: {
            action: { type: 'string', enum: ['cancel'] },
            reason: { type: 'string', maxLength: 500 },
          },
        },
      },
    },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      const actor = { companyId: membership.companyId, contactName: membership.contactName };
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await cancelOrder(tx, changes, actor, request.params.id, request.body.reason)),
      );
    },
  );

  app.patch<{ Params: IdParams; Body: OrderForecastBody }>(
    '/orders-api/v7/orders/:id/forecast_receive_date',
    {
      schema: {
        params: idParams,
        querystring: companyQuery,
        body: {
          type: 'object',
          required: ['forecast_receive_date'],
          properties: {
            forecast_receive_date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          },
        },
      },
    },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      const [company] = await db
        .select({ timeZone: companies.timezone })
        .from(companies)
        .where(eq(companies.id, membership.companyId));
      const actor = {
        companyId: membership.companyId,
        contactName: membership.contactName,
        timeZone: company?.timeZone ?? 'Asia/Shanghai',
      };
      return mutate(db, request, reply, async (tx, changes) =>
        ok(
          await setForecastReceiveDate(
            tx,
            changes,
            actor,
            request.params.id,
            request.body.forecast_receive_date,
          ),
        ),
      );
    },
  );

  // The spec shows no path for the order's owner change; this mirrors the sheet's
  // (PUT …/inquiry_quotation/{id}/follower with follower_id).
  app.put<{ Params: IdParams; Body: { follower_id: number } }>(
    '/orders-api/v7/orders/:id/follower',
    {
      schema: {
        params: idParams,
        querystring: companyQuery,
        body: {
          type: 'object',
          required: ['follower_id'],
          properties: {
            follower_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          },
        },
      },
    },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      const actor = { companyId: membership.companyId, contactName: membership.contactName };
      const ifMatch = ifMatchVersion(request);
      return mutate(
        db,
        request,
        reply,
        async (tx, changes) =>
          ok(
            await changeOrderOwner(
              tx,
              changes,
              actor,
              request.params.id,
              request.body.follower_id,
              ifMatch,
            ),
          ),
        // changeOrderOwner locks the order: owner changes run side by side (write.ts `rowLocked`).
        { rowLocked: true },
      );
    },
  );
}
