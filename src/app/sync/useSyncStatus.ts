// The sync engine's status (src/sync/engine/status.ts) as live data: null until the worker has
// sent its first one.
import type { SyncStatus } from '../../sync/engine/status';
import { useSyncContext } from './useSyncContext';

export function useSyncStatus(): SyncStatus | null {
  return useSyncContext().snapshot.status;
}
