// The header's sync corner: the status indicator for the current company and
// the pending-changes view it opens, wired to the session, the local database and the worker.
// Retry and discard go through the connection's `write`, so an app update waits for them; the
// notices of uploads that ended (useUploadNotices) are raised here, once per tab.
import { useState } from 'react';
import { useAppServices } from '../../platform/AppServicesContext';
import { useOutboxDelivery } from '../../platform/pwa/useOutboxDelivery';
import { useSession } from '../../platform/session/useSession';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import { useSyncStatus } from '../../platform/sync/useSyncStatus';
import { PendingChanges } from './PendingChanges';
import { SyncStatusButton } from './SyncStatusButton';
import { deliveryNotice, summarizeSync, UNKNOWN_STATUS } from './summary';
import { useOutboxViews } from './useOutboxViews';
import { useUploadNotices } from './useUploadNotices';

export function SyncCenter() {
  const { sync } = useAppServices();
  const { account, currentCompany } = useSession();
  const db = useLocalDb();
  const status = useSyncStatus() ?? UNKNOWN_STATUS;
  const views = useOutboxViews(db, account.sub);
  const delivery = useOutboxDelivery();
  useUploadNotices(db, account.sub);
  const [pendingOpen, setPendingOpen] = useState(false);
  return (
    <>
      <SyncStatusButton
        summary={summarizeSync(status, currentCompany.id)}
        timeZone={account.timezone}
        onSyncNow={() => void sync.api().pullNow()}
        onShowPending={() => setPendingOpen(true)}
      />
      <PendingChanges
        opened={pendingOpen}
        onClose={() => setPendingOpen(false)}
        entries={views?.entries ?? []}
        unreadable={views?.unreadable ?? 0}
        deliveryNotice={deliveryNotice(delivery, views?.entries ?? [])}
        timeZone={account.timezone}
        uploads={status.uploads}
        onRetry={(id, overwrite) => sync.write((api) => api.retry(id, { overwrite }))}
        onDiscard={(id) => sync.write((api) => api.discard(id))}
      />
    </>
  );
}
