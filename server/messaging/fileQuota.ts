// Storage per company (security review M10): the files a company uploaded and did not delete may
// use at most UPLOAD_QUOTA_MB. Checked before an upload is read (a full company is refused at
// once) and again in the write transaction with the file's size, under the sync write lock, so
// two uploads at once cannot both take the last room. Unused uploads are removed after a day
// (fileGc.ts), which gives their room back.
import { and, eq, sql } from 'drizzle-orm';
import type { Reader } from '../db/database';
import { files } from '../db/schema/index';
import { HttpError } from '../http/httpError';
import { UPLOAD_LIMIT_MESSAGES } from './messages';

export async function storedBytes(db: Reader, companyId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | number>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.deleted, false)));
  return Number(row?.bytes ?? 0);
}

/** Refuses (422, 存储空间已满) when `adding` more bytes would pass the company's quota. */
export async function checkQuota(
  db: Reader,
  companyId: number,
  adding: number,
  quotaBytes: number,
): Promise<void> {
  const used = await storedBytes(db, companyId);
  if (used + adding > quotaBytes || (adding === 0 && used >= quotaBytes)) {
    throw new HttpError(422, 'STORAGE_QUOTA_EXCEEDED', UPLOAD_LIMIT_MESSAGES.QUOTA_FULL);
  }
}
