// The sync Web Worker's entry (issue 4 item 2): one SyncSession per tab, wired to the worker's
// own facilities (Web Locks, BroadcastChannel, fetch, WebSocket, the `online` event) and exposed
// to the tab's main thread with comlink as the typed SyncApi.
import { expose } from 'comlink';
import { openUserDatabase } from '../data/db';
import type { SyncApi } from './api';
import { createSyncSession } from './session';

const session = createSyncSession({
  tabId: crypto.randomUUID(),
  locks: navigator.locks,
  openChannel: (name) => new BroadcastChannel(name),
  openDb: (userId) => openUserDatabase(userId),
  fetch: (url, init) => fetch(url, init),
  WebSocket,
  random: Math.random,
  now: Date.now,
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  onOnline: (callback) => {
    self.addEventListener('online', callback);
    return () => self.removeEventListener('online', callback);
  },
});

/** Subscriptions the main thread made; dropped when the session stops. */
const subscriptions: Array<() => void> = [];

const api = {
  start: (info) => session.start(info),
  async stop() {
    for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
    await session.stop();
  },
  setToken: (token) => session.setToken(token),
  pullNow: (companyId) => session.pullNow(companyId),
  enqueue: (companyId, mutation) => session.enqueue(companyId, mutation),
  temporaryId: () => session.temporaryId(),
  retry: (entryId, options) => session.retry(entryId, options),
  discard: (entryId) => session.discard(entryId),
  status: () => session.status(),
  onStatus(callback) {
    subscriptions.push(session.onStatus(callback));
  },
  onRenewToken(callback) {
    subscriptions.push(session.onRenewToken(callback));
  },
} satisfies SyncApi;

expose(api);
