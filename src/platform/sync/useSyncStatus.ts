// The sync engine's status (src/sync/engine/status.ts) as live data: null until the worker has
// sent its first one.
import type { SyncStatus } from '../../sync/engine/status';
import { useSnapshotField } from './useSyncContext';

export function useSyncStatus(): SyncStatus | null {
  return useSnapshotField('status');
}
