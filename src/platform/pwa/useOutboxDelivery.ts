// Whether the outbox is sent while the app is closed here (backgroundSync.ts), for the
// pending-changes view's notice.
import { useSyncExternalStore } from 'react';
import { backgroundDelivery, type OutboxDelivery } from './backgroundSync';

export function useOutboxDelivery(): OutboxDelivery {
  return useSyncExternalStore(backgroundDelivery.subscribe, backgroundDelivery.getSnapshot);
}
