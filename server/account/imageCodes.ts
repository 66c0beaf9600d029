// Image codes (captcha) of the registration page: an SVG drawn by svg-captcha (the characters are
// paths, not text, so the answer is not in the markup), its answer kept only as a hash, valid
// 5 minutes and used once: the first check, right or wrong, spends it, so guessing needs a new
// image each time.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { create as createCaptcha } from 'svg-captcha';
import type { Db } from '../db/database';
import { imageCodes } from '../db/schema/index';
import { codeMatches, hashCode } from './codeHash';

export const IMAGE_CODE_TTL_MS = 5 * 60_000;
export const IMAGE_CODE_LENGTH = 4;
/** Characters people confuse (0/o/O, 1/l/I) are left out; answers compare case-insensitively. */
const IGNORED = '0oO1lIi';

export interface ImageCode {
  id: string;
  svg: string;
}

const normalize = (answer: string) => answer.trim().toLowerCase();

export async function createImageCode(
  db: Db,
  options: { now?: Date; record?: ((id: string, answer: string) => Promise<void>) | null } = {},
): Promise<ImageCode> {
  const now = options.now ?? new Date();
  const captcha = createCaptcha({
    size: IMAGE_CODE_LENGTH,
    ignoreChars: IGNORED,
    noise: 2,
    color: true,
    width: 120,
    height: 40,
    fontSize: 44,
    background: '#f4f6f8',
  });
  const id = randomUUID();
  // Spent and expired codes serve nothing: cleared as new ones are made.
  await db.delete(imageCodes).where(lt(imageCodes.expiresAt, now));
  await db.insert(imageCodes).values({
    id,
    answerHash: hashCode(normalize(captcha.text)),
    expiresAt: new Date(now.getTime() + IMAGE_CODE_TTL_MS),
  });
  await options.record?.(id, captcha.text);
  return { id, svg: captcha.data };
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
