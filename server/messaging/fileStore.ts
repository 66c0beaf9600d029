// Uploaded files (settings-messaging-shared §7 "Files", purchasing-core §7.3), kept in the
// database (bytea) so every server process sharing it serves them. An object name is
// `{companyId}/{uuid}/{file name}`: the prefix says whose it is, the uuid makes it unguessable
// and unique. Names are looked up exactly, never joined into a filesystem path.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DocumentType } from '../../src/domain/files/uploads';
import type { Reader, Tx } from '../db/database';
import { files, sheetLines, sheets, todos } from '../db/schema/index';
import { fileUrl } from '../http/fileUrls';
import { forbidden, notFound } from '../http/httpError';
import { TODO_SERVER_MESSAGES as M } from './messages';
import { storageFileName } from './uploadRules';

export type FileAnswer = {
  object_name: string;
  url: string;
  name: string;
  content_type: string;
  size: number;
};

// Uploads get a uuid as middle segment; seeded files (demo data, fixtures) may use another word.
const OBJECT_NAME = /^(\d{1,15})\/[A-Za-z0-9-]{1,64}\/[^/\\]{1,200}$/;

/**
 * The company an object name belongs to. Anything that is not exactly our shape (`../`, a
 * leading `/`, backslashes, extra segments) is refused before any lookup.
 */
export function companyOfPath(path: string): number {
  const match = OBJECT_NAME.exec(path);
  const segments = path.split('/');
  if (!match?.[1] || segments.some((s) => s === '.' || s === '..')) throw forbidden();
  return Number(match[1]);
}

export async function storeFile(
  tx: Tx,
  upload: {
    companyId: number;
    uploadedBy: number | null;
    documentType: DocumentType;
    entityId: string | null;
    name: string;
    contentType: string;
    bytes: Uint8Array;
  },
): Promise<FileAnswer> {
  const objectName = `${upload.companyId}/${randomUUID()}/${storageFileName(upload.name)}`;
  await tx.insert(files).values({
    companyId: upload.companyId,
    objectName,
    fileName: upload.name,
    contentType: upload.contentType,
    size: upload.bytes.length,
    documentType: upload.documentType,
    entityId: upload.entityId,
    uploadedBy: upload.uploadedBy,
    // A bytea parameter: binary on both drivers (PGlite through server/db/pgliteBytea.ts).
    data: upload.bytes,
  });
  return {
    object_name: objectName,
    url: fileUrl(objectName),
    name: upload.name,
    content_type: upload.contentType,
    size: upload.bytes.length,
  };
}

/** Bytes of a file read per query when it is sent (security review M10: never whole in memory). */
export const CONTENT_SLICE_BYTES = 1024 * 1024;

async function slice(db: Reader, id: number, offset: number): Promise<Buffer | null> {
  // Base64 text: both drivers get a bytea result as hex text otherwise, half again as large.
  const [row] = await db
    .select({
      data: sql<string>`encode(substring(${files.data} from ${offset + 1} for ${CONTENT_SLICE_BYTES}), 'base64')`,
    })
    .from(files)
    .where(eq(files.id, id));
  return row ? Buffer.from(row.data, 'base64') : null;
}

/**
 * The stored bytes of a file found by `readableFile`: one Buffer when it fits in one slice, else
 * a stream that reads it a slice at a time as the answer is sent. A file removed before its first
 * slice is 404; one removed while it is being sent ends the answer early.
 */
export async function fileContent(
  db: Reader,
  file: { id: number; size: number },
): Promise<Buffer | Readable> {
  const first = await slice(db, file.id, 0);
  if (!first) throw notFound(M.FILE_NOT_FOUND);
  if (file.size <= CONTENT_SLICE_BYTES) return first;
  return Readable.from(
    (async function* () {
      yield first;
      for (let offset = CONTENT_SLICE_BYTES; offset < file.size; offset += CONTENT_SLICE_BYTES) {
        const next = await slice(db, file.id, offset);
        if (!next) throw new Error(`file ${file.id} removed while it was being sent`);
        yield next;
      }
    })(),
  );
}

const referencing = (objectName: string) => JSON.stringify([{ object_name: objectName }]);

/**
 * A file the companies may read: their own uploads, attachments of messages they sent or
 * received, and product attachments on sheets they own or quote (the supplier reads the
 * buyer's drawings). Null when missing, deleted or not theirs: the caller answers 404 alike.
 */
export async function readableFile(db: Reader, path: string, companyIds: number[]) {
  companyOfPath(path);
  const [file] = await db
    .select({
      id: files.id,
      companyId: files.companyId,
      fileName: files.fileName,
      contentType: files.contentType,
      size: files.size,
    })
    .from(files)
    .where(and(eq(files.objectName, path), eq(files.deleted, false)));
  if (!file) return null;
  if (companyIds.includes(file.companyId)) return file;
  const ref = referencing(path);
  const [message] = await db
    .select({ id: todos.id })
    .from(todos)
    .where(
      and(
        sql`${todos.files} @> ${ref}::jsonb`,
        or(inArray(todos.toCompanyId, companyIds), inArray(todos.fromCompanyId, companyIds)),
      ),
    )
    .limit(1);
  if (message) return file;
  const [line] = await db
    .select({ id: sheetLines.id })
    .from(sheetLines)
    .innerJoin(sheets, eq(sheets.id, sheetLines.sheetId))
    .where(
      and(
        sql`${sheetLines.attachments} @> ${ref}::jsonb`,
        or(inArray(sheets.companyId, companyIds), inArray(sheets.supplierCompanyId, companyIds)),
      ),
    )
    .limit(1);
  return line ? file : null;
}

/** DELETE /api/v7/files?path: the company's own file is marked deleted; nothing else is touched. */
export async function deleteFile(
  tx: Tx,
  path: string,
  companyId: number,
): Promise<{ object_name: string }> {
  if (companyOfPath(path) !== companyId) throw forbidden();
  const [deleted] = await tx
    .update(files)
    .set({ deleted: true })
    .where(
      and(eq(files.objectName, path), eq(files.companyId, companyId), eq(files.deleted, false)),
    )
    .returning({ objectName: files.objectName });
  if (!deleted) throw notFound(M.FILE_NOT_FOUND);
  return { object_name: deleted.objectName };
}
