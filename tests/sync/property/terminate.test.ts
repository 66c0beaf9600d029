// The property test's crash rests on MemoryLocks.terminate behaving as the browser does for a
// terminated worker: its held lock goes to the next in line, its queued requests are dropped,
// and nothing of it (callback, resolution, rejection) ever runs again.
import { describe, expect, it } from 'vitest';
import { MemoryLocks } from '../leader/locks';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('MemoryLocks.terminate', () => {
  it('hands a terminated holder’s lock to the next in line and never settles its request', async () => {
    const locks = new MemoryLocks();
    const settled: string[] = [];
    const hold = (who: string) =>
      locks
        .holder(who)
        .request('sync', {}, () => {
          settled.push(`${who} granted`);
          return new Promise<void>(() => {});
        })
        .then(
          () => settled.push(`${who} resolved`),
          () => settled.push(`${who} rejected`),
        );
    void hold('a');
    void hold('b');
    await tick();
    expect(settled).toEqual(['a granted']);
    expect(locks.holders('sync')).toBe(1);

    locks.terminate('a');
    await tick();
    expect(settled).toEqual(['a granted', 'b granted']);
    expect(locks.holders('sync')).toBe(1);
  });

  it('drops a terminated context’s queued and later requests', async () => {
    const locks = new MemoryLocks();
    const granted: string[] = [];
    let release = () => {};
    void locks.holder('a').request('sync', {}, () => {
      granted.push('a');
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    void locks.holder('b').request('sync', {}, () => {
      granted.push('b');
    });
    await tick();
    locks.terminate('b');
    void locks.holder('b').request('sync', {}, () => {
      granted.push('b again');
    });
    release();
    await tick();
    await tick();
    expect(granted).toEqual(['a']);
    expect(locks.holders('sync')).toBe(0);
  });
});
