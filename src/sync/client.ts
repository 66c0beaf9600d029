// The main thread's handle on the sync worker: starts the module worker (Vite
// bundles `./worker.ts`) and wraps it with comlink, typed by the one SyncApi. Callbacks given to
// the `on…` methods must be wrapped in comlink's `proxy`. Also the app's own pull trigger: the
// worker hears `online` itself, but only the page knows when the user comes back to it.
import { type Remote, wrap } from 'comlink';
import type { SyncApi } from './api';

export function createSyncClient(): Remote<SyncApi> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  return wrap<SyncApi>(worker);
}

/** The page's window: `focus`, and `visibilitychange`, which bubbles up from the document. */
export interface AppSignalTarget {
  addEventListener(type: 'focus' | 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'focus' | 'visibilitychange', listener: () => void): void;
}

export interface AppSignalOptions {
  /** `() => document.visibilityState === 'visible'` in the app. */
  isVisible(): boolean;
  now?(): number;
  /** At most one pull per this many ms; 10 s. */
  intervalMs?: number;
}

export const APP_SIGNAL_INTERVAL_MS = 10_000;

/**
 * Pulls when the user comes back to the app: the page becomes visible or gets the focus. Both
 * often fire together, and flicking between apps should not cost a pull each time, so at most
 * one pull per interval. A pull that fails shows in the status, so it is not reported here.
 * Returns the unsubscribe. In the app: `watchAppSignals(api, window, { isVisible })`.
 */
export function watchAppSignals(
  api: Pick<SyncApi, 'pullNow'>,
  target: AppSignalTarget,
  options: AppSignalOptions,
): () => void {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? APP_SIGNAL_INTERVAL_MS;
  let last = Number.NEGATIVE_INFINITY;
  const pull = () => {
    if (now() - last < interval) return;
    last = now();
    api.pullNow().catch(() => undefined);
  };
  const onVisibility = () => {
    if (options.isVisible()) pull();
  };
  target.addEventListener('focus', pull);
  target.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('focus', pull);
    target.removeEventListener('visibilitychange', onVisibility);
  };
}
