// The update handshake with the service worker (DESIGN §4 "App updates"). A new version installs
// and waits; the user is offered the reload, which runs only after the app's `beforeReload` has
// put the outbox safely away; then the waiting worker is told to take over and the page reloads
// once it controls. A tab whose worker was replaced by another tab is offered the same reload,
// since it still runs the old code.
/** `waiting`: a newer version is ready for this tab; `applying`: the reload is under way. */
export type UpdateState = 'current' | 'waiting' | 'applying';

export interface AppUpdates {
  state(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** Waits for `beforeReload`, then switches to the new version and reloads the page. */
  apply(beforeReload: () => Promise<void>): Promise<void>;
}

/** If the new worker never takes over (it vanished), reload anyway rather than hang. */
export const TAKEOVER_TIMEOUT_MS = 5_000;

/** What is used of workbox-window's Workbox. */
interface UpdateWorkbox {
  addEventListener(type: 'waiting', listener: () => void): void;
  messageSkipWaiting(): void;
}

/** What is used of navigator.serviceWorker. */
interface Container {
  readonly controller: ServiceWorker | null;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

export function createAppUpdates(
  workbox: UpdateWorkbox,
  container: Container,
  reload: () => void,
): AppUpdates {
  let state: UpdateState = 'current';
  let controlled = container.controller !== null;
  // The controller changed under this tab: the new version is already active.
  let replaced = false;
  const listeners = new Set<() => void>();
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    reload();
  };

  const set = (next: UpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  // Also fired at start-up for a version that was already waiting.
  workbox.addEventListener('waiting', () => {
    if (state === 'current') set('waiting');
  });

  container.addEventListener('controllerchange', () => {
    // The first install claiming the page is no update.
    const wasControlled = controlled;
    controlled = true;
    if (!wasControlled) return;
    replaced = true;
    if (state === 'applying') reloadOnce();
    else set('waiting');
  });

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async apply(beforeReload) {
      if (state !== 'waiting') return;
      set('applying');
      try {
        await beforeReload();
      } catch (error) {
        set('waiting');
        throw error;
      }
      if (replaced) {
        reloadOnce();
        return;
      }
      workbox.messageSkipWaiting();
      setTimeout(reloadOnce, TAKEOVER_TIMEOUT_MS);
    },
  };
}
