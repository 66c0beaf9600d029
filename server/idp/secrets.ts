// The key that signs the provider's cookies (session, interaction): made once and kept in app_meta,
// so sign-in sessions survive a restart and every server process on one database accepts them.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appMeta } from '../db/schema/index';

const KEY_NAME = 'oidc_cookie_keys';

/** The cookie signing keys, newest first (a rotation would prepend a new one). */
export async function loadCookieKeys(db: Db): Promise<string[]> {
  const stored = await readKeys(db);
  if (stored) return stored;
  const keys = [randomBytes(32).toString('base64url')];
  // Two processes starting together: the first insert wins and both use its keys.
  await db
    .insert(appMeta)
    .values({ key: KEY_NAME, value: JSON.stringify(keys) })
    .onConflictDoNothing();
  const winner = await readKeys(db);
  if (!winner) throw new Error('could not store the cookie keys');
  return winner;
}

async function readKeys(db: Db): Promise<string[] | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY_NAME)).limit(1);
  if (!row) return null;
  const value: unknown = JSON.parse(row.value);
  if (!Array.isArray(value) || value.length === 0 || !value.every((k) => typeof k === 'string')) {
    throw new Error(`app_meta ${KEY_NAME} is malformed`);
  }
  return value;
}
