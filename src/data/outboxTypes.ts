// The outbox the engine writes (DESIGN §4 "Outbox") and the blobs waiting for upload. Local-only
// tables use camelCase; synced rows keep the wire's snake_case. The entry's shape is the engine's
// (src/sync/core); the data layer stores it opaquely.
import type { DocumentType } from '../domain/files/uploads';

/**
 * An outbox entry as stored. Its full shape (bookkeeping, mutation type and payload, rollback
 * rows) belongs to src/sync/core (`OutboxEntry` in mutations.ts, written by `createEntry`, read
 * back and validated by `readEntry` in storedEntry.ts): the data layer only keys it by `id` and
 * never interprets the rest, so the engine can evolve it with versioned mutation types.
 */
export interface StoredOutboxEntry {
  /** `<client id>:<sequence>`: unique per device and user, sent as Idempotency-Key. */
  id: string;
  /** Enqueue order across the whole outbox. */
  seq: number;
}

/** The server's answer to an upload (`POST /api/v7/files`), as entries send it. */
export interface FileUploadAnswer {
  objectName: string;
  url: string;
  /** The name and type the server stored (it cleans the name and sniffs the type). */
  name: string;
  contentType: string;
  size: number;
}

/**
 * An attachment held on the device until it is uploaded (DESIGN §4 "attachments held as blobs").
 * Not indexed: these fields are read, never queried, so they need no schema version.
 */
export interface PendingFile {
  /** Client file id, referenced by outbox entries (`FileRef.clientFileId`). */
  id: string;
  userSub: string;
  companyId: number;
  /** The upload's `documentType` (src/domain/files/uploads.ts DOCUMENT_TYPES). */
  documentType: DocumentType;
  /** The bytes; null once no outbox entry needs them (uploaded and sent, or discarded). */
  blob: Blob | null;
  name: string;
  contentType: string;
  size: number;
  /**
   * The upload's answer, kept after the blob is dropped: an entry written later that still names
   * this client file id (a form saved twice) is sent with the same object name, never re-uploaded.
   */
  uploaded: FileUploadAnswer | null;
  createdAt: number;
}
