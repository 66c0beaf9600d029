// The tab's sync connection and its latest snapshot, provided by SyncProvider.
import { createContext } from 'react';
import type { SyncConnection, SyncSnapshot } from './syncConnection';

export interface SyncContextValue {
  connection: SyncConnection;
  snapshot: SyncSnapshot;
}

export const SyncContext = createContext<SyncContextValue | null>(null);
