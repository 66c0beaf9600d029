// The signed-in user's own account (settings-messaging-shared §7 "Partners": GET /users/{id},
// PUT /users/{id}/passwords, PUT /users/{id}/avatar): only the user themself may read or change
// it. A new password needs the SMS code sent to the account's mobile and the spec's password
// rule; it is what the embedded provider checks at the next sign-in (accounts.password_hash).

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PasswordBody } from '../../src/contract/api/account';
import { ACCOUNT_MESSAGES } from '../../src/domain/account/messages';
import { PASSWORD_PATTERN } from '../../src/domain/account/password';
import { IMAGE_MIME_TYPES } from '../../src/domain/files/uploads';
import { hashPassword } from '../auth/passwords';
import type { AuthUser } from '../auth/session';
import { endOtherSignIns } from '../auth/signIns';
import type { Db, Reader, Tx } from '../db/database';
import { accounts, contacts, files } from '../db/schema/index';
import { fileUrl } from '../http/fileUrls';
import { badRequest, forbidden, notFound, unauthorized } from '../http/httpError';
import { clearFailures, normalizeUsername } from '../idp/loginLimit';
import { contactNotDeleted } from '../partners/deletedContacts';
import type { ChangeSet } from '../sync/changeSet';
import { loadStaffRows } from '../sync/projections/staff';
import { requireValidCode, withVerifiedCode } from './verificationCodes';

/** The user may only act on their own account: anyone else's id is a 403. */
export function requireSelf(user: AuthUser, id: number): void {
  if (id !== user.accountId) throw forbidden();
}

async function accountOf(db: Reader, id: number) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  if (!account || account.disabled) throw unauthorized();
  return account;
}

/** GET /users/{id}: the user as the personal centre shows them. */
export async function userProfile(db: Reader, user: AuthUser) {
  const account = await accountOf(db, user.accountId);
  return {
    id: account.id,
    name: account.name,
    username: account.username,
    mobile: account.mobile,
    avatar: account.avatarUrl,
    timezone: account.timezone,
    contacts: user.memberships.map((m) => ({
      id: m.contactId,
      company_id: m.companyId,
      name: m.contactName,
    })),
  };
}

/** Mobiles compare without a mainland +86 prefix and spaces (`+86 138…` is `138…`). */
export function sameMobile(a: string | null, b: string): boolean {
  const bare = (value: string) => value.replace(/[\s-]/g, '').replace(/^\+?86(?=1\d{10}$)/, '');
  return a !== null && bare(a) !== '' && bare(a) === bare(b);
}

/** The account's mobile, when it is the one named (the code goes only to the account's own phone). */
export async function passwordCodeMobile(db: Reader, user: AuthUser, mobile: string) {
  const account = await accountOf(db, user.accountId);
  if (!account.mobile) throw badRequest(ACCOUNT_MESSAGES.NO_MOBILE, 'NO_MOBILE');
  if (!sameMobile(account.mobile, mobile)) {
    throw badRequest(ACCOUNT_MESSAGES.MOBILE_MISMATCH, 'MOBILE_MISMATCH');
  }
  return account.mobile;
}

/** The spec's messages for an empty code or a password against the rule. */
export function validatePasswordBody(body: PasswordBody): { code: string; password: string } {
  const code = (body.verify_code ?? '').trim();
  const password = body.new_password ?? '';
  if (code === '') throw badRequest(ACCOUNT_MESSAGES.VERIFY_CODE_REQUIRED, 'VERIFY_CODE_REQUIRED');
  if (password === '') throw badRequest(ACCOUNT_MESSAGES.PASSWORD_REQUIRED, 'PASSWORD_REQUIRED');
  if (!PASSWORD_PATTERN.test(password)) {
    throw badRequest(ACCOUNT_MESSAGES.PASSWORD_RULE, 'PASSWORD_RULE');
  }
  return { code, password };
}

/** PUT /users/{id}/passwords: the code of the account's mobile, then the new hash. */
export async function changePassword(db: Db, user: AuthUser, body: PasswordBody): Promise<void> {
  const { code, password } = validatePasswordBody(body);
  const account = await accountOf(db, user.accountId);
  if (!account.mobile) throw badRequest(ACCOUNT_MESSAGES.NO_MOBILE, 'NO_MOBILE');
  // The code first (security review follow-up #2): a wrong one costs no hash. Then the hash,
  // outside any transaction (scrypt is slow on purpose and must not hold row locks), then the
  // code again, used now, with the update.
  const target = { mobile: account.mobile, purpose: 'PASSWORD' as const, code };
  await requireValidCode(db, target);
  const passwordHash = await hashPassword(password);
  await withVerifiedCode(db, target, async (tx) => {
    // Every other sign-in ends with the old password (security review M4): access tokens issued
    // before this second die (session.ts), and the provider forgets the account's other sessions,
    // grants and refresh tokens. The session the change was made from stays signed in.
    await tx
      .update(accounts)
      .set({ passwordHash, tokensValidAfter: sql`date_trunc('second', now())` })
      .where(eq(accounts.id, account.id));
    await endOtherSignIns(tx, account.id, user.sessionId);
  });
  // Someone who proved the phone may sign in at once, even after wrong passwords locked it.
  await clearFailures(db, normalizeUsername(account.username));
}

/**
 * PUT /users/{id}/avatar?avatar=: an image the user uploaded (POST /api/v7/files) under one of
 * their companies. The account's staff rows carry the avatar (login_user), so they sync again.
 */
export async function changeAvatar(
  tx: Tx,
  changes: ChangeSet,
  user: AuthUser,
  objectName: string,
): Promise<{ avatar: string }> {
  const companyIds = user.memberships.map((m) => m.companyId);
  const [file] = companyIds.length
    ? await tx
        .select({ contentType: files.contentType, uploadedBy: files.uploadedBy })
        .from(files)
        .where(
          and(
            eq(files.objectName, objectName),
            eq(files.deleted, false),
            inArray(files.companyId, companyIds),
          ),
        )
        .limit(1)
    : [];
  if (!file || file.uploadedBy !== user.accountId) throw notFound();
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.contentType)) {
    throw badRequest(ACCOUNT_MESSAGES.AVATAR_NOT_IMAGE, 'AVATAR_NOT_IMAGE');
  }
  const avatar = fileUrl(objectName);
  await tx
    .update(accounts)
    .set({ avatarUrl: avatar, version: sql`nextval('sync_version')` })
    .where(eq(accounts.id, user.accountId));
  // A deleted employee stays a tombstone in the feed: only the others sync again.
  const touched = await tx
    .update(contacts)
    .set({ version: sql`nextval('sync_version')` })
    .where(and(eq(contacts.accountId, user.accountId), contactNotDeleted))
    .returning({ id: contacts.id });
  const rows = await loadStaffRows(
    tx,
    touched.map((c) => c.id),
  );
  for (const row of rows.values()) changes.upsert('staff', row, [Number(row.company_id)]);
  return { avatar };
}
