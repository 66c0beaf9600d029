// Whether this browser sends the outbox while the app is closed (Background Sync, Chromium only),
// and the page's half of it: the outbox's sync is registered when changes wait and the page may
// not stay to send them (offline, or hidden and so perhaps about to close). Elsewhere (Safari,
// Firefox, development, a refused permission) the changes wait for the next open, as before, and
// the pending-changes view says so. The periodic refresh is asked for only where it is granted.
import {
  OUTBOX_SYNC_TAG,
  REFRESH_MIN_INTERVAL_MS,
  REFRESH_SYNC_TAG,
} from '../../contract/serviceWorkerSync';

/** 'background': sent when the network is back, app open or not; else at the next open. */
export type OutboxDelivery = 'background' | 'next-open' | 'refused';

/** The parts of a registration Background Sync adds (not in the DOM lib: Chromium only). */
export interface SyncCapable {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: {
    register(tag: string, options: { minInterval: number }): Promise<void>;
    unregister(tag: string): Promise<void>;
  };
}

/** The rule: what a registration (or none) and a refusal mean for the outbox. */
export function deliveryOf(registration: object | null, refused: boolean): OutboxDelivery {
  if (refused) return 'refused';
  return registration && 'sync' in registration ? 'background' : 'next-open';
}

/** The rule: register the outbox's sync when changes wait and this page may not send them. */
export function wantsOutboxSync(
  status: { pending: number; online: boolean | null } | null,
  hidden: boolean,
): boolean {
  return !!status && status.pending > 0 && (status.online === false || hidden);
}

const isNotAllowed = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'SecurityError');

/** The page's registration and what became of asking for the outbox's sync. */
export class BackgroundDelivery {
  private registration: (SyncCapable & object) | null = null;
  private refused = false;
  /** The session asked for the periodic refresh (asked again once the registration comes). */
  private periodicGranted: (() => Promise<boolean>) | null = null;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): OutboxDelivery => deliveryOf(this.registration, this.refused);

  /** The registration workbox resolved (none in development or without a service worker). */
  keep(registration: (SyncCapable & object) | null): void {
    this.registration = registration;
    this.changed();
    if (this.periodicGranted) void this.startPeriodicRefresh(this.periodicGranted);
  }

  /** Asks the browser to fire the outbox's sync once the network is there. */
  async requestOutboxSync(): Promise<void> {
    const sync = this.registration?.sync;
    if (!sync || this.refused) return;
    try {
      await sync.register(OUTBOX_SYNC_TAG);
    } catch (error) {
      if (!isNotAllowed(error)) return;
      this.refused = true;
      this.changed();
    }
  }

  /** The periodic refresh, only where the browser has granted it (installed apps in Chromium). */
  async startPeriodicRefresh(granted: () => Promise<boolean>): Promise<void> {
    this.periodicGranted = granted;
    const periodic = this.registration?.periodicSync;
    if (!periodic || !(await granted().catch(() => false))) return;
    await periodic
      .register(REFRESH_SYNC_TAG, { minInterval: REFRESH_MIN_INTERVAL_MS })
      .catch(() => undefined);
  }

  /** Every session end: nothing is refreshed for an account that left the device. */
  async stopPeriodicRefresh(): Promise<void> {
    this.periodicGranted = null;
    await this.registration?.periodicSync?.unregister(REFRESH_SYNC_TAG).catch(() => undefined);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The tab's one instance (the service worker registration is per page too). */
export const backgroundDelivery = new BackgroundDelivery();

/** What the outbox watch reads: the sync's status and the page's visibility. */
export interface OutboxWatchPorts {
  status(): { pending: number; online: boolean | null } | null;
  subscribe(listener: () => void): () => void;
  hidden(): boolean;
  onVisibilityChange(listener: () => void): () => void;
}

/**
 * Registers the outbox's sync each time it becomes wanted (changes wait and the page goes
 * offline or hidden, or more changes wait meanwhile), and once more when the registration comes
 * (workbox resolves it after the app starts). Returns the unsubscribe.
 */
export function watchOutboxDelivery(
  ports: OutboxWatchPorts,
  delivery: Pick<BackgroundDelivery, 'requestOutboxSync' | 'subscribe'> = backgroundDelivery,
): () => void {
  let asked: number | null = null;
  const check = () => {
    const status = ports.status();
    if (!wantsOutboxSync(status, ports.hidden())) {
      asked = null;
      return;
    }
    const pending = status?.pending ?? 0;
    if (asked !== null && pending <= asked) return;
    asked = pending;
    void delivery.requestOutboxSync();
  };
  const stopStatus = ports.subscribe(check);
  const stopVisibility = ports.onVisibilityChange(check);
  const stopDelivery = delivery.subscribe(() => {
    asked = null;
    check();
  });
  check();
  return () => {
    stopStatus();
    stopVisibility();
    stopDelivery();
  };
}

/** Periodic Background Sync's permission, where the browser can tell. */
export async function periodicSyncGranted(): Promise<boolean> {
  if (!navigator.permissions) return false;
  const state = await navigator.permissions.query({
    name: 'periodic-background-sync' as PermissionName,
  });
  return state.state === 'granted';
}
