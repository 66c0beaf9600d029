// The outbox the engine writes (DESIGN §4 "Outbox") and the blobs waiting for upload. Local-only
// tables use camelCase; synced rows keep the wire's snake_case. The entry's shape is the engine's
// (src/sync/core); the data layer stores it opaquely.
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
