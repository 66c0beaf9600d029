// Unused uploads are removed after a day (security review M10), so storage and each company's
// quota are not held by files nothing shows. A file is in use while a record names it: a product
// line's attachments (sheet_lines.attachments), a message's or mail's files (todos.files), an
// account's or employee's avatar, a company's logo (their URLs). Deleted files (DELETE
// /api/v7/files only marks them), uploads never attached, replaced avatars and logos, and
// attachments of lines and messages that are gone are removed once a day old. Seeded files are
// all attached, so they stay. Runs in the hourly maintenance, under the sync write lock: a file
// cannot be attached between the check and the delete.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { files } from '../db/schema/index';
import { write } from '../db/write';
import { fileUrl } from './fileStore';

export const UNUSED_FILE_AGE_MS = 24 * 3600 * 1000;

const URL_PREFIX = fileUrl('');
const DELETE_BATCH = 500;

/** The object name an avatar or logo URL shows, or null for any other URL (seeded brand logos). */
export function objectNameOfUrl(url: string): string | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  try {
    return decodeURIComponent(url.slice(URL_PREFIX.length));
  } catch {
    return null;
  }
}

type Candidate = { id: number | string; object_name: string; deleted: boolean };

/** Deletes the unused files older than a day before `now`; answers how many went. */
export async function collectUnusedFiles(db: Db, now = Date.now()): Promise<number> {
  const before = new Date(now - UNUSED_FILE_AGE_MS).toISOString();
  return write(db, async (tx) => {
    // One pass over the attachment lists (a hash of the names in use), not one per file.
    const result = await tx.execute(sql`
      with attached as (
        select item->>'object_name' as name
          from sheet_lines, jsonb_array_elements(
            case jsonb_typeof(attachments) when 'array' then attachments else '[]'::jsonb end
          ) as item
        union
        select item->>'object_name'
          from todos, jsonb_array_elements(
            case jsonb_typeof(files) when 'array' then files else '[]'::jsonb end
          ) as item
      )
      select id, object_name, deleted from files
       where created_at < ${before}::timestamptz
         and (deleted or not exists (select 1 from attached where attached.name = files.object_name))`);
    const candidates = (result as unknown as { rows: Candidate[] }).rows;
    if (candidates.length === 0) return 0;
    const pictures = await tx.execute(sql`
      select avatar_url as url from accounts where avatar_url like ${`${URL_PREFIX}%`}
      union select avatar_url from contacts where avatar_url like ${`${URL_PREFIX}%`}
      union select logo_url from companies where logo_url like ${`${URL_PREFIX}%`}`);
    const shown = new Set(
      (pictures as unknown as { rows: Array<{ url: string }> }).rows.map((row) =>
        objectNameOfUrl(row.url),
      ),
    );
    const unused = candidates
      .filter((file) => file.deleted || !shown.has(file.object_name))
      .map((file) => Number(file.id));
    for (let at = 0; at < unused.length; at += DELETE_BATCH) {
      await tx.delete(files).where(inArray(files.id, unused.slice(at, at + DELETE_BATCH)));
    }
    return unused.length;
  });
}
