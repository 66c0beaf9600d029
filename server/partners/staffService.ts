// Staff management on the server (settings-messaging-shared §2 "Staff management", §4 "Staff",
// §7 "Partners" employees calls): list, add, edit, hand over and leave, restore, delete, and the
// login users an employee can be bound to. Every write runs in the caller's transaction, bumps the
// contact's version and puts its synced row in the feed (a deleted one: a tombstone).
//
// Deleting marks the contact DELETED instead of removing it: sent messages, sheet logs and old
// documents keep naming it (docs/decisions.md "Staff").
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { STAFF_MESSAGES } from '../../src/domain/staff/messages';
import type { StaffStatus } from '../../src/domain/staff/staffCodes';
import { STAFF_RULE_MESSAGES as R } from '../../src/domain/staff/staffText';
import {
  staffTransitionProblem,
  successorProblem,
  validateDelete,
} from '../../src/domain/staff/transitions';
import type { Membership } from '../auth/session';
import type { Reader, Tx } from '../db/database';
import { accounts, companies, contacts, registrationRequests } from '../db/schema/index';
import { containsPattern } from '../db/searchText';
import { badRequest, HttpError, notFound, refused } from '../http/httpError';
import type { ChangeSet } from '../sync/changeSet';
import { loadStaffRows } from '../sync/projections/staff';
import { contactNotDeleted, DELETED_STATUS } from './deletedContacts';
import { announceMembershipEnded } from './membershipEnd';
import { type HandedOver, handOverWork } from './staffHandover';
import { type EmployeeBody, employeeValues } from './staffInput';

const bump = sql`nextval('sync_version')`;

/** At most this many employees per list (a company's whole staff fits comfortably). */
const EMPLOYEE_LIMIT = 500;

type Contact = typeof contacts.$inferSelect;

/** partner_bank_account, or null when none is recorded. */
function bankAccountOf(record: Contact) {
  const account = {
    account_name: record.bankAccountName,
    account_number: record.bankAccountNumber,
    bank_code: record.bankCode,
    bank_name: record.bankName,
  };
  return Object.values(account).some((v) => v !== null) ? account : null;
}

/** The company's country: it decides the bank code of 中国工商银行. */
async function companyCountry(tx: Tx, companyId: number): Promise<string | null> {
  const [company] = await tx
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.country ?? null;
}

/** The synced staff row plus the fields only the edit form needs. */
async function employeeRows(db: Reader, records: Contact[]) {
  const rows = await loadStaffRows(
    db,
    records.map((r) => r.id),
  );
  return records.flatMap((record) => {
    const row = rows.get(record.id);
    return row
      ? [
          {
            ...row,
            birthday: record.birthday,
            comment: record.comment,
            partner_bank_account: bankAccountOf(record),
          },
        ]
      : [];
  });
}

async function employeeRow(db: Reader, record: Contact) {
  const [row] = await employeeRows(db, [record]);
  if (!row) throw notFound(R.NOT_FOUND);
  return row;
}

export async function listEmployees(
  db: Reader,
  companyId: number,
  query: { statuses: StaffStatus[]; name?: string | undefined },
) {
  const name = query.name?.trim();
  const records = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        contactNotDeleted,
        query.statuses.length ? inArray(contacts.status, query.statuses) : undefined,
        name ? ilike(contacts.name, containsPattern(name)) : undefined,
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(EMPLOYEE_LIMIT);
  const items = await employeeRows(db, records);
  return { items, total: items.length };
}

/** The company's employee, locked for the change; deleted ones are gone. */
async function lockEmployee(tx: Tx, companyId: number, employeeId: number): Promise<Contact> {
  const [record] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, employeeId), eq(contacts.companyId, companyId), contactNotDeleted))
    .for('update');
  if (!record) throw notFound(R.NOT_FOUND);
  return record;
}

/** Writes the patch with a new version and records the synced row; answers the employee. */
async function saveEmployee(
  tx: Tx,
  changes: ChangeSet,
  employeeId: number,
  patch: Partial<typeof contacts.$inferInsert>,
) {
  const [record] = await tx
    .update(contacts)
    .set({ ...patch, version: bump })
    .where(eq(contacts.id, employeeId))
    .returning();
  if (!record) throw notFound(R.NOT_FOUND);
  const row = await employeeRow(tx, record);
  const { birthday: _b, comment: _c, partner_bank_account: _a, ...synced } = row;
  changes.upsert('staff', synced, [record.companyId]);
  return row;
}

