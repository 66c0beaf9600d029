// The rate limit on failed sign-ins, kept in `login_failures` so it holds across restarts and
// processes. An attempt is reserved before its password is checked: one transaction, serialized
// per username and per address by advisory locks, counts the failures (in-flight ones included)
// and writes a failure row; a success deletes that row again. So concurrent guesses count too.
// Three buckets (docs/decisions.md "identity"):
// - one username from one address: `perUserAddress` failures lock that pair for the window;
// - one username from anywhere: past `perUsername` failures, each attempt waits a delay that
//   doubles from `firstDelaySeconds` up to `maxDelaySeconds` after the latest failure, so a
//   stranger slows guessing down but locks nobody out for long;
// - one address: past `perIp` failures, the same growing delay (behind a proxy without
//   TRUST_PROXY every user shares one address: they wait seconds, they are not locked out).
import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Db, Tx } from '../db/database';
import { loginFailures } from '../db/schema/index';
import { addressKey } from '../http/clientAddress';

export type LoginLimits = {
  windowSeconds: number;
  /** Failures of one username from one address that lock that pair until the window passes. */
  perUserAddress: number;
  /** Failures of one username (any address) after which attempts are slowed down. */
  perUsername: number;
  /** Failures from one address (any username) after which attempts are slowed down. */
  perIp: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
};

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowSeconds: 15 * 60,
  perUserAddress: 5,
  perUsername: 5,
  perIp: 20,
  firstDelaySeconds: 15,
  maxDelaySeconds: 120,
};

// Two-key advisory locks (db/advisoryLocks.ts); always taken username first, then address, so
// two reservations never wait on each other in a cycle.
const USERNAME_LOCK = ADVISORY_LOCKS.signInUsername;
const ADDRESS_LOCK = ADVISORY_LOCKS.signInAddress;

/** Usernames are case-insensitive (the accounts table's unique index is on lower(username)). */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export type Reservation = { ok: true; id: number } | { ok: false; retryAfterSeconds: number };

/**
 * Counts the failures of this username and address (in-flight attempts included) and, when the
 * attempt may go ahead, records it as a failure at once; `release` it after a right password.
 */
export async function reserveAttempt(
  db: Db,
  limits: LoginLimits,
  rawUsername: string,
  rawIp: string,
): Promise<Reservation> {
  const username = normalizeUsername(rawUsername);
  // An IPv6 host counts by its /64 (it may use a fresh address for every attempt).
  const ip = addressKey(rawIp);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USERNAME_LOCK}, hashtext(${username}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`);
    const byName = eq(loginFailures.username, username);
    const byIp = eq(loginFailures.ip, ip);
    const waits = [
      await lockedWait(tx, limits, and(byName, byIp) as SQL, limits.perUserAddress),
      await slowedWait(tx, limits, byName, limits.perUsername),
      await slowedWait(tx, limits, byIp, limits.perIp),
    ];
    const wait = Math.max(...waits);
    if (wait > 0) return { ok: false, retryAfterSeconds: wait };
    const [row] = await tx
      .insert(loginFailures)
      .values({ username, ip })
      .returning({ id: loginFailures.id });
    if (!row) throw new Error('login attempt not recorded');
    return { ok: true, id: row.id };
  });
}

const windowOf = (limits: LoginLimits) => sql`make_interval(secs => ${limits.windowSeconds})`;

// With `max` failures inside the window the lock lasts until the max-th most recent one leaves it.
async function lockedWait(tx: Tx, limits: LoginLimits, who: SQL, max: number): Promise<number> {
  const window = windowOf(limits);
  const [row] = await tx
    .select({
      wait: sql<string>`ceil(extract(epoch from (${loginFailures.at} + ${window} - now())))::text`,
    })
    .from(loginFailures)
    .where(and(who, gt(loginFailures.at, sql`now() - ${window}`)))
    .orderBy(sql`${loginFailures.at} desc`)
    .offset(max - 1)
    .limit(1);
  return row ? Math.max(1, Number(row.wait)) : 0;
}

// Past `free` failures in the window, the next attempt waits firstDelay · 2^(failures − free),
// at most maxDelay, counted from the latest failure.
async function slowedWait(tx: Tx, limits: LoginLimits, who: SQL, free: number): Promise<number> {
  const window = windowOf(limits);
  const [row] = await tx
    .select({
      failures: sql<number>`count(*)::int`,
      since: sql<string | null>`extract(epoch from (now() - max(${loginFailures.at})))::text`,
    })
    .from(loginFailures)
    .where(and(who, gt(loginFailures.at, sql`now() - ${window}`)));
  const failures = Number(row?.failures ?? 0);
  if (failures < free || row?.since == null) return 0;
  const exponent = Math.min(failures - free, 16);
  const delay = Math.min(limits.maxDelaySeconds, limits.firstDelaySeconds * 2 ** exponent);
  const left = Math.ceil(delay - Number(row.since));
  return left > 0 ? left : 0;
}

/** The reserved attempt had the right password: it was no failure. */
export async function releaseAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/**
 * A successful sign-in forgives that username's failures but not the address's: the rows stay,
 * with the username blanked, so one valid account cannot reset an address's count of guesses.
 */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db
    .update(loginFailures)
    .set({ username: '' })
    .where(eq(loginFailures.username, normalizeUsername(username)));
}

export async function purgeOldFailures(db: Db, limits: LoginLimits): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, sql`now() - make_interval(secs => ${limits.windowSeconds})`));
}

/**
 * Password checks in flight in this process, per username and per address: one per username
 * and a few per address at a time (scrypt costs memory and a pool thread); more are refused at
 * once without a check. Across processes the reservation above still bounds the guesses.
 */
export class InFlightChecks {
  private readonly users = new Set<string>();
  private readonly addresses = new Map<string, number>();

  constructor(private readonly perAddress = 4) {}

  /** A release function, or null when this username or address is already busy. */
  enter(rawUsername: string, rawIp: string): (() => void) | null {
    const username = normalizeUsername(rawUsername);
    const ip = addressKey(rawIp);
    const atAddress = this.addresses.get(ip) ?? 0;
    if (this.users.has(username) || atAddress >= this.perAddress) return null;
    this.users.add(username);
    this.addresses.set(ip, atAddress + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users.delete(username);
      const left = (this.addresses.get(ip) ?? 1) - 1;
      if (left > 0) this.addresses.set(ip, left);
      else this.addresses.delete(ip);
    };
  }
}
