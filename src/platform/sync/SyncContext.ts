// The tab's sync connection and its open database, provided by SyncProvider. Both change only at
// sign-in and sign-out, so screens that read local data do not re-render on every status or
// counter tick; the changing parts of the snapshot are read field by field (useSnapshotField).
import { createContext } from 'react';
import type { PurchasingDb } from '../../data/db';
import type { SyncConnection } from './syncConnection';

export interface SyncContextValue {
  connection: SyncConnection;
  db: PurchasingDb;
}

export const SyncContext = createContext<SyncContextValue | null>(null);