/**
 * The company's own accounts (security review M9): an account joined the company when an employee
 * record of the company was bound to it (in any state, deleted too) or when a registration was
 * approved into the company. Nobody else's account can be found or bound, without consent
 * (docs/decisions.md "Security hardening", accounts).
 */
function ownAccount(companyId: number) {
  return or(
    sql`exists (select 1 from ${contacts} where ${contacts.accountId} = ${accounts.id}
      and ${contacts.companyId} = ${companyId})`,
    sql`exists (select 1 from ${registrationRequests}
      where ${registrationRequests.accountId} = ${accounts.id}
      and ${registrationRequests.companyId} = ${companyId}
      and ${registrationRequests.state} = 'APPROVED')`,
  );
}

/**
 * The account to bind: one of the company's own (`ownAccount`), not disabled, and no other (not
 * deleted) employee of the company holds it. An administrator cannot change their own binding
 * (they would lock themselves out), nor another administrator's (that would take over or lock out
 * a peer). `undefined` keeps the present binding.
 */
async function bindableAccount(
  tx: Tx,
  actor: Membership,
  employee: Contact | null,
  loginUserId: number | null | undefined,
): Promise<number | null | undefined> {
  if (loginUserId === undefined || loginUserId === (employee?.accountId ?? null)) return undefined;
  if (employee && employee.id === actor.contactId) throw refused(R.OWN_LOGIN_USER);
  if (employee?.isAdmin) throw refused(R.ADMIN_LOGIN_USER);
  if (loginUserId === null) return null;
  const [account] = await tx
    .select({ id: accounts.id, disabled: accounts.disabled })
    .from(accounts)
    .where(and(eq(accounts.id, loginUserId), ownAccount(actor.companyId)));
  // Another company's account (one that never joined this company) reads as unknown: no oracle.
  if (!account || account.disabled) throw badRequest(R.LOGIN_USER_NOT_FOUND);
  const [holder] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, actor.companyId),
        eq(contacts.accountId, loginUserId),
        contactNotDeleted,
        employee ? ne(contacts.id, employee.id) : undefined,
      ),
    )
    .limit(1);
  if (holder) throw refused(R.LOGIN_USER_TAKEN);
  return loginUserId;
}

export async function createEmployee(
  tx: Tx,
  changes: ChangeSet,
  actor: Membership,
  body: EmployeeBody,
) {
  const values = employeeValues(body, null, await companyCountry(tx, actor.companyId));
  const accountId = await bindableAccount(tx, actor, null, body.login_user_id);
  const [record] = await tx
    .insert(contacts)
    .values({
      ...values,
      companyId: actor.companyId,
      accountId: accountId ?? null,
      status: 'IN_SERVICE',
      isAdmin: false,
      visibility: 'INTERNAL',
    })
    .returning({ id: contacts.id });
  if (!record) throw notFound(R.NOT_FOUND);
  // Inserted with the column default; the save below hands out its feed version.
  return saveEmployee(tx, changes, record.id, {});
}

export async function updateEmployee(
  tx: Tx,
  changes: ChangeSet,
  actor: Membership,
  employeeId: number,
  body: EmployeeBody,
) {
  const employee = await lockEmployee(tx, actor.companyId, employeeId);
  const accountId = await bindableAccount(tx, actor, employee, body.login_user_id);
  const values = employeeValues(body, employee, await companyCountry(tx, actor.companyId));
  // The account bound so far no longer acts for the company through this employee.
  if (accountId !== undefined && employee.status === 'IN_SERVICE') {
    announceMembershipEnded(changes, employee.accountId, actor.companyId);
  }
  return saveEmployee(tx, changes, employee.id, {
    ...values,
    ...(accountId === undefined ? {} : { accountId }),
  });
}

