// Unused uploads are removed (security review M10), so storage and each company's quota are not
// held by files nothing shows. A file is in use while a record names it: a product line's
// attachments (sheet_lines.attachments), a message's or mail's files (todos.files), an account's
// or employee's avatar, a company's logo (their URLs). Deleted files (DELETE /api/v7/files only
// marks them) go a day after upload. A file nothing names may belong to a change still waiting on
// a device: the app uploads a file when its outbox entry is next in line, and the entry may be
// sent up to 28 days later (src/domain/sync/retention.ts). So such a file stays for the whole
// idempotency retention (30 days) before it goes; replaced avatars and logos and attachments of
// lines and messages that are gone cannot be told from those, and wait as long. Seeded files are
// all attached, so they stay.
//
// Runs in the hourly maintenance in two phases, so that the one sync write lock is not held
// while every tenant's attachment lists are read: the scan finds candidates without the lock,
// then each batch of candidates is checked again and deleted under the lock (write.ts). Every
// attach takes that lock too, so a file attached after the scan is seen by the check and stays.
import { inArray, sql } from 'drizzle-orm';
import { IDEMPOTENCY_RETENTION_MS } from '../../src/domain/sync/retention';
import type { Db } from '../db/database';
import { files } from '../db/schema/index';
import { unlimitedTimeouts } from '../db/timeouts';
import { fileUrl } from '../http/fileUrls';
import { write } from '../sync/write';

/** A deleted file goes this long after its upload. */
export const DELETED_FILE_AGE_MS = 24 * 3600 * 1000;
/** A file nothing names goes this long after its upload: the client's send window and margin. */
export const UNATTACHED_FILE_AGE_MS = IDEMPOTENCY_RETENTION_MS;

const URL_PREFIX = fileUrl('');
/** Candidates checked and deleted under one hold of the write lock. */
export const GC_BATCH = 500;

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
type Cutoffs = { deletedBefore: string; unattachedBefore: string };

function cutoffs(now: number): Cutoffs {
  return {
    deletedBefore: new Date(now - DELETED_FILE_AGE_MS).toISOString(),
    unattachedBefore: new Date(now - UNATTACHED_FILE_AGE_MS).toISOString(),
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Phase one, without the write lock: the ids of files old enough that are deleted or that no
 * record names. One pass over the attachment lists (a hash of the names in use), in a read
 * transaction without the request timeouts (it blocks no writer).
 */
export async function findUnusedFileCandidates(db: Db, now = Date.now()): Promise<number[]> {
  const { deletedBefore, unattachedBefore } = cutoffs(now);
  return db.transaction(async (tx) => {
    await tx.execute(unlimitedTimeouts);
    const candidates = rowsOf<Candidate>(
      await tx.execute(sql`
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
         where (deleted and created_at < ${deletedBefore}::timestamptz)
            or (created_at < ${unattachedBefore}::timestamptz
                and not exists (select 1 from attached where attached.name = files.object_name))
         order by id`),
    );
    if (candidates.length === 0) return [];
    const shown = await shownNames(tx);
    return candidates
      .filter((file) => file.deleted || !shown.has(file.object_name))
      .map((file) => Number(file.id));
  });
}

type Reader = Pick<Db, 'execute'>;

/** Object names shown as an avatar or a logo; `urls` limits the look-up to those URLs. */
async function shownNames(db: Reader, urls?: string[]): Promise<Set<string | null>> {
  const only = (column: ReturnType<typeof sql.raw>) =>
    urls === undefined
      ? sql`${column} like ${`${URL_PREFIX}%`}`
      : sql`${column} = any(${`{${urls.map((u) => JSON.stringify(u)).join(',')}}`}::text[])`;
  const avatar = sql.raw('avatar_url');
  const logo = sql.raw('logo_url');
  const rows = rowsOf<{ url: string }>(
    await db.execute(sql`
      select avatar_url as url from accounts where ${only(avatar)}
      union select avatar_url from contacts where ${only(avatar)}
      union select logo_url from companies where ${only(logo)}`),
  );
  return new Set(rows.map((row) => objectNameOfUrl(row.url)));
}

/**
 * Phase two, under the write lock, for one batch of candidates: each is checked again (still
 * there, still deleted or still named by nothing) and deleted. A company attaches only its own
 * uploads (sheetInput.ts, todoService.ts), to its own sheets (the supplier's quote sets prices,
 * not attachments) and to messages it sends, so the check looks only at that company's sheets and
 * messages (through their indexes), one exists-check per candidate, not at every tenant's lines.
 */
export async function deleteUnusedFiles(
  db: Db,
  candidateIds: readonly number[],
  now = Date.now(),
): Promise<number> {
  if (candidateIds.length === 0) return 0;
  const { deletedBefore, unattachedBefore } = cutoffs(now);
  return write(db, async (tx) => {
    const ids = `{${candidateIds.join(',')}}`;
    const unused = rowsOf<Candidate>(
      await tx.execute(sql`
        select f.id, f.object_name, f.deleted from files f
         where f.id = any(${ids}::bigint[])
           and ((f.deleted and f.created_at < ${deletedBefore}::timestamptz)
             or (f.created_at < ${unattachedBefore}::timestamptz
                 and not exists (
                   select 1 from sheets s join sheet_lines l on l.sheet_id = s.id
                    where s.company_id = f.company_id
                      and l.attachments @> jsonb_build_array(jsonb_build_object('object_name', f.object_name)))
                 and not exists (
                   select 1 from todos t
                    where t.from_company_id = f.company_id
                      and t.files @> jsonb_build_array(jsonb_build_object('object_name', f.object_name)))))`),
    );
    const pictures = unused.filter((file) => !file.deleted);
    const shown =
      pictures.length === 0
        ? new Set<string | null>()
        : await shownNames(
            tx,
            pictures.map((file) => fileUrl(file.object_name)),
          );
    const gone = unused
      .filter((file) => file.deleted || !shown.has(file.object_name))
      .map((file) => Number(file.id));
    if (gone.length > 0) await tx.delete(files).where(inArray(files.id, gone));
    return gone.length;
  });
}

/** Test seam: runs between the scan and the locked deletes. */
export type GcHooks = { afterScan?: () => Promise<void> };

/** Deletes the unused files (see above) as of `now`; answers how many went. */
export async function collectUnusedFiles(
  db: Db,
  now = Date.now(),
  hooks: GcHooks = {},
): Promise<number> {
  const candidates = await findUnusedFileCandidates(db, now);
  await hooks.afterScan?.();
  let removed = 0;
  for (let at = 0; at < candidates.length; at += GC_BATCH) {
    removed += await deleteUnusedFiles(db, candidates.slice(at, at + GC_BATCH), now);
  }
  return removed;
}
