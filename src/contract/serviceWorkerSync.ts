// The Background Sync tags the page registers and the service worker answers (sw/backgroundSync.ts).
// Named once here so the two ends cannot drift; a tag is stored by the browser across releases,
// so DO NOT RENAME without keeping the old one answered for a release.

/** One-off sync: send the outbox once the network is back, the app open or not. */
export const OUTBOX_SYNC_TAG = 'purchasing-outbox';

/** Periodic sync: send, then pull every company, so an app opened offline shows fresh rows. */
export const REFRESH_SYNC_TAG = 'purchasing-refresh';

/** How often the periodic refresh is asked for (the browser may space it further). */
export const REFRESH_MIN_INTERVAL_MS = 12 * 60 * 60 * 1000;
