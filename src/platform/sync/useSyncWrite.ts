// Feature hooks send every change through this (enqueue, storeFile, retry, discard): the
// connection remembers it until the worker answered, so an app update reloads only after the
// change is safely in the outbox (SyncConnection.write).
import { useAppServices } from '../AppServicesContext';
import type { SyncConnection } from './syncConnection';

export function useSyncWrite(): SyncConnection['write'] {
  const { sync } = useAppServices();
  return (run) => sync.write(run);
}
