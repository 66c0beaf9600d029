// Registration (/register; settings-messaging-shared §2 "Registration page", unfinished in the
// spec, finished here as docs/decisions.md "Registration" says): the image code gates the SMS
// code, the SMS code proves the mobile, and the request waits (PENDING) for an operator, who
// approves it into a company (a new account and an IN_SERVICE contact) or rejects it with
// `npm run registrations` (./registrationsCli.ts).
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, like, sql } from 'drizzle-orm';
import type { RegistrationBody, RegistrationCodeBody } from '../../src/contract/api/account';
import { ACCOUNT_MESSAGES } from '../../src/domain/account/messages';
import { MAINLAND_MOBILE_PATTERN } from '../../src/domain/account/registration';
import { hashPassword } from '../auth/passwords';
import type { Db, Reader } from '../db/database';
import {
  accounts,
  companies,
  contacts,
  registrationRequests,
  verificationCodes,
} from '../db/schema/index';
import { badRequest, HttpError, refused } from '../http/httpError';
import { loadStaffRows } from '../sync/projections/staff';
import { write } from '../sync/write';
import { spendImageCode } from './imageCodes';
import type { SmsOutbox } from './smsOutbox';
import { smsMessages } from './smsOutbox';
import { CODE_TTL_MINUTES, issueCode, withVerifiedCode } from './verificationCodes';

export const REGISTRATION_NAME_MAX = 50;

export type RegistrationState = 'PENDING' | 'APPROVED' | 'REJECTED';

function requireMobile(mobile: string | undefined): string {
  const value = (mobile ?? '').trim();
  if (value === '') throw badRequest(ACCOUNT_MESSAGES.REGISTER_MOBILE_REQUIRED, 'MOBILE_REQUIRED');
  if (!MAINLAND_MOBILE_PATTERN.test(value)) {
    throw badRequest(ACCOUNT_MESSAGES.REGISTER_MOBILE_INVALID, 'MOBILE_INVALID');
  }
  return value;
}

/** Whether the mobile already signs in somewhere or waits for approval (null: neither). */
async function knownMobile(db: Reader, mobile: string): Promise<'ACCOUNT' | 'PENDING' | null> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.mobile, mobile))
    .limit(1);
  if (account) return 'ACCOUNT';
  const [pending] = await db
    .select({ id: registrationRequests.id })
    .from(registrationRequests)
    .where(and(eq(registrationRequests.mobile, mobile), eq(registrationRequests.state, 'PENDING')))
    .limit(1);
  return pending ? 'PENDING' : null;
}

/**
 * Refuses a mobile that already signs in somewhere or already waits for approval. Only the submit
 * asks, after the SMS code proved the mobile: the holder of the phone learns it, nobody else.
 */
async function requireNewMobile(db: Reader, mobile: string): Promise<void> {
  const known = await knownMobile(db, mobile);
  if (known === 'ACCOUNT') throw refused(ACCOUNT_MESSAGES.MOBILE_REGISTERED, 'MOBILE_REGISTERED');
  if (known === 'PENDING') {
    throw refused(ACCOUNT_MESSAGES.REGISTRATION_PENDING, 'REGISTRATION_PENDING');
  }
}

/** The SMS code of registration: the image code (spent by this check) must be right first. */
export async function sendRegistrationCode(
  db: Db,
  outbox: SmsOutbox,
  body: RegistrationCodeBody,
  budget: SmsBudget,
): Promise<void> {
  const mobile = requireMobile(body.mobile);
  const answer = (body.image_code ?? '').trim();
  if (answer === '') {
    throw badRequest(ACCOUNT_MESSAGES.REGISTER_IMAGE_CODE_REQUIRED, 'IMAGE_CODE_REQUIRED');
  }
  const check = await spendImageCode(db, body.image_code_id ?? '', answer);
  if (check === 'wrong') throw badRequest(ACCOUNT_MESSAGES.IMAGE_CODE_WRONG, 'IMAGE_CODE_WRONG');
  if (check === 'invalid') {
    throw badRequest(ACCOUNT_MESSAGES.IMAGE_CODE_INVALID, 'IMAGE_CODE_INVALID');
  }
  // The address's own hourly budget first: one client must not spend everyone's.
  await budget.spendAddressBudget?.();
  await requireSmsBudget(db, mobile, budget);
  // Every mobile gets the same answer and the same per-mobile limits (issueCode); one that has an
  // account or a pending request gets a notice instead of the code (security review M11).
  const code = await issueCode(db, mobile, 'REGISTER');
  const known = await knownMobile(db, mobile);
  await outbox(
    known === null
      ? smsMessages.code(mobile, 'REGISTER', code, CODE_TTL_MINUTES)
      : known === 'ACCOUNT'
        ? smsMessages.accountExists(mobile)
        : smsMessages.requestPending(mobile),
  );
}

/** Registration codes the server sends an hour, all mobiles and per 7-digit prefix (SMS cost). */
export interface SmsBudget {
  hourly: number;
  prefixHourly: number;
  /** Charges the requesting address one code; throws (429) when its own budget is spent. */
  spendAddressBudget?: () => Promise<void>;
}

/** Digits of the mobile that name its carrier and area (号段 + HLR): pumping walks through them. */
const PREFIX_DIGITS = 7;

/**
 * Refuses (429, the same message for every mobile) once the hour's registration SMS are spent, in
 * all or for the mobile's prefix. Counted on the stored codes, so every server process shares it.
 */
