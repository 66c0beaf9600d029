// The registration's human check (the API keeps the name "image code"): a proof-of-work challenge
// made with altcha-lib (security review M11, L17: it replaced svg-captcha, unmaintained since
// 2019 and read by public solvers). The page solves it in a web worker (about a second of
// hashing on a phone, no typing, no external service) and sends the counter it found as the
// answer. Only a hash of that answer is kept; it is valid 5 minutes and used once: the first
// check, right or wrong, spends it. The work makes each SMS request cost the client CPU time;
// the SMS budgets (registrations.ts) bound what a determined script can still send.
import { randomUUID } from 'node:crypto';
import { type ChallengeParameters, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { imageCodes } from '../db/schema/index';
import { codeMatches, hashCode } from './codeHash';

export const IMAGE_CODE_TTL_MS = 5 * 60_000;
/**
 * The answer is a counter in this range: the page hashes its way up to it (SHA-256, one round
 * each), well under a second in a phone's browser.
 */
export const CHALLENGE_COUNTER = { min: 5_000, max: 20_000 } as const;

export interface ImageCode {
  id: string;
  /** altcha-lib's challenge parameters (SHA-256, the key prefix the counter yields). */
  challenge: ChallengeParameters;
}

const normalize = (answer: string) => answer.trim().toLowerCase();

export async function createImageCode(
  db: Db,
  options: { now?: Date; record?: ((id: string, answer: string) => Promise<void>) | null } = {},
): Promise<ImageCode> {
  const now = options.now ?? new Date();
  const counter = randomInt(CHALLENGE_COUNTER.min, CHALLENGE_COUNTER.max);
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter,
    deriveKey,
    expiresAt: new Date(now.getTime() + IMAGE_CODE_TTL_MS),
  });
  const id = randomUUID();
  // Spent and expired codes serve nothing: cleared as new ones are made.
  await db.delete(imageCodes).where(lt(imageCodes.expiresAt, now));
  await db.insert(imageCodes).values({
    id,
    answerHash: hashCode(String(counter)),
    expiresAt: new Date(now.getTime() + IMAGE_CODE_TTL_MS),
  });
  await options.record?.(id, String(counter));
  return { id, challenge: challenge.parameters };
}

export type ImageCodeCheck = 'ok' | 'wrong' | 'invalid';

/** Spends the image code and says whether the answer was right. */
export async function spendImageCode(
  db: Db,
  id: string,
  answer: string,
  now: Date = new Date(),
): Promise<ImageCodeCheck> {
  const [row] = await db
    .update(imageCodes)
    .set({ usedAt: now })
    .where(and(eq(imageCodes.id, id), isNull(imageCodes.usedAt), gt(imageCodes.expiresAt, now)))
    .returning({ answerHash: imageCodes.answerHash });
  if (!row) return 'invalid';
  return codeMatches(normalize(answer), row.answerHash) ? 'ok' : 'wrong';
}
