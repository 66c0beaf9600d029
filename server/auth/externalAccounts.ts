// External SSO accounts (security review M8): an account is bound to the realm's issuer and `sub`
// the first time a token with its sign-in name (`preferred_username`, case-insensitive) arrives;
// from then on only that `sub` reaches it. A realm user renamed to an existing username, or a new
// one created under it, gets no account: that account answers to its bound `sub` only.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { accounts } from '../db/schema/index';
import type { ExternalIdentity } from './tokens';

type AccountRow = typeof accounts.$inferSelect;

export async function findExternalAccount(
  db: Db,
  identity: ExternalIdentity,
): Promise<AccountRow | undefined> {
  const bound = await boundTo(db, identity);
  if (bound) return bound;
  const [named] = await db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.username})`, identity.username.toLowerCase()))
    .limit(1);
  // Bound to another subject (or another issuer): the name alone proves nothing.
  if (!named || named.externalSubject !== null || named.externalIssuer !== null) return undefined;
  try {
    const [claimed] = await db
      .update(accounts)
      .set({ externalIssuer: identity.issuer, externalSubject: identity.subject })
      .where(and(eq(accounts.id, named.id), isNull(accounts.externalSubject)))
      .returning();
    if (claimed) return claimed;
  } catch {
    // The same subject was bound to another account a moment ago (the unique index refused it).
  }
  // Another request bound it first: it counts only if it bound this very subject.
  return boundTo(db, identity);
}

async function boundTo(db: Db, identity: ExternalIdentity): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.externalIssuer, identity.issuer),
        eq(accounts.externalSubject, identity.subject),
      ),
    )
    .limit(1);
  return row;
}
