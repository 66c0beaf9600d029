// The sync Web Worker's entry (issue 4 item 2): one SyncSession per tab, wired to the worker's
// own facilities (Web Locks, BroadcastChannel, fetch, WebSocket, the `online` event) and exposed
// to the tab's main thread with comlink as the typed SyncApi.
import { expose } from 'comlink';
import { deleteUserDatabase, openUserDatabase } from '../data/db';
import type { SyncApi } from './api';
import { systemClock } from './ports';
import { createSyncSession } from './session';

const session = createSyncSession({
  tabId: crypto.randomUUID(),
  locks: navigator.locks,
  openChannel: (name) => new BroadcastChannel(name),
  openDb: (userId, onOutdated) => openUserDatabase(userId, { onOutdated }),
  deleteDb: (userId) => deleteUserDatabase(userId),
  fetch: (url, init) => fetch(url, init),
  storage: navigator.storage,
  WebSocket,
  random: Math.random,
  ...systemClock,
  onOnline: (callback) => {
    self.addEventListener('online', callback);
    return () => self.removeEventListener('online', callback);
  },
});

/** Subscriptions the main thread made; dropped when the session stops. */
const subscriptions: Array<() => void> = [];

const unsubscribeAll = () => {
  for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
};

const api = {
  start: (info) => session.start(info),
  async stop() {
    unsubscribeAll();
    await session.stop();
  },
  setToken: (token) => session.setToken(token),
  pullNow: (companyId) => session.pullNow(companyId),
  enqueue: (companyId, mutation) => session.enqueue(companyId, mutation),
  temporaryId: () => session.temporaryId(),
  storeFile: (companyId, file) => session.storeFile(companyId, file),
  retry: (entryId, options) => session.retry(entryId, options),
  discard: (entryId) => session.discard(entryId),
  status: () => session.status(),
  async signOut(options) {
    const result = await session.signOut(options);
    if (result.signedOut) unsubscribeAll();
    return result;
  },
  onStatus(callback) {
    subscriptions.push(session.onStatus(callback));
  },
  onRenewToken(callback) {
    subscriptions.push(session.onRenewToken(callback));
  },
  onOutdated(callback) {
    subscriptions.push(session.onOutdated(callback));
  },
  onSignedOut(callback) {
    subscriptions.push(session.onSignedOut(callback));
  },
  onLive(callback) {
    subscriptions.push(session.onLive(callback));
  },
  liveCounters: () => session.liveCounters(),
  watchTopics: (topics) => session.watchTopics(topics),
  unwatchTopics: (id) => session.unwatchTopics(id),
} satisfies SyncApi;

expose(api);
