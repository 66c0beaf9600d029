// The update handshake with fake workbox and container events: the reload waits for the outbox,
// happens only once the new worker controls the page, and a tab whose worker another tab
// replaced is offered the reload too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppUpdates, TAKEOVER_TIMEOUT_MS } from '../../../src/platform/pwa/appUpdates';

function fakes({ controlled = true } = {}) {
  const workbox = new EventTarget();
  const container = new EventTarget();
  const messageSkipWaiting = vi.fn();
  const reload = vi.fn();
  const updates = createAppUpdates(
    {
      addEventListener: (type, listener) => workbox.addEventListener(type, listener),
      messageSkipWaiting,
    },
    {
      controller: controlled ? ({} as ServiceWorker) : null,
      addEventListener: (type, listener) => container.addEventListener(type, listener),
    },
    reload,
  );
  return {
    updates,
    messageSkipWaiting,
    reload,
    waiting: () => workbox.dispatchEvent(new Event('waiting')),
    takeover: () => container.dispatchEvent(new Event('controllerchange')),
  };
}

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => vi.useRealTimers());

describe('createAppUpdates', () => {
  it('offers the update when a new worker waits, and tells listeners', () => {
    const { updates, waiting } = fakes();
    const listener = vi.fn();
    updates.subscribe(listener);
    expect(updates.state()).toBe('current');
    waiting();
    expect(updates.state()).toBe('waiting');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('lets the new worker take over only after beforeReload, and reloads when it controls', async () => {
    const { updates, waiting, takeover, messageSkipWaiting, reload } = fakes();
    waiting();
    const outbox = deferred();
    const applied = updates.apply(() => outbox.promise);
    expect(updates.state()).toBe('applying');
    await Promise.resolve();
    expect(messageSkipWaiting).not.toHaveBeenCalled();
    outbox.resolve();
    await applied;
    expect(messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    takeover();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the prompt and does not switch when beforeReload fails', async () => {
    const { updates, waiting, messageSkipWaiting, reload } = fakes();
    waiting();
    await expect(updates.apply(() => Promise.reject(new Error('outbox')))).rejects.toThrow(
      'outbox',
    );
    expect(updates.state()).toBe('waiting');
    expect(messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing when no update waits', async () => {
    const { updates, messageSkipWaiting } = fakes();
    const beforeReload = vi.fn(async () => {});
    await updates.apply(beforeReload);
    expect(beforeReload).not.toHaveBeenCalled();
    expect(messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('does not treat the first install claiming the page as an update', () => {
    const { updates, takeover } = fakes({ controlled: false });
    takeover();
    expect(updates.state()).toBe('current');
    takeover();
    expect(updates.state()).toBe('waiting');
  });

  it('offers the reload in a tab whose worker another tab replaced, without a second switch', async () => {
    const { updates, takeover, messageSkipWaiting, reload } = fakes();
    takeover();
    expect(updates.state()).toBe('waiting');
    await updates.apply(async () => {});
    expect(messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway, once, if the new worker never takes over', async () => {
    vi.useFakeTimers();
    const { updates, waiting, takeover, reload } = fakes();
    waiting();
    await updates.apply(async () => {});
    await vi.advanceTimersByTimeAsync(TAKEOVER_TIMEOUT_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    takeover();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
