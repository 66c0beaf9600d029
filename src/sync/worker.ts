// The sync Web Worker's entry: one SyncSession per tab, wired to the worker's
// own facilities (Web Locks, BroadcastChannel, fetch, WebSocket, the `online` event) and exposed
// to the tab's main thread with comlink as the typed SyncApi.
import { expose } from 'comlink';
import { deleteUserDatabase, openUserDatabase } from '../data/db';
import type { SyncApi } from './api';
import { systemClock } from './ports';
import { createSyncSession } from './session';
import { xhrUpload } from './xhrUpload';

const session = createSyncSession({
  tabId: crypto.randomUUID(),
  locks: navigator.locks,
  openChannel: (name) => new BroadcastChannel(name),
  openDb: (userId, onOutdated) => openUserDatabase(userId, { onOutdated }),
  deleteDb: (userId) => deleteUserDatabase(userId),
  fetch: (url, init) => fetch(url, init),
  upload: xhrUpload,
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

/** An `on…` method whose unsubscribe is kept, to be called when the session stops. */
const kept =
  <T>(subscribe: (callback: T) => () => void) =>
  (callback: T): void => {
    subscriptions.push(subscribe(callback));
  };

// Every method of the session as it is (the engine's commands included), but for the two that
// end it and the subscriptions; `isLeader` stays in the worker.
const { isLeader: _isLeader, ...calls } = session;

const api = {
  ...calls,
  async stop() {
    unsubscribeAll();
    await session.stop();
  },
  async signOut(options) {
    const result = await session.signOut(options);
    if (result.signedOut) unsubscribeAll();
    return result;
  },
  onStatus: kept(session.onStatus),
  onRenewToken: kept(session.onRenewToken),
  onOutdated: kept(session.onOutdated),
  onSignedOut: kept(session.onSignedOut),
  onLive: kept(session.onLive),
} satisfies SyncApi;

expose(api);
