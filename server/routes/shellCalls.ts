// The shell's small calls (settings-messaging-shared §7 "Miscellaneous", purchasing-core §7.2
// "Other operations"): exchange rates, which module an id belongs to, the index page to land on,
// a sheet's position in its list, and the header's news ticker.
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { CURRENCIES, CURRENCY_INFO, type Currency } from '../../src/domain/format/currency';
import { positionOf } from '../../src/domain/list/paging';
import {
  SHEET_LIST_TYPES,
  type SheetListType,
  sheetInList,
} from '../../src/domain/purchase/listTypes';
import { SHEET_STATE_GROUP, SHEET_STATES } from '../../src/domain/purchase/sheetStates';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { news, orders, sheets } from '../db/schema/index';
import { notFound } from '../http/httpError';
import { answer, ok } from '../http/replies';

const companyQuery = {
  type: 'object',
  properties: { currentCompanyId: { type: 'string', pattern: '^\\d{1,15}$' } },
} as const;

/**
 * Yuan per unit of each offered currency. A static table (the reference server has no market
 * feed): plausible rates, good for display and demo maths, not for settling money.
 */
export const STATIC_RATES_IN_CNY: Record<Currency, number> = {
  CNY: 1,
  EUR: 7.85,
  USD: 7.2,
  HKD: 0.92,
  GBP: 9.15,
  CHF: 8.15,
  JPY: 0.048,
  AUD: 4.7,
  DKK: 1.05,
  SEK: 0.68,
  NOK: 0.67,
  TRY: 0.21,
};
export const STATIC_RATES_AS_OF = '2026-01-01';

/** Units of `currency` one unit of `base` buys, to 6 significant digits. */
export function exchangeRate(base: Currency, currency: Currency): number {
  return Number((STATIC_RATES_IN_CNY[base] / STATIC_RATES_IN_CNY[currency]).toPrecision(6));
}

/** Sheets in these states hold a quote the user has not read yet. */
const QUOTE_UNREAD_STATES = SHEET_STATES.filter((s) => SHEET_STATE_GROUP[s] === 'QUOTE_UNREAD');

const NEWS_LIMIT = 20;

export function registerMisc(app: FastifyInstance, { database }: Pick<AppContext, 'database'>) {
  const { db } = database;

  app.get<{ Querystring: { baseCurrency: Currency } }>(
    '/api/v7/currencies',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...companyQuery.properties,
            baseCurrency: { type: 'string', enum: [...CURRENCIES], default: 'CNY' },
          },
        },
      },
    },
    async (request) => {
      const base = request.query.baseCurrency;
      return ok({
        base_currency: base,
        static: true,
        as_of: STATIC_RATES_AS_OF,
        rates: CURRENCIES.map((currency) => ({
          currency,
          name: CURRENCY_INFO[currency].name,
          rate: exchangeRate(base, currency),
        })),
      });
    },
  );

  // A purchase number (XJ…) or order number (PO…) names its module outright. A bare number is
  // read as a sheet id first (a sheet that became an order resolves to the order, so the sheet
  // detail can redirect), then as an order id.
  app.get<{ Querystring: { id: string } }>(
    '/api/v7/modules/resolve',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['id'],
          properties: {
            ...companyQuery.properties,
            id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
          },
        },
      },
    },
    async (request) => {
      const { membership } = requireMembership(request);
      const companyId = membership.companyId;
      const raw = request.query.id;
      const numeric = /^\d{1,15}$/.test(raw) ? Number(raw) : null;
      const [sheet] = await db
        .select({ id: sheets.id, orderId: sheets.orderId })
        .from(sheets)
        .where(
          and(
            eq(sheets.companyId, companyId),
            numeric === null
              ? eq(sheets.name, raw)
              : or(eq(sheets.id, numeric), eq(sheets.name, raw)),
          ),
        )
        .limit(1);
      if (sheet) {
        return ok(
          sheet.orderId === null
            ? { module: 'INQUERY_QUOTATION_SHEET', id: sheet.id }
            : { module: 'ORDER', id: sheet.orderId },
        );
      }
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.companyId, companyId),
            numeric === null
              ? eq(orders.name, raw)
              : or(eq(orders.id, numeric), eq(orders.name, raw)),
          ),
        )
        .limit(1);
      if (order) return ok({ module: 'ORDER', id: order.id });
      throw notFound();
    },
  );

  // The logo's landing list: REPLIED while a quote waits unread (the thing to act on), else ALL.
  app.get('/index', { schema: { querystring: companyQuery } }, async (request) => {
    const { membership } = requireMembership(request);
    const [unread] = await db
      .select({ id: sheets.id })
      .from(sheets)
      .where(
        and(eq(sheets.companyId, membership.companyId), inArray(sheets.state, QUOTE_UNREAD_STATES)),
      )
      .limit(1);
    const menu: SheetListType = unread ? 'REPLIED' : 'ALL';
    return answer(R.indexPage, { menu });
  });

  // Where a sheet sits in a purchase list (default order: newest first), so a deep link to the
  // detail can offer previous/next paging. `index` is null when the sheet is not in that list.
  app.get<{ Params: { id: number }; Querystring: { sheetType: SheetListType } }>(
    '/inquiry-quotation/:id/index',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
        querystring: {
          type: 'object',
          properties: {
            ...companyQuery.properties,
            sheetType: { type: 'string', enum: [...SHEET_LIST_TYPES], default: 'ALL' },
          },
        },
      },
    },
    async (request) => {
      const { membership } = requireMembership(request);
      const { sheetType } = request.query;
      const [sheet] = await db
        .select({ id: sheets.id, state: sheets.state, createTime: sheets.createTime })
        .from(sheets)
        .where(and(eq(sheets.id, request.params.id), eq(sheets.companyId, membership.companyId)));
      if (!sheet) throw notFound();
      const states = SHEET_STATES.filter((state) => sheetInList(sheetType, state));
      const scope = and(
        eq(sheets.companyId, membership.companyId),
        sheetType === 'ALL' ? undefined : inArray(sheets.state, states),
      );
      const [total] = await db.select({ n: count() }).from(sheets).where(scope);
      if (!sheetInList(sheetType, sheet.state)) {
        return ok({ id: sheet.id, sheetType, index: null, total: total?.n ?? 0 });
      }
      const [before] = await db
        .select({ n: count() })
        .from(sheets)
        .where(
          and(
            scope,
            sql`(${sheets.createTime}, ${sheets.id}) > (${sheet.createTime}::timestamptz, ${sheet.id})`,
          ),
        );
      return ok({ id: sheet.id, sheetType, ...positionOf(before?.n ?? 0), total: total?.n ?? 0 });
    },
  );

  // Public: the spec puts the news call outside the API (the ticker shows before sign-in too).
  app.get<{ Querystring: { limit: number } }>(
    '/api/v7/news',
    {
      config: { auth: 'public' },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: NEWS_LIMIT, default: NEWS_LIMIT },
          },
        },
      },
    },
    async (request) => {
      const rows = await db
        .select({ title: news.title, url: news.url, published_at: news.publishedAt })
        .from(news)
        .orderBy(desc(news.publishedAt), desc(news.sortOrder), desc(news.id))
        .limit(request.query.limit);
      // As JSON would write the dates anyway, but typed as the contract says (text).
      const items = rows.map((row) => ({ ...row, published_at: row.published_at.toISOString() }));
      return answer(R.news, { items, total: items.length });
    },
  );
}
