/// <reference lib="webworker" />
// Background Sync's events (WICG Background Sync and Periodic Background Sync), which the
// WebWorker lib does not declare: only Chromium fires them.

export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  /** The browser's last try for this registration: a rejection no longer brings another. */
  readonly lastChance: boolean;
}

export interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
    periodicsync: PeriodicSyncEvent;
  }
}
