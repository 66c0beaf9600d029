// Registers the service worker (sw/sw.ts, built to /sw.js) in production builds, once per page,
// and keeps looking for a new version while the app stays open: an installed app can run for
// days. Development serves no worker, so a stale cache never hides a code change.
import { Workbox } from 'workbox-window';
import { type AppUpdates, createAppUpdates } from './appUpdates';
import { backgroundDelivery } from './backgroundSync';

const CHECK_EVERY_MS = 60 * 60 * 1000;

function register(): AppUpdates {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const updates = createAppUpdates(workbox, navigator.serviceWorker, () =>
    window.location.reload(),
  );
  const check = () => {
    if (navigator.onLine) workbox.update().catch(() => {});
  };
  workbox
    .register()
    .then((registration) => {
      backgroundDelivery.keep(registration ?? null);
      setInterval(check, CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch((error: unknown) => console.error('service worker registration failed', error));
  return updates;
}

let registered: AppUpdates | null | undefined;

/** The page's update handshake; null where no worker runs (development, old browsers). */
export function appUpdates(): AppUpdates | null {
  if (registered === undefined) {
    registered = import.meta.env.PROD && 'serviceWorker' in navigator ? register() : null;
  }
  return registered;
}
