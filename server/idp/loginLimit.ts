// The rate limit on failed sign-ins, kept in `login_failures` so it holds across restarts and
// processes: too many failures for one username, or from one address, within the window refuse
// every further attempt (even with the right password) until the oldest counted failure ages out.
import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { loginFailures } from '../db/schema/index';

export type LoginLimits = {
  windowSeconds: number;
  perUsername: number;
  perIp: number;
};

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowSeconds: 15 * 60,
  perUsername: 5,
  perIp: 20,
};

/** Usernames are case-insensitive (the accounts table's unique index is on lower(username)). */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Seconds until a sign-in may be tried again, or 0 when it may be tried now. */
export async function lockedForSeconds(
  db: Db,
  limits: LoginLimits,
  username: string,
  ip: string,
): Promise<number> {
  const [byName, byIp] = await Promise.all([
    waitFor(
      db,
      limits,
      eq(loginFailures.username, normalizeUsername(username)),
      limits.perUsername,
    ),
    waitFor(db, limits, eq(loginFailures.ip, ip), limits.perIp),
  ]);
  return Math.max(byName, byIp);
}

// With `max` failures inside the window the lock lasts until the max-th most recent one leaves it.
async function waitFor(db: Db, limits: LoginLimits, who: SQL, max: number): Promise<number> {
  const window = sql`make_interval(secs => ${limits.windowSeconds})`;
  const [row] = await db
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

export async function recordFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ username: normalizeUsername(username), ip });
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
