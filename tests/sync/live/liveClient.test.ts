// The live channel client against the real server's /ws: pokes for the user's own companies only,
// reconnect + resubscribe after the server drops the socket, token renewal (refused token and
// before expiry), runtime subscribe/unsubscribe, refused topics, and `onReady` after each sign-in.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { write } from '../../../server/sync/write';
import { TOPICS } from '../../../src/domain/todos/topics';
import {
  LiveClient,
  type LiveClientOptions,
  type LiveStatus,
} from '../../../src/sync/live/liveClient';
import { openTestDatabase, type TestDatabase } from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { type LiveServer, startLiveServer } from '../../support/live';
import { companyRowStub } from '../../support/rowStubs';
import { accessTokenFor, expiredTokenFor } from '../../support/tokens';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

let db: TestDatabase;
let server: LiveServer;
let fx: FixtureIds;
const clients: LiveClient[] = [];

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  fx = await seedFixtures(db.database);
  server = await startLiveServer(db.database);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await server.close();
  await db.drop();
});

let version = 1000;
async function poke(companyId: number): Promise<void> {
  version += 1;
  const row = companyRowStub(companyId, version);
  await write(db.database.db, async (_tx, changes) => {
    changes.upsert('companies', row, [companyId]);
  });
}

type Probe = {
  client: LiveClient;
  pokes: Array<{ companyId: number }>;
  statuses: LiveStatus[];
  refused: string[];
};

function open(overrides: Partial<LiveClientOptions> & Pick<LiveClientOptions, 'getToken'>): Probe {
  const probe: Omit<Probe, 'client'> = { pokes: [], statuses: [], refused: [] };
  const client = new LiveClient({
    url: server.url,
    WebSocket,
    userId: fx.accounts.userA,
    companies: [fx.companies.buyerA],
    renewToken: () => undefined,
    onPoke: (companyId) => probe.pokes.push({ companyId }),
    onStatus: (status) => probe.statuses.push(status),
    onTopicRefused: (topic) => probe.refused.push(topic),
    reconnectMs: 50,
    ...overrides,
  });
  clients.push(client);
  return { client, ...probe };
}

const tokenA = () => accessTokenFor(db.database, server.issuer, fx.accounts.userA);
const isHeld = (client: LiveClient, topic: string) => client.subscribedTopics().includes(topic);

