// Accounts as the provider sees them: the claims it puts in ID tokens, and the password check of
// the sign-in page (which also enforces the failed-login rate limit).
import { and, eq, sql } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import { hashPassword, needsRehash, PasswordHashBusy, verifyPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { accounts, contacts } from '../db/schema/index';
import {
  clearFailures,
  type InFlightChecks,
  type LoginLimits,
  normalizeUsername,
  releaseAttempt,
  reserveAttempt,
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
  | { ok: false; reason: 'locked' | 'busy'; retryAfterSeconds: number };

// Compared against when the username is unknown, so a miss costs the same time as a wrong password
// and response times do not tell which usernames exist.
let decoyHash: Promise<string> | undefined;

function decoy(): Promise<string> {
  decoyHash ??= hashPassword('decoy password that matches nothing').catch((error: unknown) => {
    decoyHash = undefined; // made again next time (say the line of hashes was full)
    throw error;
  });
  return decoyHash;
}

/**
 * The sign-in form's check. The attempt is reserved (counted as a failure) before the password is
 * compared, so concurrent guesses count; a right password takes the reservation back. With
 * `inFlight`, a second check of the same username (or too many from one address) while one is
 * running is refused at once ('busy').
 */
export async function checkCredentials(
  db: Db,
  limits: LoginLimits,
  input: { username: string; password: string; ip: string },
  inFlight?: InFlightChecks,
): Promise<SignInResult> {
  const username = normalizeUsername(input.username);
  const leave = inFlight ? inFlight.enter(username, input.ip) : () => {};
  if (!leave) return { ok: false, reason: 'busy', retryAfterSeconds: 1 };
  try {
    const reservation = await reserveAttempt(db, limits, username, input.ip);
    if (!reservation.ok) {
      return { ok: false, reason: 'locked', retryAfterSeconds: reservation.retryAfterSeconds };
    }
    const [account] = await db
      .select()
      .from(accounts)
      .where(eq(sql`lower(${accounts.username})`, username))
      .limit(1);
    let stored: string;
    let matches: boolean;
    try {
      stored = account?.passwordHash ?? (await decoy());
      matches = await verifyPassword(input.password, stored);
    } catch (error) {
      if (!(error instanceof PasswordHashBusy)) throw error;
      // The line of password checks is full: nothing was checked, so nothing counts as a failure.
      await releaseAttempt(db, reservation.id);
      return { ok: false, reason: 'busy', retryAfterSeconds: error.retryAfterSeconds };
    }
    // A wrong password leaves the reserved failure in place.
    if (!account || !matches) return { ok: false, reason: 'invalid' };
    // The check may have waited in the scrypt queue while a password change committed: the old
    // password must not open a session after that (security review follow-up #9).
    const current = await currentAccount(db, account.id);
    if (!current || current.passwordHash !== stored) return { ok: false, reason: 'invalid' };
    await releaseAttempt(db, reservation.id);
    // Told only after the right password, so it reveals nothing to someone guessing.
    if (current.disabled) return { ok: false, reason: 'disabled' };
    await clearFailures(db, username);
    if (needsRehash(stored)) {
      // A full line of hashes only puts the new hash off to the next sign-in.
      await rehash(db, account.id, stored, input.password).catch((error: unknown) => {
        if (!(error instanceof PasswordHashBusy)) throw error;
      });
    }
    if (await hasLeftEveryCompany(db, account.id)) return { ok: false, reason: 'departed' };
    return { ok: true, accountId: String(account.id) };
  } finally {
    leave();
  }
}

async function currentAccount(db: Db, id: number) {
  const [row] = await db
    .select({ passwordHash: accounts.passwordHash, disabled: accounts.disabled })
    .from(accounts)
    .where(eq(accounts.id, id))
    .limit(1);
  return row;
}

// A hash made at an older cost is replaced at the first right password (only if unchanged since).
async function rehash(db: Db, accountId: number, old: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(accounts)
    .set({ passwordHash })
    .where(and(eq(accounts.id, accountId), eq(accounts.passwordHash, old)));
}
