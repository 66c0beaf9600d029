// A production start refuses to run while a demo account still has the published demo password
// (security review M7): a production database seeded by mistake would otherwise open `admin` to
// anyone who read the README. Only DEMO_DATA=on, set on purpose, lets such a start go ahead.
import { inArray, sql } from 'drizzle-orm';
import { verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/database';
import { accounts } from '../../db/schema/index';
import { DEMO_PASSWORD, DEMO_STAFF } from './parties';

/** The demo usernames the seed creates (the README's table). */
export function demoUsernames(): string[] {
  const names = DEMO_STAFF.flatMap((staff) => (staff.username ? [staff.username] : []));
  return [...new Set([...names, 'nocompany'])];
}

/** Usernames of demo accounts on this database that still sign in with the demo password. */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: accounts.username, hash: accounts.passwordHash })
    .from(accounts)
    .where(inArray(sql`lower(${accounts.username})`, demoUsernames()));
  // The seed gives every demo account one hash: check each distinct hash once, one at a time
  // (each check costs ~0.4 s and 128 MiB at the current scrypt cost).
  const matching = new Set<string>();
  for (const hash of new Set(rows.map((row) => row.hash))) {
    if (await verifyPassword(DEMO_PASSWORD, hash)) matching.add(hash);
  }
  return rows.filter((row) => matching.has(row.hash)).map((row) => row.username);
}

export function demoPasswordRefusal(usernames: string[]): string {
  return [
    `NODE_ENV=production, but these accounts still have the published demo password: ${usernames.join(', ')}.`,
    'Change their passwords (or remove the demo data), or set DEMO_DATA=on to run a demo on purpose.',
  ].join('\n');
}
