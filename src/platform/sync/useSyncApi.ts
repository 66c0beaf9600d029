// The sync worker's typed API (src/sync/api.ts) for feature hooks: enqueue, retry, discard,
// pullNow ... Callbacks passed to its `on…` methods must be wrapped in comlink's `proxy`.
import type { Remote } from 'comlink';
import type { SyncApi } from '../../sync/api';
import { useSyncContext } from './useSyncContext';

export function useSyncApi(): Remote<SyncApi> {
  return useSyncContext().connection.api();
}
