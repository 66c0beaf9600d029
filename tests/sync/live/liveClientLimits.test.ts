// The live client when the server refuses it for load (review L6): a second socket of an account
// allowed only one is refused with TOO_MANY_CONNECTIONS and close 1008; the client waits longer
// after each refusal in a row (not the fixed reconnect delay) and gets in once the place is free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TOPICS } from '../../../src/domain/todos/topics';
import { LiveClient, type LiveStatus } from '../../../src/sync/live/liveClient';
import { type Clock, systemClock } from '../../../src/sync/ports';
import { openTestDatabase, type TestDatabase } from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { type LiveServer, startLiveServer } from '../../support/live';
import { accessTokenFor } from '../../support/tokens';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

let db: TestDatabase;
let server: LiveServer;
let fx: FixtureIds;

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  fx = await seedFixtures(db.database);
  server = await startLiveServer(db.database, { limits: { maxSocketsPerAccount: 1 } });
});
afterAll(async () => {
  await server.close();
  await db.drop();
});

describe('live client refused for load', () => {
  it('backs off with growing waits while refused, then connects once a place is free', async () => {
    const token = await accessTokenFor(db.database, server.issuer, fx.accounts.userA);
    const topic = TOPICS.syncPoke(fx.companies.buyerA);
    const open = (clock?: Clock, statuses: LiveStatus[] = []) =>
      new LiveClient({
        url: server.url,
        WebSocket,
        userId: fx.accounts.userA,
        companies: [fx.companies.buyerA],
        getToken: async () => token,
        renewToken: () => undefined,
        onPoke: () => undefined,
        onStatus: (status) => statuses.push(status),
        reconnectMs: 50,
        pingMs: 60_000,
        random: () => 0.999,
        ...(clock ? { clock } : {}),
      });

    const first = open();
    await waitFor(() => first.subscribedTopics().includes(topic));

    // Short waits are the retries after refusals (pings and token refreshes are minutes away).
    const waits: number[] = [];
    const clock: Clock = {
      ...systemClock,
      setTimer(run, ms) {
        if (ms < 10_000) waits.push(ms);
        return systemClock.setTimer(run, ms);
      },
    };
    const statuses: LiveStatus[] = [];
    const second = open(clock, statuses);
    try {
      await waitFor(() => waits.length >= 3);
      // The delay (50 ms) plus a jittered wait doubling from 50 ms.
      expect(waits.slice(0, 3)).toEqual([99, 149, 249]);
      expect(statuses).not.toContain('connected');
      // One socket per refusal: no reconnect at the fixed delay besides the waits.
      expect(statuses.filter((s) => s === 'connecting').length).toBeLessThanOrEqual(
        waits.length + 1,
      );

      first.close();
      await waitFor(() => second.subscribedTopics().includes(topic));
      expect(statuses.at(-1)).toBe('connected');
    } finally {
      first.close();
      second.close();
    }
  });
});
