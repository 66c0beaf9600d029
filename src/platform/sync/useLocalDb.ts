// The signed-in user's local database on the main thread, for feature hooks' live queries
// (dexie-react-hooks). Open for as long as the signed-in layout is shown; closed at sign-out.
import type { PurchasingDb } from '../../data/db';
import { useSyncContext } from './useSyncContext';

export function useLocalDb(): PurchasingDb {
  return useSyncContext().db;
}
