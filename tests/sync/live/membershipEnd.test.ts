// The live client when its account leaves a company (security review M5), against the real
// server's /ws: the membership's end announced in a write closes the socket with 4410, the
// client says so (the engine then pulls and the feed's NOT_A_MEMBER clears the company) and
// reconnects, holding its topics again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { announceMembershipEnded } from '../../../server/partners/membershipEnd';
import { write } from '../../../server/sync/write';
import { TOPICS } from '../../../src/domain/todos/topics';
import { LiveClient, type LiveStatus } from '../../../src/sync/live/liveClient';
import { openTestDatabase, type TestDatabase } from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { type LiveServer, startLiveServer } from '../../support/live';
import { accessTokenFor } from '../../support/tokens';

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let db: TestDatabase;
let server: LiveServer;
let fx: FixtureIds;

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  fx = await seedFixtures(db.database);
  server = await startLiveServer(db.database);
});
afterAll(async () => {
  await server.close();
  await db.drop();
});

describe('live client and the end of a membership', () => {
  it('hears 4410, reports it, and reconnects holding its topics again', async () => {
    const token = await accessTokenFor(db.database, server.issuer, fx.accounts.userA);
    const statuses: LiveStatus[] = [];
    let ended = 0;
    const client = new LiveClient({
      url: server.url,
      WebSocket,
      userId: fx.accounts.userA,
      companies: [fx.companies.buyerA],
      getToken: async () => token,
      renewToken: () => undefined,
      onPoke: () => undefined,
      onStatus: (status) => statuses.push(status),
      onMembershipEnded: () => {
        ended += 1;
      },
      reconnectMs: 50,
    });
    try {
      const poke = TOPICS.syncPoke(fx.companies.buyerA);
      await waitFor(() => client.subscribedTopics().includes(poke));
      // Another account's end closes nothing here.
      await write(db.database.db, async (_tx, changes) => {
        announceMembershipEnded(changes, fx.accounts.userB, fx.companies.buyerB);
      });
      await write(db.database.db, async (_tx, changes) => {
        announceMembershipEnded(changes, fx.accounts.userA, fx.companies.buyerA);
      });
      await waitFor(() => ended === 1);
      expect(statuses).toEqual(['connecting', 'connected', 'offline']);
      await waitFor(() => client.subscribedTopics().includes(poke));
      expect(statuses.slice(3)).toEqual(['connecting', 'connected']);
      expect(ended).toBe(1);
    } finally {
      client.close();
    }
  });
});
