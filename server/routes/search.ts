// The search calls (settings-messaging-shared §7 "Search", purchasing-core §5 "Brand and product
// choice", "Product entry"): brands and products by the domain's rules, plus the small lookups
// (companies, login users, banks, HS codes, customs names, contacts). Every answer is capped and
// scoped: nothing of another buyer company is ever listed.
import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { accounts, banks, companies, contacts, customsNames, hsCodes } from '../db/schema/index';
import { containsPattern } from '../db/searchText';
import { ok } from '../http/replies';
import { registerCatalogSearch } from './searchCatalog';

/** Every search answers at most this many hits. */
export const SEARCH_LIMIT = 20;

export const companyIdProperty = {
  currentCompanyId: { type: 'string', pattern: '^\\d{1,15}$' },
} as const;
const text = (maxLength = 100) => ({ type: 'string', maxLength }) as const;

function query(properties: Record<string, unknown>) {
  return { type: 'object', properties: { ...companyIdProperty, ...properties } } as const;
}

/** `column` contains the trimmed text; no condition for an absent or blank text. */
export function contains(column: Parameters<typeof ilike>[0], value: string | undefined) {
  const term = value?.trim();
  return term ? ilike(column, containsPattern(term)) : undefined;
}

const items = <T>(rows: T[]) => ok({ items: rows, total: rows.length });

export function registerSearch(app: FastifyInstance, context: Pick<AppContext, 'database'>) {
  const { db } = context.database;
  registerCatalogSearch(app, context);

  // Counterparties every buyer deals with (the supplier and customer service) and the user's own
  // companies; other buyers are never listed. replaceCurrentCompanyId=true leaves the current
  // company out (the user is choosing another one).
  app.get<{ Querystring: { name?: string; replaceCurrentCompanyId?: boolean } }>(
    '/api/v7/search/companies',
    {
      schema: {
        querystring: query({ name: text(), replaceCurrentCompanyId: { type: 'boolean' } }),
      },
    },
    async (request) => {
      const { user, membership } = requireMembership(request);
      const own = user.memberships.map((m) => m.companyId);
      const visible = or(
        inArray(companies.role, ['SUPPLIER', 'SERVICE']),
        inArray(companies.id, own),
      );
      const rows = await db
        .select({
          id: companies.id,
          country: companies.country,
          name: companies.name,
          short_name: companies.shortName,
          type: companies.type,
        })
        .from(companies)
        .where(
          and(
            visible,
            contains(companies.name, request.query.name),
            request.query.replaceCurrentCompanyId
              ? ne(companies.id, membership.companyId)
              : undefined,
          ),
        )
        .orderBy(asc(companies.name), asc(companies.id))
        .limit(SEARCH_LIMIT);
      return items(rows);
    },
  );

  // Login accounts of the current company's staff (in service or departed), by mobile or name.
  app.get<{ Querystring: { mobile?: string; name?: string } }>(
    '/api/v7/search/login-users',
    {
      schema: {
        querystring: query({
          mobile: { type: 'string', pattern: '^\\+?\\d{0,20}$' },
          name: text(),
        }),
      },
    },
    async (request) => {
      const { membership } = requireMembership(request);
      const { mobile, name } = request.query;
      const byName = name?.trim()
        ? or(contains(accounts.name, name), contains(accounts.username, name))
        : undefined;
      const rows = await db
        .selectDistinct({
          id: accounts.id,
          name: accounts.name,
          username: accounts.username,
          mobile: accounts.mobile,
          avatar: accounts.avatarUrl,
        })
        .from(accounts)
        .innerJoin(contacts, eq(contacts.accountId, accounts.id))
        .where(
          and(
            eq(contacts.companyId, membership.companyId),
            contains(accounts.mobile, mobile),
            byName,
          ),
        )
        .orderBy(asc(accounts.name), asc(accounts.id))
        .limit(SEARCH_LIMIT);
      return items(rows);
    },
  );

  app.get<{ Querystring: { name?: string } }>(
    '/api/v7/search/banks',
    { schema: { querystring: query({ name: text() }) } },
    async (request) => {
      requireMembership(request);
      const rows = await db
        .select({ id: banks.id, name: banks.name })
        .from(banks)
        .where(contains(banks.name, request.query.name))
        .orderBy(asc(banks.name), asc(banks.id))
        .limit(SEARCH_LIMIT);
      return items(rows);
    },
  );

  app.get<{ Querystring: { code?: string; country?: string } }>(
    '/api/v7/search/hs-codes',
    {
      schema: {
        querystring: query({
          code: { type: 'string', pattern: '^[0-9. ]{0,20}$' },
          country: { type: 'string', pattern: '^[A-Za-z]{2}$' },
        }),
      },
    },
    async (request) => {
      requireMembership(request);
      const code = request.query.code?.replace(/[ .]/g, '');
      const conditions: Array<SQL | undefined> = [
        code ? sql`replace(${hsCodes.code}, '.', '') like ${`${code}%`}` : undefined,
        request.query.country
          ? eq(hsCodes.country, request.query.country.toUpperCase())
          : undefined,
      ];
      const rows = await db
        .select({
          id: hsCodes.id,
          code: hsCodes.code,
          country: hsCodes.country,
          description: hsCodes.description,
        })
        .from(hsCodes)
        .where(and(...conditions))
        .orderBy(asc(hsCodes.code), asc(hsCodes.id))
        .limit(SEARCH_LIMIT);
      return items(rows);
    },
  );

  app.get<{ Querystring: { name?: string } }>(
    '/api/v7/search/customs-clearance-names',
    { schema: { querystring: query({ name: text() }) } },
    async (request) => {
      requireMembership(request);
      const name = request.query.name;
      const rows = await db
        .select({
          id: customsNames.id,
          chinese_name: customsNames.chineseName,
          name: customsNames.name,
        })
        .from(customsNames)
        .where(
          name?.trim()
            ? or(contains(customsNames.chineseName, name), contains(customsNames.name, name))
            : undefined,
        )
        .orderBy(asc(customsNames.chineseName), asc(customsNames.id))
        .limit(SEARCH_LIMIT);
      return items(rows);
    },
  );

  // "contancts" is the spec's spelling of the path; in-service contacts of the current company.
  app.get<{ Querystring: { name?: string } }>(
    '/api/v7/search/contancts',
    { schema: { querystring: query({ name: text() }) } },
    async (request) => {
      const { membership } = requireMembership(request);
      const rows = await db
        .select({
          id: contacts.id,
          name: contacts.name,
          company_id: contacts.companyId,
          status: contacts.status,
          mobile: contacts.mobile,
        })
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, membership.companyId),
            eq(contacts.status, 'IN_SERVICE'),
            contains(contacts.name, request.query.name),
          ),
        )
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(SEARCH_LIMIT);
      return items(rows);
    },
  );
}
