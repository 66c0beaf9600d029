// The vocabulary the pure outbox/pull logic shares: local rows addressed by table and id, the
// temporary-id map, uploaded files, the HTTP request an entry becomes, and an entry's bookkeeping.
// No Dexie, no fetch, no timers here: the engine reads and writes, these modules decide.

import { isRecord } from '../../domain/guards';

/** The client tables an offline mutation touches or references. */
export type SyncTable = 'sheets' | 'orders' | 'todos' | 'brands';

/**
 * A synced row as the feed delivers it (docs/api.md §3), plus local-only fields such as
 * `PENDING_FIELD`. Fields stay `unknown`: the effects read them defensively.
 */
export type Row = {
  readonly id: number;
  readonly version: number;
  readonly [field: string]: unknown;
};

/** `sheets:12`, `todos:-4`: one row of one table. */
export type RowKey = `${SyncTable}:${number}`;

/** Rows by key; `null` = known to be absent (deleted on the server, or not created yet). */
export type RowMap = ReadonlyMap<RowKey, Row | null>;

/**
 * Set on a row an optimistic effect touched, so a screen can mark it "waiting to sync" (a
 * message in its thread, a draft created offline). Server rows never carry it, so a pulled row
 * that replaces the optimistic one clears it.
 */
export const PENDING_FIELD = '_pending';

/** Temporary (negative) id → the server's id. One sequence of temporary ids per user, all tables. */
export type IdMap = ReadonlyMap<number, number>;

/** A blob of the `files` table after its upload (`POST /api/v7/files` answer). */
export interface UploadedFile {
  object_name: string;
  url: string;
  name: string;
  content_type: string;
  size: number;
}

/** Client file id (the `files` table key) → its upload. */
export type UploadedFiles = ReadonlyMap<string, UploadedFile>;

export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the engine hands to `fetch`: exactly the call of docs/api.md. */
export interface OutboxRequest {
  method: HttpMethod;
  path: string;
  query: Readonly<Record<string, string>>;
  /** JSON body; undefined = no body (the to-do state calls carry everything in the query). */
  body: unknown;
  headers: { 'Idempotency-Key': string; 'If-Match'?: string };
}

/** The ordering key: entries of one entity are sent one after another, in enqueue order. */
export interface EntityRef {
  table: SyncTable | 'threads';
  id: number | string;
}

export type EntryStatus = 'pending' | 'sending' | 'applied' | 'failed';

/** Why an entry was refused, kept for the user (retry / discard) until they decide. */
export interface EntryFailure {
  status: number;
  code: string;
  message: string;
  /** 409 VERSION_CONFLICT: the server's current row, shown beside the local change. */
  serverRow: Row | null;
}

/** The bookkeeping every outbox entry carries, whatever its mutation. */
export interface EntryMeta {
  /** Stable id: `${clientId}:${n}`, n from the entry counter (equals `seq` unless a follower tab drew it). */
  id: string;
  /** Enqueue order across the whole outbox. */
  seq: number;
  /** Sent as `Idempotency-Key`: the id, or `${id}.r${n}` after the user retried a refusal. */
  key: string;
  /** The signed-in subject that wrote it; never sent under another user. */
  userSub: string;
  /** `currentCompanyId` of the request: the company the user acted in. */
  companyId: number;
  /** Ordering key as text (`sheets:12`), kept for entries a later app cannot read. */
  entity: string;
  status: EntryStatus;
  /** Sends that ended in `retry`. */
  attempts: number;
  /** Not sent before this time (epoch ms). */
  nextAttemptAt: number;
  createdAt: number;
  /**
   * When the current `key` was first used (epoch ms); absent = `createdAt`. Past the send window
   * (src/domain/sync/retention.ts) the server may have forgotten the key, so it is not sent.
   */
  keySince?: number;
  /** Why the last attempt must be repeated (shown while it waits); null after success. */
  lastError: string | null;
  failure: EntryFailure | null;
  /** Set once the server answered 2xx: the row version it answered (null if none). */
  applied: { version: number | null; id: number | null; at: number } | null;
  /** Manual retries of a refusal (each one a new Idempotency-Key). */
  retries: number;
  /**
   * The rows this entry's effect touched, as they were just before it (server row plus the
   * effects of earlier entries). Refreshed by every rebase; a rollback starts from here.
   */
  before: Readonly<Partial<Record<RowKey, Row | null>>>;
}

export function rowKey(table: SyncTable, id: number): RowKey {
  return `${table}:${id}`;
}

export const SYNC_TABLES: readonly SyncTable[] = ['sheets', 'orders', 'todos', 'brands'];

const isSyncTable = (name: string): name is SyncTable =>
  (SYNC_TABLES as readonly string[]).includes(name);

export function parseRowKey(key: RowKey): { table: SyncTable; id: number } {
  const at = key.indexOf(':');
  const table = key.slice(0, at);
  if (!isSyncTable(table)) throw new Error(`not a row key: ${key}`);
  return { table, id: Number(key.slice(at + 1)) };
}

const ROW_KEY = /^(sheets|orders|todos|brands):-?\d+$/;
export const isRowKey = (key: string): key is RowKey => ROW_KEY.test(key);

/** The rows an entry kept for rollback, as typed pairs. */
export function beforeRows(before: EntryMeta['before']): Array<[RowKey, Row | null]> {
  const pairs: Array<[RowKey, Row | null]> = [];
  for (const [key, row] of Object.entries(before)) {
    if (isRowKey(key) && row !== undefined) pairs.push([key, row]);
  }
  return pairs;
}

export function entityKey(ref: EntityRef): string {
  return `${ref.table}:${ref.id}`;
}

/** A value read back as a row: an object with integer `id` and `version`. */
export function asRow(value: unknown): Row | null {
  if (!isRecord(value)) return null;
  const { id, version } = value;
  if (typeof id !== 'number' || !Number.isInteger(id)) return null;
  if (typeof version !== 'number' || !Number.isInteger(version)) return null;
  return { ...value, id, version };
}

export const isTemporaryId = (id: number): boolean => id < 0;