async function requireSmsBudget(db: Db, mobile: string, budget: SmsBudget): Promise<void> {
  const since = new Date(Date.now() - 3600_000);
  const recent = and(
    eq(verificationCodes.purpose, 'REGISTER'),
    gt(verificationCodes.createdAt, since),
  );
  const [all] = await db.select({ n: count() }).from(verificationCodes).where(recent);
  const prefix = mobile.slice(0, PREFIX_DIGITS);
  const [near] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(recent, like(verificationCodes.mobile, `${prefix}%`)));
  if ((all?.n ?? 0) >= budget.hourly || (near?.n ?? 0) >= budget.prefixHourly) {
    throw new HttpError(429, 'SMS_BUDGET', ACCOUNT_MESSAGES.SMS_BUDGET_SPENT);
  }
}

/** Records a PENDING request once the SMS code proves the mobile. */
export async function submitRegistration(
  db: Db,
  body: RegistrationBody,
): Promise<{ id: number; state: 'PENDING' }> {
  const name = (body.name ?? '').trim();
  if (name === '') throw badRequest(ACCOUNT_MESSAGES.REGISTER_NAME_REQUIRED, 'NAME_REQUIRED');
  if ([...name].length > REGISTRATION_NAME_MAX) {
    throw badRequest(ACCOUNT_MESSAGES.REGISTER_NAME_TOO_LONG, 'NAME_TOO_LONG');
  }
  const mobile = requireMobile(body.mobile);
  const code = (body.verify_code ?? '').trim();
  if (code === '') throw badRequest(ACCOUNT_MESSAGES.REGISTER_SMS_CODE_REQUIRED, 'CODE_REQUIRED');
  return withVerifiedCode(db, { mobile, purpose: 'REGISTER', code }, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:${mobile}`}))`);
    await requireNewMobile(tx, mobile);
    const [row] = await tx
      .insert(registrationRequests)
      .values({ name, mobile })
      .returning({ id: registrationRequests.id });
    if (!row) throw new Error('registration request not recorded');
    return { id: row.id, state: 'PENDING' as const };
  });
}

// ---- The operator's side (npm run registrations) ----

export async function listRegistrations(db: Reader, state: RegistrationState | 'ALL' = 'PENDING') {
  return db
    .select()
    .from(registrationRequests)
    .where(state === 'ALL' ? undefined : eq(registrationRequests.state, state))
    .orderBy(state === 'PENDING' ? asc(registrationRequests.id) : desc(registrationRequests.id));
}

/** Letters, digits and @#$%^&*: always meets the spec's password rule. */
export function initialPassword(): string {
  const pick = (chars: string, n: number) =>
    Array.from({ length: n }, () => chars[randomInt(0, chars.length)]).join('');
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  return `${pick(letters, 4)}${pick('@#$%^&*', 1)}${pick('23456789', 4)}${pick(letters, 2)}`;
}

async function pendingRequest(db: Reader, id: number) {
  const [request] = await db
    .select()
    .from(registrationRequests)
    .where(eq(registrationRequests.id, id))
    .limit(1);
  if (!request) throw new HttpError(404, 'NOT_FOUND', `registration request ${id} does not exist`);
  if (request.state !== 'PENDING') {
    throw new HttpError(409, 'ALREADY_DECIDED', `registration request ${id} is ${request.state}`);
  }
  return request;
}

export interface Approval {
  requestId: number;
  accountId: number;
  contactId: number;
  username: string;
  companyName: string;
}

/**
 * Approves a request into a company: an account (username = the mobile, a random initial
 * password sent by SMS) and an IN_SERVICE contact, who syncs to the company's staff list.
 */
export async function approveRegistration(
  db: Db,
  outbox: SmsOutbox,
  input: { id: number; companyId: number; admin?: boolean },
): Promise<Approval> {
  const request = await pendingRequest(db, input.id);
  const password = initialPassword();
  const passwordHash = await hashPassword(password);
  const approval = await write(db, async (tx, changes) => {
    const current = await pendingRequest(tx, input.id);
    const [company] = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.id, input.companyId));
    if (!company)
      throw new HttpError(404, 'NOT_FOUND', `company ${input.companyId} does not exist`);
    await requireNoAccount(tx, current.mobile);
    const [account] = await tx
      .insert(accounts)
      .values({
        username: current.mobile,
        name: current.name,
        mobile: current.mobile,
        passwordHash,
      })
      .returning({ id: accounts.id });
    if (!account) throw new Error('account not created');
    const [contact] = await tx
      .insert(contacts)
      .values({
        companyId: company.id,
        accountId: account.id,
        name: current.name,
        mobile: current.mobile,
        status: 'IN_SERVICE',
        isAdmin: input.admin === true,
        visibility: 'INTERNAL',
      })
      .returning({ id: contacts.id });
    if (!contact) throw new Error('contact not created');
    await tx
      .update(registrationRequests)
      .set({
        state: 'APPROVED',
        companyId: company.id,
        accountId: account.id,
        decidedAt: new Date(),
      })
      .where(eq(registrationRequests.id, current.id));
    const staff = (await loadStaffRows(tx, [contact.id])).get(contact.id);
    if (staff) changes.upsert('staff', staff, [company.id]);
    return {
      requestId: current.id,
      accountId: account.id,
      contactId: contact.id,
      username: current.mobile,
      companyName: company.name,
    };
  });
  await outbox(smsMessages.approved(request.mobile, approval.username, password));
  return approval;
}

async function requireNoAccount(db: Reader, mobile: string): Promise<void> {
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      sql`${accounts.mobile} = ${mobile} or lower(${accounts.username}) = ${mobile.toLowerCase()}`,
    )
    .limit(1);
  if (taken) throw new HttpError(409, 'MOBILE_REGISTERED', ACCOUNT_MESSAGES.MOBILE_REGISTERED);
}

export async function rejectRegistration(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await pendingRequest(tx, id);
    await tx
      .update(registrationRequests)
      .set({ state: 'REJECTED', decidedAt: new Date() })
      .where(eq(registrationRequests.id, id));
  });
}
