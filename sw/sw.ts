/// <reference lib="webworker" />
// The service worker: precaches the built app so the installed app opens with no network, and
// answers every page navigation with the cached index.html (client-side routes). Server paths
// (API, identity provider pages, health, config) are never answered from the cache, and API data
// is never cached here: it lives in IndexedDB. Only images are cached at run time: brand logos
// and uploaded images such as avatars, and the PDF fonts. Fonts the UI uses are in the precache.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { DOCUMENT_FONT_PATH, RUNTIME_CACHES } from '../src/contract/serviceWorkerCaches';
// The outbox sent while the app is closed (Background Sync, Chromium only).
import './backgroundSync';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so it works offline without a reload. An update
// still waits for the app's word (below).
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [
      /^\/oidc(\/|$)/,
      /^\/api\//,
      /^\/[a-z]+-api\//,
      /^\/healthz$/,
      /^\/ws$/,
      /^\/index$/,
      /^\/config\.json$/,
      /^\/brand-logos\//,
    ],
  }),
);

const DAY_S = 24 * 60 * 60;

// Logos may be redrawn: shown from the cache at once, refreshed behind it.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/brand-logos/'),
  new StaleWhileRevalidate({
    cacheName: RUNTIME_CACHES.brandLogos,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S })],
  }),
);

// An uploaded file's path is unique and its content never changes, so a cached copy is always
// right. Only images are kept: documents stay a network matter, and the cache stays small.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/v7/files/content',
  new CacheFirst({
    cacheName: RUNTIME_CACHES.fileImages,
    plugins: [
      {
        cacheWillUpdate: async ({ response }) =>
          response.status === 200 && response.headers.get('content-type')?.startsWith('image/')
            ? response
            : null,
      },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 90 * DAY_S, purgeOnQuotaError: true }),
    ],
  }),
);

// The PDF fonts (src/documents/fonts) are too big to precache: a 5 MB download would hold up the
// install of the whole app on a phone, and a failed one would leave it with no offline shell.
// They are cached on first use instead (warmDocumentFonts after sign-in, or the first document),
// then served from the cache, offline too. Their URLs carry a content hash, so a cached copy is
// always right; the 4 entries leave room for the old pair while an update brings a new one.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && DOCUMENT_FONT_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: RUNTIME_CACHES.documentFonts,
    plugins: [new ExpirationPlugin({ maxEntries: 4, purgeOnQuotaError: true })],
  }),
);

// A new version waits until the app has put its outbox safely away, then takes over (DESIGN §4).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
