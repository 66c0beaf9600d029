// The sync context for this folder's hooks (useSyncStatus, useSyncApi, useLocalDb, ...).
import { useContext, useSyncExternalStore } from 'react';
import { SyncContext, type SyncContextValue } from './SyncContext';
import type { SyncSnapshot } from './syncConnection';

export function useSyncContext(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('sync hooks need SyncProvider (the signed-in layout, src/routes)');
  return value;
}

/**
 * One field of the connection's snapshot: the caller re-renders when that field changes, not when
 * another one does (the connection replaces only the fields that changed).
 */
export function useSnapshotField<K extends keyof SyncSnapshot>(field: K): SyncSnapshot[K] {
  const { connection } = useSyncContext();
  return useSyncExternalStore(connection.subscribe, () => connection.getSnapshot()[field]);
}
