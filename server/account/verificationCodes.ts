// SMS verification codes (password reset, registration): 6 random digits, only a hash stored,
// valid 10 minutes, used once, dead after 5 wrong tries; a new code for the same mobile and
// purpose needs 60 s (the spec's resend lock, enforced here too) and ends the older ones. At
// most 10 codes a day per mobile and purpose.
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, codeTooFrequentMessage } from '../../src/domain/account/messages';
import { resendSecondsLeft } from '../../src/domain/account/password';
import type { Db, Tx } from '../db/database';
import { type CodePurpose, verificationCodes } from '../db/schema/index';
import { badRequest, HttpError } from '../http/httpError';
import { codeMatches, hashCode } from './codeHash';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_DAILY_LIMIT = 10;
const DAY_MS = 24 * 3600 * 1000;

export const CODE_PATTERN = /^\d{6}$/;

/** Serializes code requests for one mobile and purpose (two at once must not both pass the lock). */
async function lockMobile(tx: Tx, mobile: string, purpose: CodePurpose) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${purpose}:${mobile}`}))`);
}

/** Makes and stores a new code; refuses with 429 inside the resend lock or over the daily limit. */
export async function issueCode(
  db: Db,
  mobile: string,
  purpose: CodePurpose,
  now: Date = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockMobile(tx, mobile, purpose);
    const recent = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.mobile, mobile),
          eq(verificationCodes.purpose, purpose),
          gt(verificationCodes.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt));
    const wait = resendSecondsLeft(recent[0]?.createdAt.getTime() ?? null, now.getTime());
    if (wait > 0) throw new HttpError(429, 'TOO_FREQUENT', codeTooFrequentMessage(wait));
    if (recent.length >= CODE_DAILY_LIMIT) {
      throw new HttpError(429, 'DAILY_LIMIT', ACCOUNT_MESSAGES.CODE_DAILY_LIMIT);
    }
    // Only the newest code counts: the older ones stop working now.
    await tx
      .update(verificationCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(verificationCodes.mobile, mobile),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.usedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      );
    // Codes older than a day serve no check any more.
    await tx
      .delete(verificationCodes)
      .where(lt(verificationCodes.createdAt, new Date(now.getTime() - 2 * DAY_MS)));
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.insert(verificationCodes).values({
      mobile,
      purpose,
      codeHash: hashCode(code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    return code;
  });
}

export type CodeCheck = 'ok' | 'wrong' | 'invalid';

/**
 * Checks `code` against the newest code of the mobile and purpose, inside the caller's
 * transaction: a match marks it used; a miss counts a try (the last allowed miss kills it).
 */
export async function checkCode(
  tx: Tx,
  input: { mobile: string; purpose: CodePurpose; code: string; now?: Date; consume?: boolean },
): Promise<CodeCheck> {
  const now = input.now ?? new Date();
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(eq(verificationCodes.mobile, input.mobile), eq(verificationCodes.purpose, input.purpose)),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  if (!row || row.usedAt !== null || row.expiresAt <= now || row.attempts >= CODE_MAX_ATTEMPTS) {
    return 'invalid';
  }
  if (!CODE_PATTERN.test(input.code) || !codeMatches(input.code, row.codeHash)) {
    const attempts = row.attempts + 1;
    await tx.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, row.id));
    return attempts >= CODE_MAX_ATTEMPTS ? 'invalid' : 'wrong';
  }
  if (input.consume === false) return 'ok';
  await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id));
  return 'ok';
}

/**
 * Runs `apply` when the code is right, in one transaction with its use. A wrong code still
 * commits the counted try, then refuses with the message for the outcome.
 */
export async function withVerifiedCode<T>(
  db: Db,
  input: { mobile: string; purpose: CodePurpose; code: string },
  apply: (tx: Tx) => Promise<T>,
): Promise<T> {
  const outcome: { done: T } | { check: Exclude<CodeCheck, 'ok'> } = await db.transaction(
    async (tx) => {
      const check = await checkCode(tx, input);
      return check === 'ok' ? { done: await apply(tx) } : { check };
    },
  );
  if ('done' in outcome) return outcome.done;
  throw codeRefusal(outcome.check);
}

/**
 * Refuses a wrong or dead code like withVerifiedCode, but leaves a right one unused: for work too
 * slow to run inside the transaction (a password hash), done between this check and
 * withVerifiedCode, which checks the code again and uses it.
 */
export async function requireValidCode(
  db: Db,
  input: { mobile: string; purpose: CodePurpose; code: string },
): Promise<void> {
  const check = await db.transaction((tx) => checkCode(tx, { ...input, consume: false }));
  if (check !== 'ok') throw codeRefusal(check);
}

function codeRefusal(check: Exclude<CodeCheck, 'ok'>): HttpError {
  return check === 'wrong'
    ? badRequest(ACCOUNT_MESSAGES.VERIFY_CODE_WRONG, 'VERIFY_CODE_WRONG')
    : badRequest(ACCOUNT_MESSAGES.VERIFY_CODE_INVALID, 'VERIFY_CODE_INVALID');
}