function checkTransition(action: 'handover' | 'restore' | 'delete', employee: Contact): void {
  const problem = staffTransitionProblem(action, {
    id: employee.id,
    name: employee.name,
    status: employee.status,
    admin: employee.isAdmin,
  });
  if (problem) throw refused(problem);
}

/**
 * Hand over and leave: IN_SERVICE → DEPART, never an administrator, the work moves to another
 * on-duty employee of the company. The employee can no longer sign in as the company.
 */
export async function handOver(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  employeeId: number,
  successorId: number | null | undefined,
): Promise<{ employee: Awaited<ReturnType<typeof saveEmployee>>; handed_over: HandedOver }> {
  if (successorId === null || successorId === undefined) {
    throw badRequest(STAFF_MESSAGES.SUCCESSOR_REQUIRED);
  }
  const employee = await lockEmployee(tx, companyId, employeeId);
  checkTransition('handover', employee);
  const [successor] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, successorId), eq(contacts.companyId, companyId)))
    .for('update');
  const problem = successorProblem(
    employee.id,
    successorId,
    successor && { id: successor.id, name: successor.name, status: successor.status },
  );
  if (problem) throw refused(problem);
  const handedOver = await handOverWork(tx, changes, companyId, employee.id, successorId);
  const row = await saveEmployee(tx, changes, employee.id, { status: 'DEPART' });
  announceMembershipEnded(changes, employee.accountId, companyId);
  return { employee: row, handed_over: handedOver };
}

/** DEPART → IN_SERVICE. */
export async function restoreEmployee(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  employeeId: number,
) {
  const employee = await lockEmployee(tx, companyId, employeeId);
  checkTransition('restore', employee);
  return saveEmployee(tx, changes, employee.id, { status: 'IN_SERVICE' });
}

/** Only an administrator, only a departed employee; not recoverable. */
export async function deleteEmployee(
  tx: Tx,
  changes: ChangeSet,
  actor: Membership,
  employeeId: number,
): Promise<{ id: number }> {
  const notAdmin = validateDelete({ isAdmin: actor.isAdmin });
  if (notAdmin) throw new HttpError(403, 'FORBIDDEN', notAdmin);
  const employee = await lockEmployee(tx, actor.companyId, employeeId);
  checkTransition('delete', employee);
  const [record] = await tx
    .update(contacts)
    .set({ status: DELETED_STATUS, version: bump })
    .where(eq(contacts.id, employee.id))
    .returning({ id: contacts.id, version: contacts.version });
  if (!record) throw notFound(R.NOT_FOUND);
  changes.remove('staff', record.id, [actor.companyId]);
  announceMembershipEnded(changes, employee.accountId, actor.companyId);
  return { id: record.id };
}

/**
 * Accounts an employee can be bound to (the spec's login-user search: mobile when the input is
 * digits, else name): only the company's own accounts (`ownAccount`), by part of the mobile or
 * name. A stranger's whole mobile finds nothing (security review M9).
 */
export async function bindableLoginUsers(
  db: Reader,
  companyId: number,
  query: { mobile?: string | undefined; name?: string | undefined },
) {
  const mobile = query.mobile?.trim().replace(/^\+86/, '');
  const name = query.name?.trim();
  if (!mobile && !name) return { items: [], total: 0 };
  const match = and(
    ownAccount(companyId),
    mobile
      ? ilike(accounts.mobile, containsPattern(mobile))
      : or(
          ilike(accounts.name, containsPattern(name ?? '')),
          ilike(accounts.username, containsPattern(name ?? '')),
        ),
  );
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      username: accounts.username,
      mobile: accounts.mobile,
      avatar: accounts.avatarUrl,
    })
    .from(accounts)
    .where(and(eq(accounts.disabled, false), match))
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(20);
  // Who of the company already holds each account (the form shows it and the server refuses it).
  const holders = rows.length
    ? await db
        .select({ accountId: contacts.accountId, id: contacts.id, name: contacts.name })
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, companyId),
            contactNotDeleted,
            inArray(
              contacts.accountId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  const items = rows.map((row) => {
    const holder = holders.find((h) => h.accountId === row.id);
    return { ...row, employee: holder ? { id: holder.id, name: holder.name } : null };
  });
  return { items, total: items.length };
}
