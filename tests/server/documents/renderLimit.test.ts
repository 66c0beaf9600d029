// The render limit of the generate route (server/documents/renderLimit.ts), the one bound in front
// of the worker pool (renderPool.ts): at most `concurrency` tasks run, at most `maxWaiting` wait,
// first come first served; one more is refused at once.
import { describe, expect, it } from 'vitest';
import { createRenderLimit, RenderBusyError } from '../../../server/documents/renderLimit';

/** A task that runs until the test lets it finish. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, task: async () => opened };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('render limit', () => {
  it('runs one at a time by default, queues the bound and refuses the rest', async () => {
    const limit = createRenderLimit({ concurrency: 1, maxWaiting: 2 });
    const gates = [gate(), gate(), gate()];
    const order: number[] = [];
    const runs = gates.map((g, i) =>
      limit.run(async () => {
        order.push(i);
        await g.task();
        return i;
      }),
    );
    await settle();
    expect([limit.running, limit.waiting]).toEqual([1, 2]);
    await expect(limit.run(async () => 99)).rejects.toBeInstanceOf(RenderBusyError);
    expect(order).toEqual([0]);
    gates[0]?.open();
    await settle();
    expect(order).toEqual([0, 1]);
    expect([limit.running, limit.waiting]).toEqual([1, 1]);
    // A place in the line is free again.
    const late = limit.run(async () => 7);
    gates[1]?.open();
    gates[2]?.open();
    expect(await Promise.all([...runs, late])).toEqual([0, 1, 2, 7]);
    expect(order).toEqual([0, 1, 2]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('runs `concurrency` tasks together and frees the slot of a failed task', async () => {
    const limit = createRenderLimit({ concurrency: 2, maxWaiting: 0 });
    const a = gate();
    const b = gate();
    const first = limit.run(a.task);
    const second = limit.run(async () => {
      await b.task();
      throw new Error('render failed');
    });
    await settle();
    expect(limit.running).toBe(2);
    await expect(limit.run(async () => 1)).rejects.toBeInstanceOf(RenderBusyError);
    b.open();
    await expect(second).rejects.toThrow('render failed');
    expect(limit.running).toBe(1);
    expect(await limit.run(async () => 'next')).toBe('next');
    a.open();
    await first;
    expect(limit.running).toBe(0);
  });
});
