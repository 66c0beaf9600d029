// The tab's long-lived services, made once at boot from the runtime config: sign-in, the session,
// the API client and the sync worker connection, wired to each other. React only reads them
// (App provides them); nothing here renders.
import { notifications } from '@mantine/notifications';
import { APP_ROUTES } from '../contract/api/routes';
import { openUserDatabase } from '../data/db';
import type { RuntimeConfig } from '../domain/config/runtimeConfig';
import type { AppServices } from '../platform/AppServicesContext';
import { createApiClient } from '../platform/api/apiClient';
import { migrateStoredUser } from '../platform/auth/migrateStoredUser';
import {
  createOidcAuth,
  createRevocations,
  createUserManager,
  openAuthDb,
  sharedUserStore,
} from '../platform/auth/oidcAuth';
import { AUTH_CALLBACK_PATH } from '../platform/auth/returnTo';
import {
  backgroundDelivery,
  periodicSyncGranted,
  watchOutboxDelivery,
} from '../platform/pwa/backgroundSync';
import { clearUserCaches } from '../platform/pwa/userCaches';
import { storedBackgroundTarget } from '../platform/session/backgroundTarget';
import { SessionController } from '../platform/session/sessionController';
import { persistedSessionStore } from '../platform/session/sessionStore';
import type { BackgroundTargetPort } from '../platform/session/sessionTypes';
import { syncEndpoints } from '../platform/sync/endpoints';
import { SyncConnection } from '../platform/sync/syncConnection';
import { createSyncClient, watchAppSignals } from '../sync/client';

const online = () => navigator.onLine;

function notify(message: string): void {
  notifications.show({ color: 'red', message, autoClose: 6_000 });
}

/** The periodic refresh follows the target: asked for while signed in, dropped at session end. */
function withPeriodicRefresh(port: BackgroundTargetPort): BackgroundTargetPort {
  return {
    save: async (target) => {
      await port.save(target);
      await backgroundDelivery.startPeriodicRefresh(periodicSyncGranted);
    },
    clear: async () => {
      await backgroundDelivery.stopPeriodicRefresh();
      await port.clear();
    },
  };
}

export function createAppServices(
  config: RuntimeConfig,
  page: Location = window.location,
): AppServices {
  const authDb = openAuthDb();
  const userStore = sharedUserStore(authDb);
  const auth = createOidcAuth(createUserManager(config.auth, page.origin, userStore), {
    revocations: createRevocations(config.auth, page.origin),
  });
  const sync = new SyncConnection({
    createClient: createSyncClient,
    openDb: openUserDatabase,
    watchAppSignals: (api) =>
      watchAppSignals(api, window, { isVisible: () => document.visibilityState === 'visible' }),
    requestPersistence: async () => navigator.storage?.persist?.(),
  });
  // The client and the session need each other (token and 401 one way, GET /user the other),
  // so each reaches the other through a closure.
  let session: SessionController | null = null;
  const api = createApiClient({
    baseUrl: config.gateway,
    searchHost: config.searchHost,
    getToken: async () => (session ? session.freshToken() : null),
    companyId: () => session?.companyId() ?? null,
    online,
    notify,
    onUnauthorized: () => session?.handleUnauthorized(),
  });
  session = new SessionController({
    auth,
    sync,
    background: withPeriodicRefresh(storedBackgroundTarget(authDb, config.auth)),
    store: persistedSessionStore,
    // Every end of a session empties the caches of the user's files (avatars, images).
    clearFileCaches: clearUserCaches,
    fetchUser: () => api.call(APP_ROUTES.userInfo, { quiet: true }),
    endpoints: syncEndpoints(config, page),
    online,
    notify,
  });
  const controller = session;
  watchOutboxDelivery({
    status: () => sync.getSnapshot().status,
    subscribe: sync.subscribe,
    hidden: () => document.visibilityState === 'hidden',
    onVisibilityChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  });
  sync.listen({
    renewToken: () => void controller.renewToken(),
    signedOutElsewhere: () => controller.signedOutElsewhere(),
    membershipEnded: (companyId) => void controller.membershipEnded(companyId),
  });
  // The user moves out of an older release's localStorage before the session reads it (at once
  // when there is nothing to move).
  void migrateStoredUser(userStore).then(() =>
    controller.boot(page.href, page.pathname === AUTH_CALLBACK_PATH),
  );
  return { config, session: controller, api, sync };
}
