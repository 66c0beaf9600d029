// What the header shows of the sync engine's status for the company the user works in: one tone
// and label, a progress bar during a first sync, the last synced time, the pending count, and the
// warnings worth a look (failures, an old pending change, a paused session). Pure, so the wording
// rules are tested without a browser.

import type { EntryStateKey } from '../../domain/messages/sync';
import { SYNC_LABELS, syncWarnings, waitedFor } from '../../domain/messages/sync';
import type { OutboxDelivery } from '../../platform/pwa/backgroundSync';
import type { SyncStatus } from '../../sync/engine/status';

/** A change still unsent after this long gets a warning (a field trip without network is normal). */
export const OLD_PENDING_MS = 30 * 60_000;
/** Storage this full gets a warning: the next writes may fail with a quota error. */
export const STORAGE_FULL_RATIO = 0.9;
/** Below this many estimated rows a first sync is quick enough to show without a bar. */
const PROGRESS_MIN_ROWS = 200;

export type SyncTone = 'offline' | 'syncing' | 'synced' | 'attention' | 'paused' | 'connecting';

export interface SyncProgress {
  done: number;
  total: number;
  percent: number;
  label: string;
}

export interface SyncSummary {
  tone: SyncTone;
  label: string;
  progress: SyncProgress | null;
  lastSyncedAt: number | null;
  pending: number;
  failed: number;
  warnings: string[];
}

const grouped = (n: number) => n.toLocaleString('zh-CN');

function progressOf(status: SyncStatus, companyId: number | null): SyncProgress | null {
  const company = status.companies.find((c) => c.companyId === companyId);
  if (!company?.syncing || company.lastSyncedAt !== null || company.total === null) return null;
  if (company.total < PROGRESS_MIN_ROWS) return null;
  const total = Math.max(company.total, company.done);
  const percent = Math.min(100, Math.floor((company.done / total) * 100));
  return {
    done: company.done,
    total,
    percent,
    label: syncWarnings.progress(grouped(company.done), grouped(total), percent),
  };
}

/** Before the worker's first status: nothing is known yet. */
export const UNKNOWN_STATUS: SyncStatus = {
  online: null,
  pausedForAuth: false,
  companies: [],
  pending: 0,
  oldestPendingAgeMs: null,
  failed: [],
  unreadable: [],
  waitingForUploads: 0,
  storage: null,
  storageError: null,
  uploads: {},
};

/** The summary for `companyId` (null before the session knows its company). */
export function summarizeSync(status: SyncStatus, companyId: number | null): SyncSummary {
  const company = status.companies.find((c) => c.companyId === companyId) ?? null;
  const warnings: string[] = [];
  if (status.pausedForAuth) warnings.push(syncWarnings.pausedForAuth);
  if (status.failed.length > 0) warnings.push(syncWarnings.failed(status.failed.length));
  if (status.unreadable.length > 0)
    warnings.push(syncWarnings.unreadable(status.unreadable.length));
  if (status.oldestPendingAgeMs !== null && status.oldestPendingAgeMs >= OLD_PENDING_MS) {
    warnings.push(syncWarnings.oldPending(waitedFor(status.oldestPendingAgeMs)));
  }
  if (company?.error) warnings.push(syncWarnings.companyError(company.error));
  if (status.storageError) warnings.push(status.storageError.message);
  const use = status.storage;
  if (use && use.quota > 0 && use.usage / use.quota >= STORAGE_FULL_RATIO) {
    warnings.push(syncWarnings.storageFull(Math.round((use.usage / use.quota) * 100)));
  }

  const summary = (tone: SyncTone, label: string): SyncSummary => ({
    tone,
    label,
    progress: progressOf(status, companyId),
    lastSyncedAt: company?.lastSyncedAt ?? null,
    pending: status.pending,
    failed: status.failed.length,
    warnings,
  });

  if (status.pausedForAuth) return summary('paused', SYNC_LABELS.PAUSED_FOR_AUTH);
  if (status.online === false) return summary('offline', SYNC_LABELS.OFFLINE);
  if (
    status.failed.length > 0 ||
    status.unreadable.length > 0 ||
    company?.error ||
    status.storageError
  ) {
    return summary('attention', SYNC_LABELS.ATTENTION);
  }
  if (company?.syncing || status.pending > 0) return summary('syncing', SYNC_LABELS.SYNCING);
  if (status.online === null) return summary('connecting', SYNC_LABELS.CONNECTING);
  if (company?.lastSyncedAt == null) return summary('connecting', SYNC_LABELS.NEVER_SYNCED);
  return summary('synced', SYNC_LABELS.SYNCED);
}

/** Entry states a later attempt still sends (failed and conflicting ones wait for the user). */
const SENT_LATER: ReadonlySet<EntryStateKey> = new Set([
  'waiting',
  'retrying',
  'sending',
  'waiting-files',
]);

const DELIVERY_NOTICES: Record<OutboxDelivery, string | null> = {
  background: null,
  'next-open': SYNC_LABELS.NO_BACKGROUND_SYNC,
  refused: SYNC_LABELS.BACKGROUND_SYNC_REFUSED,
};

/**
 * The pending-changes view's word on closing the app: only when changes still wait to be sent
 * and this browser will not send them while the app is closed.
 */
export function deliveryNotice(
  delivery: OutboxDelivery,
  entries: readonly { state: EntryStateKey }[],
): string | null {
  return entries.some((entry) => SENT_LATER.has(entry.state)) ? DELIVERY_NOTICES[delivery] : null;
}
