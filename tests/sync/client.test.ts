// The app's pull trigger on the main thread: coming back to the page (visible again, or focused)
// pulls, at most once per interval, and stops when unsubscribed.
import { describe, expect, it } from 'vitest';
import { watchAppSignals } from '../../src/sync/client';

function page() {
  const target = new EventTarget();
  const state = { visible: true, time: 1_000_000, pulls: 0 };
  const api = {
    pullNow: async () => {
      state.pulls += 1;
    },
  };
  const fire = (type: 'focus' | 'visibilitychange') => target.dispatchEvent(new Event(type));
  watchAppSignals(api, target, {
    isVisible: () => state.visible,
    now: () => state.time,
    intervalMs: 10_000,
  });
  return { state, fire };
}

describe('watchAppSignals', () => {
  it('pulls when the page becomes visible or gets the focus, at most once per interval', () => {
    const { state, fire } = page();
    fire('visibilitychange');
    expect(state.pulls).toBe(1);
    // Focus usually follows at once: no second pull.
    fire('focus');
    state.time += 9_999;
    fire('focus');
    expect(state.pulls).toBe(1);
    state.time += 1;
    fire('focus');
    expect(state.pulls).toBe(2);
  });

  it('does not pull when the page is hidden', () => {
    const { state, fire } = page();
    state.visible = false;
    fire('visibilitychange');
    expect(state.pulls).toBe(0);
    state.visible = true;
    fire('visibilitychange');
    expect(state.pulls).toBe(1);
  });

  it('stops listening once unsubscribed, and a failed pull stays quiet', async () => {
    const target = new EventTarget();
    let pulls = 0;
    const stop = watchAppSignals(
      {
        pullNow: async () => {
          pulls += 1;
          throw new Error('no sync leader answered pullNow');
        },
      },
      target,
      // No throttle: only the unsubscribe can keep the second event from pulling.
      { isVisible: () => true, intervalMs: 0 },
    );
    target.dispatchEvent(new Event('focus'));
    // A rejection left unhandled would fail the run.
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    target.dispatchEvent(new Event('visibilitychange'));
    expect(pulls).toBe(1);
  });
});
