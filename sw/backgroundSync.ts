/// <reference lib="webworker" />
// Delivery while the app is closed (issue 20 item 3): on the outbox's one-off sync the service
// worker sends what the tabs left, on the periodic one it sends and pulls. Whose outbox and where
// come from the target the page stored at sign-in (none: signed out, nothing to do); the token
// from the stored user, renewed under the renew lock. The engine is src/sync/background.ts.
import { AuthDb } from '../src/auth/authDb';
import { readBackgroundTarget } from '../src/auth/backgroundTarget';
import { IdbStateStore } from '../src/auth/idbStateStore';
import { renewLock } from '../src/auth/renewLock';
import { managerSettings } from '../src/auth/settings';
import { storedToken } from '../src/auth/storedToken';
import { OUTBOX_SYNC_TAG, REFRESH_SYNC_TAG } from '../src/contract/serviceWorkerSync';
import { type BackgroundPorts, deliverInBackground } from '../src/sync/background';
import { systemClock } from '../src/sync/ports';
import './syncEvents';
import { UserManager } from 'oidc-client-ts';

declare const self: ServiceWorkerGlobalScope;

function ports(): BackgroundPorts {
  return {
    ...systemClock,
    locks: navigator.locks,
    openChannel: (name) => new BroadcastChannel(name),
    fetch: (input, init) => self.fetch(input, init),
    random: Math.random,
    indexedDB: self.indexedDB,
    IDBKeyRange,
  };
}

/** How many entries still wait after the run (0 when there was nothing to do or a tab sends). */
async function runInBackground(pull: boolean): Promise<number> {
  const db = new AuthDb();
  try {
    const target = await readBackgroundTarget(db);
    if (!target) return 0;
    const manager = new UserManager(
      managerSettings(target.auth, self.location.origin, new IdbStateStore(db)),
    );
    // Read (and renewed) before the first send, under the sync lock: lock order sync, then renew.
    const token = storedToken(manager, target.userSub, {
      exclusive: renewLock(),
      now: () => Date.now(),
    });
    const run = await deliverInBackground(ports(), target, () => token.token(), {
      pull,
      renew: () => token.renew(),
    });
    return 'report' in run && run.outcome === 'delivered' ? run.report.left : 0;
  } finally {
    db.close();
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    runInBackground(false).then((left) => {
      // Still waiting (a 5xx, offline again): a rejection makes the browser fire it again later.
      if (left > 0 && !event.lastChance) throw new Error('outbox not delivered yet');
    }),
  );
});

self.addEventListener('periodicsync', (event) => {
  if (event.tag === REFRESH_SYNC_TAG) event.waitUntil(runInBackground(true).then(() => undefined));
});
