/// <reference lib="webworker" />
// The service worker: precaches the built app so the installed app opens with no network, and
// answers every page navigation with the cached index.html (client-side routes). Server paths
// (API, identity provider pages, health) are never answered from the cache.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/oidc(\/|$)/, /^\/api\//, /^\/[a-z]+-api\//, /^\/healthz$/, /^\/ws$/],
  }),
);

// A new version waits until the app says the outbox is safe, then takes over (see DESIGN §4).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