describe('live client against the real /ws', () => {
  it('calls onPoke for a write to the user’s company, never for another company', async () => {
    const token = await tokenA();
    const probe = open({ getToken: async () => token });
    await waitFor(() => isHeld(probe.client, TOPICS.syncPoke(fx.companies.buyerA)));
    await poke(fx.companies.buyerB);
    await poke(fx.companies.buyerA);
    await waitFor(() => probe.pokes.length > 0);
    // The other company's write came first: had it poked, it would be the first entry.
    await sleep(200);
    expect(probe.pokes.map((p) => p.companyId)).toEqual([fx.companies.buyerA]);
    expect(probe.statuses).toEqual(['connecting', 'connected']);
  });

  it('reconnects and resubscribes after the server drops the socket, then gets the next poke', async () => {
    const token = await tokenA();
    const probe = open({ getToken: async () => token });
    const topic = TOPICS.syncPoke(fx.companies.buyerA);
    await waitFor(() => isHeld(probe.client, topic));
    for (const socket of server.app.websocketServer.clients) socket.terminate();
    await waitFor(() => probe.statuses.includes('offline'));
    await waitFor(() => isHeld(probe.client, topic));
    expect(probe.statuses).toEqual([
      'connecting',
      'connected',
      'offline',
      'connecting',
      'connected',
    ]);
    await poke(fx.companies.buyerA);
    await waitFor(() => probe.pokes.length === 1, 1000);
  });

  it('asks the app to renew a refused token, then connects with the new one', async () => {
    let token = await expiredTokenFor(db.database, server.issuer, fx.accounts.userA);
    const fresh = await tokenA();
    let renewals = 0;
    const probe = open({
      getToken: async () => token,
      renewToken: async () => {
        renewals += 1;
        token = fresh;
      },
    });
    await waitFor(() => isHeld(probe.client, TOPICS.syncPoke(fx.companies.buyerA)));
    expect(renewals).toBe(1);
    expect(probe.statuses).toEqual(['connecting', 'offline', 'connecting', 'connected']);
    await poke(fx.companies.buyerA);
    await waitFor(() => probe.pokes.length === 1, 1000);
  });

  it('sends a fresh token before the old one expires, keeping the same socket', async () => {
    let token = await accessTokenFor(db.database, server.issuer, fx.accounts.userA, {
      expiresInSeconds: 2,
    });
    const fresh = await tokenA();
    let calls = 0;
    const probe = open({
      getToken: async () => {
        calls += 1;
        const current = token;
        token = fresh;
        return current;
      },
    });
    await waitFor(() => isHeld(probe.client, TOPICS.syncPoke(fx.companies.buyerA)));
    // Past the first token's expiry: without the refresh the server would have closed with 4401.
    await sleep(2600);
    expect(calls).toBe(2);
    expect(probe.statuses).toEqual(['connecting', 'connected']);
    await poke(fx.companies.buyerA);
    await waitFor(() => probe.pokes.length === 1, 1000);
  });

  it('subscribes and unsubscribes at runtime; no events after unsubscribe', async () => {
    const token = await tokenA();
    const topic = TOPICS.syncPoke(fx.companies.buyerA);
    const probe = open({ getToken: async () => token, companies: [] });
    await waitFor(() => probe.statuses.includes('connected'));
    probe.client.subscribe(topic);
    await waitFor(() => isHeld(probe.client, topic));
    await poke(fx.companies.buyerA);
    await waitFor(() => probe.pokes.length === 1, 1000);
    probe.client.unsubscribe(topic);
    expect(isHeld(probe.client, topic)).toBe(false);
    await poke(fx.companies.buyerA);
    await sleep(300);
    expect(probe.pokes).toHaveLength(1);
  });

  it('drops a topic the server refuses instead of asking for it again', async () => {
    const token = await tokenA();
    const foreign = TOPICS.syncPoke(fx.companies.buyerB);
    const probe = open({ getToken: async () => token, topics: [foreign] });
    await waitFor(() => probe.refused.length === 1);
    expect(probe.refused).toEqual([foreign]);
    await waitFor(() => isHeld(probe.client, TOPICS.syncPoke(fx.companies.buyerA)));
    for (const socket of server.app.websocketServer.clients) socket.terminate();
    await waitFor(() => probe.statuses.filter((s) => s === 'connected').length === 2);
    await waitFor(() => isHeld(probe.client, TOPICS.syncPoke(fx.companies.buyerA)));
    expect(probe.refused).toEqual([foreign]);
  });

  it('calls onReady once every topic of the sign-in is answered, refused ones too, after each sign-in', async () => {
    const token = await tokenA();
    const foreign = TOPICS.syncPoke(fx.companies.buyerB);
    const unread = TOPICS.myUnread(fx.accounts.userA);
    const poke = TOPICS.syncPoke(fx.companies.buyerA);
    const heldWhenReady: string[][] = [];
    const probe = open({
      getToken: async () => token,
      topics: [unread, foreign],
      onReady: () => heldWhenReady.push(probe.client.subscribedTopics().sort()),
    });
    await waitFor(() => heldWhenReady.length === 1);
    expect(heldWhenReady[0]).toEqual([poke, unread].sort());
    expect(probe.refused).toEqual([foreign]);
    for (const socket of server.app.websocketServer.clients) socket.terminate();
    await waitFor(() => heldWhenReady.length === 2);
    expect(heldWhenReady[1]).toEqual([poke, unread].sort());
    await sleep(200);
    expect(heldWhenReady).toHaveLength(2);
  });

  it('replaces a socket that stays silent for a whole ping interval', async () => {
    const token = await tokenA();
    let connects = 0;
    const paused: WebSocket[] = [];
    // The first socket stops reading once signed in and subscribed: a link that died without
    // a close, so no pong comes back.
    class Deaf extends WebSocket {
      constructor(url: string) {
        super(url);
        connects += 1;
        if (connects > 1) return;
        let frames = 0;
        this.on('message', () => {
          frames += 1;
          if (frames === 2) {
            this.pause();
            paused.push(this);
          }
        });
      }
    }
    const probe = open({ getToken: async () => token, WebSocket: Deaf, pingMs: 100 });
    await waitFor(() => connects === 2, 2000);
    await waitFor(() => probe.statuses.filter((s) => s === 'connected').length === 2);
    expect(paused).toHaveLength(1);
    // Its close handshake can never finish (it reads nothing): drop it rather than wait 30 s.
    for (const socket of paused) socket.terminate();
  });
});
