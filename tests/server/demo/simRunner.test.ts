// The simulator's timer (server/demo/sim/runner.ts): on only with SIM=on, a step per interval, errors
// logged without stopping it, failing records backed off, a clean stop, and on PostgreSQL one
// process at a time playing the supplier (the advisory lock), another taking over when it stops.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sheets } from '../../../server/db/schema/index';
import { type RunnerOptions, type SimLog, startSimulator } from '../../../server/demo/sim/runner';
import type { SimSummary, simulateOnce } from '../../../server/demo/sim/simulator';
import {
  type DriverName,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from '../../support/databases';
import { seedFixtures } from '../../support/fixtures';

type Step = typeof simulateOnce;
type StepOptions = Parameters<Step>[1];

const EMPTY: SimSummary = { actions: [], stale: 0, failed: [] };
/** SIM_SPEED 100: a tick every 50 ms, a sent inquiry quoted after 0.3 s. */
const FAST = 100;

const fakeLog = () => ({
  debug: vi.fn(),
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
});

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const configOf = (t: TestDatabase, enabled = true, speed = FAST) => ({
  databaseUrl: t.url,
  simulator: { enabled, speed },
});

describe.each(drivers)('supplier simulator timer on %s', (driver: DriverName) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  async function open() {
    const t = await openTestDatabase(driver);
    cleanup.push(() => t.drop());
    return t;
  }
  function start(t: TestDatabase, log: SimLog, options: RunnerOptions, enabled = true) {
    const stop = startSimulator(t.database, configOf(t, enabled), log, options);
    cleanup.push(stop);
    return stop;
  }

  it('quotes a sent inquiry on its own, then stops cleanly and ticks no more', async () => {
    const t = await open();
    const fx = await seedFixtures(t.database);
    const ticks: Array<SimSummary | null> = [];
    const stop = start(t, fakeLog(), { onTick: (s) => ticks.push(s), since: 0 });
    const state = async () =>
      (await t.database.db.select().from(sheets).where(eq(sheets.id, fx.sheets.sentA.id)))[0]
        ?.state;
    await until(async () => (await state()) === 'INQUIRY_REPLIED');
    await stop();
    const count = ticks.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ticks.length).toBe(count);
    expect(ticks.some((s) => s?.actions.some((a) => a.kind === 'quote'))).toBe(true);
  });

  it('leaves the work of before its start alone and answers what buyers send afterwards', async () => {
    const t = await open();
    const fx = await seedFixtures(t.database);
    const ticks: Array<SimSummary | null> = [];
    const stop = start(t, fakeLog(), { onTick: (s) => ticks.push(s) });
    const state = async () =>
      (await t.database.db.select().from(sheets).where(eq(sheets.id, fx.sheets.sentA.id)))[0]
        ?.state;
    await until(() => ticks.length >= 3);
    expect(await state()).toBe('INQUIRY_SENT');
    // The buyer sends it (again) now: from then on it is the simulator's to answer.
    await t.database.db
      .update(sheets)
      .set({ stateChangeTime: new Date().toISOString() })
      .where(eq(sheets.id, fx.sheets.sentA.id));
    await until(async () => (await state()) === 'INQUIRY_REPLIED');
    await stop();
  });

  it('does not run when the simulator is off', async () => {
    const t = await open();
    const step = vi.fn<Step>(async () => EMPTY);
    start(t, fakeLog(), { step }, false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(step).not.toHaveBeenCalled();
  });

  it('logs a failing step once and keeps ticking', async () => {
    const t = await open();
    const log = fakeLog();
    const step = vi.fn<Step>(async () => {
      throw new Error('database went away');
    });
    const stop = start(t, log, { step });
    await until(() => step.mock.calls.length >= 4);
    await stop();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[1]).toContain('supplier simulator');
  });

  it('leaves a record whose action failed alone for a while', async () => {
    const t = await open();
    const log = fakeLog();
    const calls: StepOptions[] = [];
    const step = vi.fn<Step>(async (_db, options) => {
      calls.push(options);
      return calls.length === 1
        ? { ...EMPTY, failed: [{ kind: 'order', id: 7, key: 'order:7', error: new Error('no') }] }
        : EMPTY;
    });
    const stop = start(t, log, { step });
    await until(() => calls.length >= 3);
    await stop();
    expect(calls[0]?.skip?.orders).toEqual([]);
    expect(calls[1]?.skip?.orders).toEqual([7]);
    expect(calls[2]?.skip?.orders).toEqual([7]);
    expect(log.warn).toHaveBeenCalled();
  });
});

// Only where a PostgreSQL is given (CI): an empty list adds no test, it skips none.
describe.each(drivers.filter((d) => d === 'postgres'))('supplier simulator lock on %s', () => {
  it('lets one of two processes on one database act, and the other take over when it stops', async () => {
    const t = await openTestDatabase('postgres');
    const stops: Array<() => Promise<void>> = [];
    try {
      await seedFixtures(t.database);
      const config = configOf(t);
      const acted = [0, 0];
      const waited = [0, 0];
      const onTick = (i: number) => (s: SimSummary | null) => {
        if (s === null) waited[i] = (waited[i] ?? 0) + 1;
        else acted[i] = (acted[i] ?? 0) + 1;
      };
      stops.push(startSimulator(t.database, config, fakeLog(), { onTick: onTick(0) }));
      stops.push(startSimulator(t.database, config, fakeLog(), { onTick: onTick(1) }));
      await until(
        () => (waited[0] ?? 0) + (waited[1] ?? 0) >= 5 && (acted[0] ?? 0) + (acted[1] ?? 0) >= 5,
      );
      const leader = (acted[0] ?? 0) > 0 ? 0 : 1;
      const other = 1 - leader;
      expect(acted[other]).toBe(0);
      expect(waited[leader]).toBe(0);

      await stops[leader]?.();
      const before = acted[other] ?? 0;
      await until(() => (acted[other] ?? 0) > before + 2);
    } finally {
      for (const stop of stops) await stop();
      await t.drop();
    }
  });
});
