// Attachments chosen offline (DESIGN §4): storing the blob under a client file id that mutations
// name (`FileRef.clientFileId`), checked first with the domain's upload rules so a file the server
// would refuse is refused at once; and dropping blobs once no outbox entry needs them.

import type { PurchasingDb } from '../../data/db';
import { dropUnneeded, putFile } from '../../data/files';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  type FileLike,
  validateFileSize,
} from '../../domain/files/uploads';
import { validateLineAttachment } from '../../domain/purchase/validation';
import { filesOf, type OutboxEntry } from '../core/mutations';
import type { FileRef } from '../core/mutations/spec';
import { loadOutbox } from '../outbox';
import { shrinkPhoto } from './photos';
import { storageFault } from './storage';

/** What the app hands over for one attachment (a `File` is a Blob with a name and a type). */
export interface FileInput {
  blob: Blob;
  name: string;
  contentType: string;
  /** What it is attached to: a product line or a chat message. */
  documentType: DocumentType;
  /** Send a photo as chosen (原图), not shrunk (photos.ts). */
  keepOriginal?: boolean;
}

/** Stored: the reference to put in the mutation; refused: the message to show, nothing stored. */
export type StoreFileResult = { ok: true; file: FileRef } | { ok: false; message: string };

/** A stored file no entry ever named (a form left unsaved) is dropped after this long. */
export const UNUSED_FILE_MS = 24 * 3600_000;

/**
 * The domain's rules for the attachment's purpose. The per-line count of product attachments is
 * the form's check (it knows the line); here only type and size, which the blob alone decides.
 */
function refusal(file: FileLike, documentType: DocumentType): string | null {
  return documentType === DOCUMENT_TYPES.PRODUCT_ATTACHMENT
    ? validateLineAttachment(file, 0)
    : validateFileSize(file);
}

export async function storeFile(
  db: PurchasingDb,
  args: { companyId: number; userSub: string; now: number; file: FileInput },
): Promise<StoreFileResult> {
  const { name, contentType, documentType } = args.file;
  // Shrunk first: a photo over the size limit as chosen may well be under it shrunk.
  const shrunk = args.file.keepOriginal ? null : await shrinkPhoto(args.file.blob, contentType);
  const blob = shrunk ?? args.file.blob;
  const refused = refusal({ name, size: blob.size, type: contentType }, documentType);
  if (refused !== null) return { ok: false, message: refused };
  const id = globalThis.crypto.randomUUID();
  try {
    await putFile(db, {
      id,
      userSub: args.userSub,
      companyId: args.companyId,
      documentType,
      blob,
      name,
      contentType,
      size: blob.size,
      uploaded: null,
      createdAt: args.now,
    });
  } catch (error) {
    // Quota, above all: the user must learn now that the attachment was not kept.
    const fault = storageFault(error);
    if (!fault) throw error;
    return { ok: false, message: fault.message };
  }
  return {
    ok: true,
    file: { clientFileId: id, objectName: null, name, contentType, size: blob.size },
  };
}

/** Client file ids the entries name. */
export function fileIdsOf(entries: readonly OutboxEntry[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) {
    for (const ref of filesOf(entry)) if (ref.clientFileId !== null) ids.add(ref.clientFileId);
  }
  return ids;
}

/** Entries that may still be sent and so still need their blobs (a refused one may be retried). */
const mayBeSent = (entry: OutboxEntry) => entry.status !== 'applied';

/**
 * Drops the blobs no entry still to be sent names: uploaded ones (their entries went), those of
 * `released` (files of discarded entries), and unused files past their age. Nothing is dropped
 * while an entry this app cannot read is stored: it may name any of them.
 */
export function releaseFiles(
  db: PurchasingDb,
  now: number,
  released: ReadonlySet<string> = new Set(),
): Promise<void> {
  return db.transaction('rw', db.outbox, db.files, async () => {
    const outbox = await loadOutbox(db);
    if (outbox.unreadable.length > 0) return;
    await dropUnneeded(db, {
      needed: fileIdsOf(outbox.entries.filter(mayBeSent)),
      released,
      expireBefore: now - UNUSED_FILE_MS,
    });
  });
}
