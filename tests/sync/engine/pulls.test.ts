// The engine's pull scheduling on its own (src/sync/engine/pulls.ts), with a host whose timers
// and status updates the test drives: a retry asked for while a failure is still being recorded
// runs, rather than being swallowed by a loop that has already ended.
import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { PurchasingDb } from '../../../src/data/db';
import { PullScheduler } from '../../../src/sync/engine/pulls';
import type { Observed } from '../../../src/sync/engine/status';
import { StorageHealth } from '../../../src/sync/engine/storage';
import { until } from './engineHarness';

describe('PullScheduler', () => {
  it('runs the retry its timer asked for while the failure was being recorded', async () => {
    const timers: Array<() => void> = [];
    let tokens = 0;
    let hold: Promise<void> | null = null;
    let release = () => {};
    const observed: Observed = {
      online: null,
      pausedForAuth: false,
      companies: new Map(),
      storage: null,
      storageError: null,
      uploads: new Map(),
    };
    const health = new StorageHealth();
    const scheduler = new PullScheduler({
      deps: {
        db: new PurchasingDb('pulls-test', { indexedDB, IDBKeyRange }),
        fetch: () => Promise.reject(new TypeError('not used')),
        baseUrl: '',
        // The first pull fails on the device (quota); the second finds no session.
        getToken: async () => {
          tokens += 1;
          if (tokens === 1) throw new DOMException('full', 'QuotaExceededError');
          return null;
        },
        now: () => 0,
        pageSize: 10,
        random: () => 0,
        setTimer: (callback) => timers.push(callback),
        clearTimer: () => {},
      },
      observed,
      health,
      isRunning: () => true,
      // The first update goes through; the one recording the failure waits for the test.
      changed: () => hold ?? Promise.resolve(),
      progressed: () => undefined,
      ended: () => {},
      left: async () => {},
    });

    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = scheduler.pull(7);
    // The status update before the pull is held too: let it go, then hold the failure's.
    release();
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    await until(() => timers.length === 1, 'the retry timer');
    expect(health.fault?.kind).toBe('quota');
    expect(observed.companies.get(7)?.error).toBe(health.fault?.message);
    timers[0]?.();
    hold = null;
    release();
    await first;
    await until(() => tokens === 2, 'the retried pull');
    expect(observed.pausedForAuth).toBe(true);
  });
});
