// The sync context for this folder's hooks (useSyncStatus, useSyncApi, useLocalDb).
import { useContext } from 'react';
import { SyncContext, type SyncContextValue } from './SyncContext';

export function useSyncContext(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('sync hooks need SyncProvider (the signed-in layout, src/routes)');
  return value;
}
