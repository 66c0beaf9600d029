// Ending an account's sign-ins (security review M4): after a password change every provider
// session, grant, authorization code and refresh token of the account goes, except the session
// the change was made from (the user stays signed in where they typed the new password). In auth,
// not idp: the token check (session.ts) asks whether a token's sign-in session still exists.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';

/**
 * Deletes the account's provider payloads (they carry `accountId`), keeping the session whose
 * uid is `keepSession` and the grants, codes and refresh tokens of that session's grants.
 */
export async function endOtherSignIns(
  tx: Tx,
  accountId: number,
  keepSession: string | undefined,
): Promise<void> {
  const keep = keepSession ?? null;
  await tx.execute(sql`
    with kept_grants as (
      select grants.value ->> 'grantId' as grant_id
      from oidc_payloads session,
        jsonb_each(coalesce(session.payload -> 'authorizations', '{}'::jsonb)) grants
      where session.kind = 'Session' and session.uid = ${keep}::text
    )
    delete from oidc_payloads
    where payload ->> 'accountId' = ${String(accountId)}
      and not (kind = 'Session' and uid is not distinct from ${keep}::text)
      and not (kind = 'Grant' and id in (select grant_id from kept_grants where grant_id is not null))
      and not (grant_id is not null and grant_id in (select grant_id from kept_grants where grant_id is not null))`);
}

/**
 * Whether the provider still has this sign-in session: a token issued before a password change
 * stays good only when it belongs to the session the change was made from.
 */
export async function sessionExists(tx: Pick<Tx, 'execute'>, uid: string): Promise<boolean> {
  const result = (await tx.execute(
    sql`select 1 as found from oidc_payloads
        where kind = 'Session' and uid = ${uid}
          and (expires_at is null or expires_at > now())
        limit 1`,
  )) as { rows: unknown[] };
  return result.rows.length > 0;
}
