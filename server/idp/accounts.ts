// Accounts as the provider sees them: the claims it puts in ID tokens, and the password check of
// the sign-in page (which also enforces the failed-login rate limit).
import { eq, sql } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { accounts, contacts } from '../db/schema/index';
import {
  clearFailures,
  type LoginLimits,
  lockedForSeconds,
  normalizeUsername,
  recordFailure,
} from './loginLimit';

/** The provider's view of an account; undefined for unknown or disabled accounts (tokens stop refreshing). */
export async function findAccount(db: Db, sub: string): Promise<Account | undefined> {
  if (!/^\d{1,15}$/.test(sub)) return undefined;
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.id, Number(sub)))
    .limit(1);
  if (!account || account.disabled) return undefined;
  // A handed-over employee's sessions stop renewing too, not only new sign-ins.
  if (await hasLeftEveryCompany(db, account.id)) return undefined;
  return {
    accountId: String(account.id),
    claims: () => ({
      sub: String(account.id),
      name: account.name,
      preferred_username: account.username,
    }),
  };
}

/**
 * The account has employee records and none is on duty: every company it worked for handed it
 * over (or deleted it). An account with no records at all still signs in and hears the spec's
 * no-company message in the app; one with another company on duty signs in to that one.
 */
export async function hasLeftEveryCompany(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      onDuty: sql<number>`(count(*) filter (where ${contacts.status} = 'IN_SERVICE'))::int`,
    })
    .from(contacts)
    .where(eq(contacts.accountId, accountId));
  return Number(row?.total ?? 0) > 0 && Number(row?.onDuty ?? 0) === 0;
}

export type SignInResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid' | 'disabled' | 'departed' }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

// Compared against when the username is unknown, so a miss costs the same time as a wrong password
// and response times do not tell which usernames exist.
let decoyHash: Promise<string> | undefined;

export async function checkCredentials(
  db: Db,
  limits: LoginLimits,
  input: { username: string; password: string; ip: string },
): Promise<SignInResult> {
  const username = normalizeUsername(input.username);
  const wait = await lockedForSeconds(db, limits, username, input.ip);
  if (wait > 0) return { ok: false, reason: 'locked', retryAfterSeconds: wait };

  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.username})`, username))
    .limit(1);
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const matches = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash));
  if (!account || !matches) {
    await recordFailure(db, username, input.ip);
    return { ok: false, reason: 'invalid' };
  }
  // Told only after the right password, so it reveals nothing to someone guessing.
  if (account.disabled) return { ok: false, reason: 'disabled' };
  await clearFailures(db, username);
  if (await hasLeftEveryCompany(db, account.id)) return { ok: false, reason: 'departed' };
  return { ok: true, accountId: String(account.id) };
}
