// The `files` table: attachments chosen offline, held as blobs until the engine uploads them, and
// the upload's answer once it came (DESIGN §4). One module owns the table; the engine decides when
// a blob is no longer needed (src/sync/engine/files.ts), this module only reads and writes rows.
import type { PurchasingDb } from './db';
import type { FileUploadAnswer, PendingFile } from './outboxTypes';

export function putFile(db: PurchasingDb, file: PendingFile): Promise<string> {
  return db.files.put(file);
}

/** The rows of `ids` (absent ones left out). */
export async function readFiles(db: PurchasingDb, ids: readonly string[]): Promise<PendingFile[]> {
  const rows = await db.files.bulkGet([...ids]);
  return rows.filter((row): row is PendingFile => row !== undefined);
}

/** Client file id → the server's answer, for every file uploaded (blob kept or dropped). */
export async function uploadAnswers(db: PurchasingDb): Promise<Map<string, FileUploadAnswer>> {
  const answers = new Map<string, FileUploadAnswer>();
  await db.files.each((row) => {
    if (row.uploaded) answers.set(row.id, row.uploaded);
  });
  return answers;
}

/** One of the user's attachments as the upload notices read it: where its upload stands. */
export interface FileUploadState {
  id: string;
  name: string;
  documentType: PendingFile['documentType'];
  uploaded: boolean;
}

/** The user's attachments held on this device, without their bytes. */
export async function userFileStates(
  db: PurchasingDb,
  userSub: string,
): Promise<FileUploadState[]> {
  const states: FileUploadState[] = [];
  await db.files.each((row) => {
    if (row.userSub !== userSub) return;
    const { id, name, documentType } = row;
    states.push({ id, name, documentType, uploaded: row.uploaded !== null });
  });
  return states;
}

/** Records the upload's answer; a row removed meanwhile stays removed. */
export async function recordUpload(
  db: PurchasingDb,
  id: string,
  answer: FileUploadAnswer,
): Promise<void> {
  await db.files.update(id, { uploaded: answer });
}

export interface FileRelease {
  /** Files a waiting or refused outbox entry names: kept whole. */
  needed: ReadonlySet<string>;
  /** Files an entry named until it was discarded: their blobs go even if never uploaded. */
  released: ReadonlySet<string>;
  /** Rows created before this (epoch ms) that nothing needs go entirely, answer included. */
  expireBefore: number;
}

/**
 * Drops what no entry needs: the blob of an uploaded file (its answer stays for late references),
 * a released file never uploaded, and rows past their age (a file chosen for a form never saved).
 * Joins the caller's transaction, which must also have read the outbox that decided `needed`.
 */
export async function dropUnneeded(db: PurchasingDb, release: FileRelease): Promise<void> {
  const drop: string[] = [];
  const slim: PendingFile[] = [];
  await db.files.each((row) => {
    if (release.needed.has(row.id)) return;
    if (row.createdAt < release.expireBefore) drop.push(row.id);
    else if (row.uploaded === null) {
      if (release.released.has(row.id)) drop.push(row.id);
    } else if (row.blob !== null) slim.push({ ...row, blob: null });
  });
  if (drop.length) await db.files.bulkDelete(drop);
  if (slim.length) await db.files.bulkPut(slim);
}

/** Companies whose attachments are held here. */
export async function fileCompanyIds(db: PurchasingDb): Promise<Set<number>> {
  const ids = new Set<number>();
  await db.files.each((row) => {
    ids.add(row.companyId);
  });
  return ids;
}

/** Drops the company's files, blobs and upload answers, except those in `keep`. */
export async function dropCompanyFiles(
  db: PurchasingDb,
  companyId: number,
  keep: ReadonlySet<string>,
): Promise<void> {
  const drop: string[] = [];
  await db.files.each((row) => {
    if (row.companyId === companyId && !keep.has(row.id)) drop.push(row.id);
  });
  if (drop.length) await db.files.bulkDelete(drop);
}
