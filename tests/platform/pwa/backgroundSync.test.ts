// The page's half of delivery while closed: detection, when the outbox's sync is registered,
// a refusal, and the periodic refresh only where it is granted.
import { describe, expect, it, vi } from 'vitest';
import { OUTBOX_SYNC_TAG, REFRESH_SYNC_TAG } from '../../../src/contract/serviceWorkerSync';
import {
  BackgroundDelivery,
  deliveryOf,
  type OutboxWatchPorts,
  wantsOutboxSync,
  watchOutboxDelivery,
} from '../../../src/platform/pwa/backgroundSync';

function registration({ periodic = false } = {}) {
  return {
    sync: { register: vi.fn(async (_tag: string) => {}) },
    ...(periodic && {
      periodicSync: {
        register: vi.fn(async (_tag: string, _options: { minInterval: number }) => {}),
        unregister: vi.fn(async (_tag: string) => {}),
      },
    }),
  };
}

function page(start: { pending: number; online: boolean | null }) {
  let status: { pending: number; online: boolean | null } | null = start;
  let hidden = false;
  const statusListeners = new Set<() => void>();
  const visibilityListeners = new Set<() => void>();
  const ports: OutboxWatchPorts = {
    status: () => status,
    subscribe: (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    hidden: () => hidden,
    onVisibilityChange: (l) => {
      visibilityListeners.add(l);
      return () => visibilityListeners.delete(l);
    },
  };
  return {
    ports,
    set(next: { pending: number; online: boolean | null }) {
      status = next;
      for (const l of statusListeners) l();
    },
    hide(value: boolean) {
      hidden = value;
      for (const l of visibilityListeners) l();
    },
  };
}

describe('detection', () => {
  it('is background with a sync manager, next open without, refused after a refusal', () => {
    expect(deliveryOf(registration(), false)).toBe('background');
    expect(deliveryOf({}, false)).toBe('next-open');
    expect(deliveryOf(null, false)).toBe('next-open');
    expect(deliveryOf(registration(), true)).toBe('refused');
  });

  it('becomes refused when the browser will not register the sync', async () => {
    const delivery = new BackgroundDelivery();
    const reg = registration();
    reg.sync.register.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const seen = vi.fn();
    delivery.subscribe(seen);
    delivery.keep(reg);
    expect(delivery.getSnapshot()).toBe('background');
    await delivery.requestOutboxSync();
    expect(delivery.getSnapshot()).toBe('refused');
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('stays background after a failure that is no refusal', async () => {
    const delivery = new BackgroundDelivery();
    const reg = registration();
    reg.sync.register.mockRejectedValue(new DOMException('gone', 'InvalidStateError'));
    delivery.keep(reg);
    await delivery.requestOutboxSync();
    expect(delivery.getSnapshot()).toBe('background');
  });
});

describe('registering the outbox sync', () => {
  it('is wanted only when changes wait and the page is offline or hidden', () => {
    expect(wantsOutboxSync(null, true)).toBe(false);
    expect(wantsOutboxSync({ pending: 0, online: false }, true)).toBe(false);
    expect(wantsOutboxSync({ pending: 2, online: true }, false)).toBe(false);
    expect(wantsOutboxSync({ pending: 2, online: null }, false)).toBe(false);
    expect(wantsOutboxSync({ pending: 2, online: false }, false)).toBe(true);
    expect(wantsOutboxSync({ pending: 2, online: true }, true)).toBe(true);
  });

  it('registers when a change waits offline, again for more, not for the same', async () => {
    const delivery = new BackgroundDelivery();
    const reg = registration();
    delivery.keep(reg);
    const p = page({ pending: 0, online: false });
    watchOutboxDelivery(p.ports, delivery);
    expect(reg.sync.register).not.toHaveBeenCalled();
    p.set({ pending: 1, online: false });
    expect(reg.sync.register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
    p.set({ pending: 1, online: false });
    expect(reg.sync.register).toHaveBeenCalledTimes(1);
    p.set({ pending: 2, online: false });
    expect(reg.sync.register).toHaveBeenCalledTimes(2);
  });

  it('registers when the page turns hidden with changes waiting online', () => {
    const delivery = new BackgroundDelivery();
    const reg = registration();
    delivery.keep(reg);
    const p = page({ pending: 1, online: true });
    watchOutboxDelivery(p.ports, delivery);
    expect(reg.sync.register).not.toHaveBeenCalled();
    p.hide(true);
    expect(reg.sync.register).toHaveBeenCalledTimes(1);
    p.hide(false);
    p.hide(true);
    expect(reg.sync.register).toHaveBeenCalledTimes(2);
  });

  it('registers once the registration comes when it was wanted before', () => {
    const delivery = new BackgroundDelivery();
    const p = page({ pending: 1, online: false });
    watchOutboxDelivery(p.ports, delivery);
    const reg = registration();
    delivery.keep(reg);
    expect(reg.sync.register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG);
  });

  it('does nothing without Background Sync', async () => {
    const delivery = new BackgroundDelivery();
    delivery.keep({});
    await expect(delivery.requestOutboxSync()).resolves.toBeUndefined();
    expect(delivery.getSnapshot()).toBe('next-open');
  });
});

describe('the periodic refresh', () => {
  it('is registered only where granted, and dropped at session end', async () => {
    const delivery = new BackgroundDelivery();
    const reg = registration({ periodic: true });
    delivery.keep(reg);
    await delivery.startPeriodicRefresh(async () => false);
    expect(reg.periodicSync?.register).not.toHaveBeenCalled();
    await delivery.startPeriodicRefresh(async () => true);
    expect(reg.periodicSync?.register).toHaveBeenCalledWith(REFRESH_SYNC_TAG, {
      minInterval: 12 * 60 * 60 * 1000,
    });
    await delivery.stopPeriodicRefresh();
    expect(reg.periodicSync?.unregister).toHaveBeenCalledWith(REFRESH_SYNC_TAG);
  });

  it('waits for the registration when the session asked first', async () => {
    const delivery = new BackgroundDelivery();
    await delivery.startPeriodicRefresh(async () => true);
    const reg = registration({ periodic: true });
    delivery.keep(reg);
    await vi.waitFor(() => expect(reg.periodicSync?.register).toHaveBeenCalled());
  });

  it('is never asked without periodicSync on the registration', async () => {
    const delivery = new BackgroundDelivery();
    delivery.keep(registration());
    const granted = vi.fn(async () => true);
    await delivery.startPeriodicRefresh(granted);
    expect(granted).not.toHaveBeenCalled();
  });
});
