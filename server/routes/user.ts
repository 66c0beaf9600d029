// The signed-in user (settings-messaging-shared §3 "Current user", "Current company membership",
// §6 permissions), their companies, and the personnel list the owner dialogs choose from
// (purchasing-core §5 "Owner change", §7.3).

import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { STAFF_STATUSES, type StaffStatus } from '../../src/domain/staff/staffCodes';
import { type AuthUser, type Membership, requireMembership, requireUser } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { accounts, companies, contacts } from '../db/schema/index';
import { containsPattern } from '../db/searchText';
import { badRequest, forbidden, unauthorized } from '../http/httpError';
import { answer, ok } from '../http/replies';
import { contactNotDeleted } from '../partners/deletedContacts';

/** At most this many personnel rows (a company's whole staff fits comfortably). */
const PERSONNEL_LIMIT = 500;

type Permission = { id: string; code: string };

function permissionsOf(membership: Membership | undefined): Permission[] {
  return (membership?.permissions ?? []).map((code) => ({ id: code, code }));
}

/** The user's companies as the switcher and the store read them. */
async function companiesOf(db: Db, user: AuthUser) {
  const ids = user.memberships.map((m) => m.companyId);
  const rows = ids.length
    ? await db
        .select({
          id: companies.id,
          name: companies.name,
          shortName: companies.shortName,
          vip: companies.vip,
        })
        .from(companies)
        .where(inArray(companies.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return user.memberships.map((m) => {
    const company = byId.get(m.companyId);
    return {
      id: m.companyId,
      name: m.companyName,
      admin: m.isAdmin,
      contact_id: m.contactId,
      permissions: permissionsOf(m),
      company: {
        id: m.companyId,
        name: company?.name ?? m.companyName,
        short_name: company?.shortName ?? null,
        vip: company?.vip ?? false,
      },
    };
  });
}

const statusPattern = `^(${STAFF_STATUSES.join('|')})(,(${STAFF_STATUSES.join('|')}))*$`;

export function registerUser(app: FastifyInstance, { database }: Pick<AppContext, 'database'>) {
  const { db } = database;

  // 'user' level: a user bound to no company must still learn so (no currentCompanyId to send).
  // Such a user gets 200 with `companies: []` and `no_company_message`, not a 403: the app's 403
  // handling would show the generic permission message instead of the spec's.
  app.get<{ Querystring: { currentCompanyId?: string } }>(
    '/api/v7/user',
    {
      config: { auth: 'user' },
      schema: {
        querystring: {
          type: 'object',
          properties: { currentCompanyId: { type: 'string', maxLength: 20 } },
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [account] = await db.select().from(accounts).where(eq(accounts.id, user.accountId));
      if (!account) throw unauthorized();
      const current =
        user.memberships.find((m) => String(m.companyId) === request.query.currentCompanyId) ??
        user.memberships[0];
      const permissions = permissionsOf(current);
      return answer(R.userInfo, {
        id: account.id,
        name: account.name,
        username: account.username,
        avatar: account.avatarUrl,
        mobile: account.mobile,
        timezone: account.timezone,
        contacts: user.memberships.map((m) => ({
          id: m.contactId,
          company_id: m.companyId,
          name: m.contactName,
        })),
        companies: await companiesOf(db, user),
        current_company_id: current?.companyId ?? null,
        permissions,
        permissionsById: Object.fromEntries(permissions.map((p) => [p.id, p])),
        no_company_message: user.memberships.length === 0 ? COMMON_MESSAGES.NO_COMPANY_BOUND : null,
      });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/partners-api/v7/users/:id/my_companies',
    {
      config: { auth: 'user' },
      schema: {
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (request.params.id !== user.accountId) throw forbidden();
      const items = await companiesOf(db, user);
      return ok({ items, total: items.length });
    },
  );

  // The spec shows no path for the personnel list; this one sits beside the staff calls
  // (/companies/{company_id}/employees) of the partner API.
  app.get<{
    Params: { company_id: number };
    Querystring: { status?: string[]; name?: string };
  }>(
    '/partners-api/v7/companies/:company_id/personnel',
    {
      schema: {
        params: {
          type: 'object',
          required: ['company_id'],
          properties: {
            company_id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          },
        },
        querystring: {
          type: 'object',
          properties: {
            currentCompanyId: { type: 'string', pattern: '^\\d{1,15}$' },
            status: {
              type: 'array',
              maxItems: 10,
              items: { type: 'string', pattern: statusPattern, maxLength: 40 },
            },
            name: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request) => {
      const { membership } = requireMembership(request);
      if (request.params.company_id !== membership.companyId) throw forbidden();
      const statuses = [
        ...new Set((request.query.status ?? []).flatMap((s) => s.split(','))),
      ] as StaffStatus[];
      if (statuses.some((s) => !STAFF_STATUSES.includes(s))) {
        throw badRequest('请求参数有误：status');
      }
      const name = request.query.name?.trim();
      const rows = await db
        .select({
          id: contacts.id,
          name: contacts.name,
          status: contacts.status,
          companyId: contacts.companyId,
        })
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, membership.companyId),
            statuses.length ? inArray(contacts.status, statuses) : contactNotDeleted,
            name ? ilike(contacts.name, containsPattern(name)) : undefined,
          ),
        )
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(PERSONNEL_LIMIT);
      const items = rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: row.status,
        company_id: row.companyId,
        partner_contacts: { id: row.id, name: row.name },
      }));
      return ok({ items, total: items.length });
    },
  );
}
