// The PostgreSQL listener's reconnect (review M6): the backoff stays under its cap, and a listener
// whose connection is killed comes back by itself, pokes its companies to resync and hears
// NOTIFYs again. The restart of a whole database is in live-restart.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, retryDelay } from '../../../server/db/pgListener';
import { createLiveBus, type LiveBus, RESYNC_POKE } from '../../../server/live/bus';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';

describe('the listener backoff', () => {
  it('doubles from the base, stays under the cap, and is spread by the jitter', () => {
    const timing = { baseMs: 250, capMs: 30_000 };
    const top = (attempt: number) => retryDelay(attempt, { ...timing, random: () => 0.9999 });
    expect([0, 1, 2, 3].map(top)).toEqual([249, 499, 999, 1998]);
    expect(top(20)).toBeLessThan(30_000);
    expect(top(1_000)).toBeLessThan(30_000);
    expect(retryDelay(5, { ...timing, random: () => 0 })).toBe(0);
  });
});

for (const driver of drivers.filter((d) => d === 'postgres')) {
  describe('a killed listener connection on postgres', () => {
    let db: TestDatabase;
    let bus: LiveBus;
    const heard: unknown[] = [];

    beforeAll(async () => {
      db = await openTestDatabase(driver);
      bus = await createLiveBus(db.database);
      bus.subscribe('sync.poke.1', (payload) => heard.push(payload));
    });
    afterAll(async () => {
      await bus.close();
      await db.drop();
    });

    it('reconnects, sends the resync poke and hears NOTIFYs again', async () => {
      await db.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`);
      await expect.poll(() => heard, { timeout: 10_000 }).toContainEqual(RESYNC_POKE);
      expect(bus.listening).toBe(true);
      await bus.publish('sync.poke.1', { version: 7 });
      await expect.poll(() => heard, { timeout: 5_000 }).toContainEqual({ version: 7 });
    });
  });
}
