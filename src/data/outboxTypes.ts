// The outbox the engine writes (DESIGN §4 "Outbox") and the blobs waiting for upload. Local-only
// tables use camelCase; synced rows keep the wire's snake_case. The engine slice finalizes the
// entry; what is here is the minimum the design names.
import type { SyncTable } from './feedRows';

export type OutboxState = 'pending' | 'sending' | 'failed';

/** Why the server refused an entry (a 4xx), kept for the user to retry or discard. */
export interface OutboxError {
  status: number;
  code: string;
  /** The server's `error_message`, shown to the user as it is. */
  message: string;
  /** On a 409 VERSION_CONFLICT: the server's current row, shown beside the local change. */
  currentRow?: unknown;
}

export interface OutboxEntry {
  /**
   * `<client id>:<sequence, zero-padded>`: unique per device and user, sent as Idempotency-Key
   * (the server accepts `^[\w.:-]{1,200}$`), and its text order is the order of enqueueing.
   */
  id: string;
  /** The token subject (`sub`) of the user who wrote it: it is only ever sent under that user. */
  userSub: string;
  /** The company the mutation is sent under (`currentCompanyId`). */
  companyId: number;
  /** Mutation type, e.g. `sheet.saveDraft`; with its own version so old entries still replay. */
  type: string;
  typeVersion: number;
  /** The row it touches: entries of one entity are sent in order, others independently. */
  entity: { table: SyncTable; id: number };
  /** JSON-serializable arguments of the mutation. */
  payload: unknown;
  /** Client file ids (the `files` table) uploaded before this entry is sent. */
  fileIds: string[];
  state: OutboxState;
  attempts: number;
  /** Epoch ms before which a retry is not sent. */
  nextAttemptAt: number;
  error: OutboxError | null;
  /** Epoch ms. */
  createdAt: number;
}

/** An attachment held on the device until it is uploaded (DESIGN §4 "attachments held as blobs"). */
export interface PendingFile {
  /** Client file id, referenced by outbox entries. */
  id: string;
  userSub: string;
  companyId: number;
  blob: Blob;
  name: string;
  contentType: string;
  size: number;
  /** The server's object name once uploaded; null while waiting. */
  objectName: string | null;
  createdAt: number;
}
