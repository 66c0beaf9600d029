// The sync context for this folder's hooks (useSyncStatus, useSyncApi, useLocalDb, ...).
import { useContext, useSyncExternalStore } from 'react';
import { SyncContext, type SyncContextValue } from './SyncContext';
import type { SyncConnection, SyncSnapshot } from './syncConnection';

export function useSyncContext(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('sync hooks need SyncProvider (the signed-in layout, src/routes)');
  return value;
}

/**
 * One field of the connection's snapshot: the caller re-renders when that field changes, not when
 * another one does (the connection replaces only the fields that changed).
 */
export function useConnectionField<K extends keyof SyncSnapshot>(
  connection: SyncConnection,
  field: K,
): SyncSnapshot[K] {
  return useSyncExternalStore(connection.subscribe, () => connection.getSnapshot()[field]);
}

/** One field of the snapshot of the context's connection (useConnectionField). */
export function useSnapshotField<K extends keyof SyncSnapshot>(field: K): SyncSnapshot[K] {
  return useConnectionField(useSyncContext().connection, field);
}
