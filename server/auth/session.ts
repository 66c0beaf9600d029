// Authentication and tenancy on every route (DESIGN §3). A route says what it needs in
// `config.auth`: 'public' (nothing), 'user' (a valid token), 'company' (the default: a valid token
// and a `currentCompanyId` the user belongs to) or 'admin' (that, as the company's administrator).
// Missing or bad tokens get 401 with the spec's message, a foreign company 403.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import type { Db } from '../db/database';
import { accounts, companies, contacts } from '../db/schema/index';
import { badRequest, forbidden, HttpError, unauthorized } from '../http/httpError';
import { findExternalAccount } from './externalAccounts';
import { sessionExists } from './signIns';
import type { TokenVerifier, VerifiedToken } from './tokens';

export type AuthLevel = 'public' | 'user' | 'company' | 'admin';

export type Membership = {
  companyId: number;
  companyName: string;
  contactId: number;
  contactName: string;
  isAdmin: boolean;
  permissions: string[];
};

export type AuthUser = {
  accountId: number;
  subject: string;
  /** The embedded provider's sign-in session of the token, when it names one. */
  sessionId?: string | undefined;
  name: string;
  memberships: Membership[];
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route whose auth level is not 'public'. */
    user: AuthUser | null;
    /** The current company's membership, set on 'company' and 'admin' routes. */
    membership: Membership | null;
  }
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const membershipColumns = {
  companyId: companies.id,
  companyName: companies.name,
  contactId: contacts.id,
  contactName: contacts.name,
  isAdmin: contacts.isAdmin,
  permissions: companies.permissions,
};

const inService = (accountId: typeof accounts.id | number) =>
  and(eq(contacts.accountId, accountId), eq(contacts.status, 'IN_SERVICE'));

/**
 * An account by id with its in-service memberships: one statement (every request makes it), the
 * account on each row, a membership on each row that has one. Built once per database and
 * prepared: neither this process nor PostgreSQL parses it again per request.
 */
const accountQueries = new WeakMap<Db, ReturnType<typeof prepareAccountById>>();

function prepareAccountById(db: Db) {
  return db
    .select({ account: accounts, membership: membershipColumns })
    .from(accounts)
    .leftJoin(contacts, inService(accounts.id))
    .leftJoin(companies, eq(companies.id, contacts.companyId))
    .where(eq(accounts.id, sql.placeholder('id')))
    .orderBy(companies.id)
    .prepare('account_by_id');
}

async function accountById(db: Db, id: number) {
  let query = accountQueries.get(db);
  if (!query) {
    query = prepareAccountById(db);
    accountQueries.set(db, query);
  }
  const rows = await query.execute({ id });
  const [first] = rows;
  if (!first) return null;
  const memberships = rows.flatMap(({ membership }) =>
    membership.companyId === null || membership.contactId === null
      ? []
      : [membership as Membership],
  );
  return { account: first.account, memberships };
}

/** An account signed in through the company's identity provider, and its memberships. */
async function externalAccount(db: Db, external: Parameters<typeof findExternalAccount>[1]) {
  const account = await findExternalAccount(db, external);
  if (!account) return null;
  const memberships = await db
    .select(membershipColumns)
    .from(contacts)
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .where(inService(account.id))
    .orderBy(companies.id);
  return { account, memberships };
}

/** The signed-in user behind a verified token, with the companies they may act for. */
export async function loadUser(db: Db, verified: VerifiedToken): Promise<AuthUser | null> {
  const found =
    'id' in verified.account
      ? await accountById(db, verified.account.id)
      : await externalAccount(db, verified.account);
  if (!found) return null;
  const { account, memberships } = found;
  if (account.disabled) return null;
  if (!(await issuedAfterChange(db, account.tokensValidAfter, verified))) return null;
  return {
    accountId: account.id,
    subject: verified.subject,
    sessionId: verified.sessionId,
    name: account.name,
    memberships,
  };
}

/**
 * A password change stamps `tokens_valid_after` (whole seconds, as `iat` is): tokens issued
 * before it are dead at once, except those of the sign-in session the change was made from,
 * which the change kept (server/auth/signIns.ts). One issued in the stamp's second lives.
 */
async function issuedAfterChange(
  db: Db,
  validAfter: Date | null,
  verified: VerifiedToken,
): Promise<boolean> {
  if (!validAfter) return true;
  if ((verified.issuedAt ?? 0) * 1000 >= validAfter.getTime()) return true;
  return verified.sessionId !== undefined && (await sessionExists(db, verified.sessionId));
}

/** Verifies the token of a request and loads its user; throws the spec's 401 otherwise. */
export async function authenticate(
  db: Db,
  verifier: TokenVerifier,
  token: string | null,
): Promise<AuthUser> {
  if (!token) throw unauthorized();
  let verified: VerifiedToken;
  try {
    verified = await verifier.verify(token);
  } catch {
    throw unauthorized();
  }
  const user = await loadUser(db, verified);
  if (!user) throw unauthorized();
  return user;
}

/**
 * The membership named by `currentCompanyId`, or 403 NOT_A_MEMBER: the account does not (or no
 * longer) work for that company. The app clears that company's data on it (security review M5).
 */
export function membershipFor(user: AuthUser, rawCompanyId: unknown): Membership {
  if (typeof rawCompanyId !== 'string' || !/^\d{1,15}$/.test(rawCompanyId)) {
    throw badRequest('请求参数有误：currentCompanyId');
  }
  const companyId = Number(rawCompanyId);
  const membership = user.memberships.find((m) => m.companyId === companyId);
  // The spec's 403 text; the code tells the app this company's data must go.
  if (!membership) throw new HttpError(403, 'NOT_A_MEMBER', COMMON_MESSAGES.NO_PERMISSION);
  return membership;
}

export function registerSession(app: FastifyInstance, db: Db, verifier: TokenVerifier): void {
  app.decorateRequest('user', null);
  app.decorateRequest('membership', null);
  app.addHook('onRequest', async (request) => {
    // Unknown paths have no route options: they fall through to the JSON 404.
    if (!request.routeOptions.url) return;
    const level = request.routeOptions.config.auth ?? 'company';
    if (level === 'public') return;
    request.user = await authenticate(db, verifier, bearerToken(request));
    if (level === 'user') return;
    const query = request.query as Record<string, unknown> | undefined;
    request.membership = membershipFor(request.user, query?.currentCompanyId);
    if (level === 'admin' && !request.membership.isAdmin) throw forbidden();
  });
}

/** For handlers: the user and membership the hook guaranteed (a route mis-declared as public fails loudly). */
export function requireMembership(request: FastifyRequest): {
  user: AuthUser;
  membership: Membership;
} {
  if (!request.user || !request.membership) throw forbidden();
  return { user: request.user, membership: request.membership };
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
