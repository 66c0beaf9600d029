// The engine's status as the app shows it: network as last observed, per-company
// sync progress and last synced time, the outbox's pending count and oldest age, failed entries
// with the server's messages, and whether pushing waits for a new session; entries waiting for
// their attachments' upload; storage use and the current storage fault (item 7). Built from what
// the engine last read of the database plus its in-memory observations; listeners get a fresh
// object per change.
import type { EntryFailure } from '../core/types';
import type { OutboxSnapshot } from '../outbox';
import type { StorageFault, StorageUse } from './storage';

export interface CompanyStatus {
  companyId: number;
  /** A pull of this company is running. */
  syncing: boolean;
  /** Rows written by the running (or last) pull. */
  done: number;
  /** Estimated rows of that pull: done + the feed's `remaining`; null before the first page. */
  total: number | null;
  lastSyncedAt: number | null;
  /** The last pull's failure (not offline), shown as is; null when it went well. */
  error: string | null;
  /**
   * The server answered 403 NOT_A_MEMBER: the account left this company, whose data is gone
   * from this device; the session drops the company (security review M5).
   */
  left?: boolean;
}

export interface FailedEntry {
  id: string;
  type: string;
  companyId: number;
  entity: string;
  failure: EntryFailure;
}

export interface SyncStatus {
  /** As last observed by a request; null before the first one. */
  online: boolean | null;
  /** A 401 was answered: pushing and pulling wait for `resume()` after a new sign-in. */
  pausedForAuth: boolean;
  companies: CompanyStatus[];
  /** Entries not yet answered 2xx (pending or in flight). */
  pending: number;
  /** Age in ms of the oldest of them; null when none. */
  oldestPendingAgeMs: number | null;
  failed: FailedEntry[];
  /** Entries a newer app wrote (or damaged ones): kept, never sent, their entity blocked. */
  unreadable: Array<{ id: string | null; reason: string }>;
  /** Entries ready to go once their attachments are uploaded (included in `pending`). */
  waitingForUploads: number;
  /** The device's storage: usage and quota in bytes; null where the browser cannot tell. */
  storage: StorageUse | null;
  /** The last local database fault, until a later write succeeds; null when all is well. */
  storageError: StorageFault | null;
  /** Uploads under way, by client file id: bytes sent of the request's size. */
  uploads: Record<string, { sent: number; total: number }>;
}

export interface Observed {
  online: boolean | null;
  pausedForAuth: boolean;
  companies: Map<number, Omit<CompanyStatus, 'lastSyncedAt' | 'companyId'>>;
  storage: StorageUse | null;
  storageError: StorageFault | null;
  uploads: Map<string, { sent: number; total: number }>;
}

/** What the engine last read of the database for the status. */
export interface LocalView {
  outbox: OutboxSnapshot;
  lastSynced: ReadonlyMap<number, number | null>;
  waitingForUploads: number;
}

export const EMPTY_VIEW: LocalView = {
  outbox: { entries: [], unreadable: [], blocked: new Map() },
  lastSynced: new Map(),
  waitingForUploads: 0,
};

export function buildStatus(local: LocalView, observed: Observed, now: number): SyncStatus {
  const { outbox, lastSynced } = local;
  const waiting = outbox.entries.filter((e) => e.status === 'pending' || e.status === 'sending');
  const oldest = waiting.reduce<number | null>(
    (min, e) => (min === null || e.createdAt < min ? e.createdAt : min),
    null,
  );
  const failed: FailedEntry[] = [];
  for (const entry of outbox.entries) {
    if (entry.status !== 'failed' || entry.failure === null) continue;
    const { id, type, companyId, entity, failure } = entry;
    failed.push({ id, type, companyId, entity, failure });
  }
  return {
    online: observed.online,
    pausedForAuth: observed.pausedForAuth,
    companies: [...observed.companies].map(([companyId, company]) => ({
      companyId,
      ...company,
      lastSyncedAt: lastSynced.get(companyId) ?? null,
    })),
    pending: waiting.length,
    oldestPendingAgeMs: oldest === null ? null : Math.max(0, now - oldest),
    failed,
    unreadable: outbox.unreadable.map(({ id, reason }) => ({ id, reason })),
    waitingForUploads: local.waitingForUploads,
    storage: observed.storage,
    storageError: observed.storageError,
    uploads: Object.fromEntries(observed.uploads),
  };
}
