// The live channel's contract end to end: every kind of frame the real server sends (connected,
// subscribed, unsubscribed, event, pong, error) is read by the client's reader
// (src/sync/live/frames.ts) as what the server meant, and a refusal closes with the contract's
// close code. The frames are taken as the socket delivered the text, not re-serialized.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedHead } from '../../server/sync/listTotals';
import { write } from '../../server/sync/write';
import { CLOSE_FORBIDDEN, type LiveServerFrame } from '../../src/contract/live';
import { TOPICS } from '../../src/domain/todos/topics';
import { parseServerFrame, routeOfTopic } from '../../src/sync/live/frames';
import { drivers, openTestDatabase, type TestDatabase } from '../support/databases';
import { LiveClient, type LiveServer, seedParties, startLiveServer } from '../support/live';
import { companyRowStub } from '../support/rowStubs';
import { accessTokenFor } from '../support/tokens';

const FRAME_TYPES: ReadonlyArray<LiveServerFrame['type']> = [
  'connected',
  'subscribed',
  'unsubscribed',
  'event',
  'pong',
  'error',
];

describe.each(drivers)('the live frames contract on %s', (driver) => {
  let db: TestDatabase;
  let server: LiveServer;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    server = await startLiveServer(db.database);
  });
  afterAll(async () => {
    await server.close();
    await db.drop();
  });

  it('reads every frame the server sends as the server meant it', async () => {
    const p = await seedParties(db.database, 'contract');
    const client = await LiveClient.open(server.url);
    const texts: string[] = [];
    client.ws.on('message', (data) => texts.push(String(data)));
    const token = await accessTokenFor(db.database, server.issuer, p.userX);
    const poke = TOPICS.syncPoke(p.companyX);

    expect(await client.connect(token, p.userX)).toEqual({ type: 'connected' });
    await client.subscribe(poke);
    await write(db.database.db, async (_tx, changes) => {
      changes.upsert('companies', companyRowStub(p.companyX, 77), [p.companyX]);
    });
    await client.next((f) => f.type === 'event' && f.topic === poke);
    await client.request({ type: 'ping' }, (f) => f.type === 'pong');
    await client.request({ type: 'nonsense' }, (f) => f.type === 'error');
    await client.request({ type: 'unsubscribe', topic: poke }, (f) => f.type === 'unsubscribed');

    const read = texts.map(parseServerFrame);
    expect(read).not.toContain(null);
    expect(new Set(read.map((frame) => frame?.type))).toEqual(new Set(FRAME_TYPES));
    expect(read).toContainEqual({ type: 'subscribed', topic: poke });
    expect(read).toContainEqual({ type: 'unsubscribed', topic: poke });
    // The poke names the company's newest feed version: the one the row was just recorded under.
    const head = await feedHead(db.database.db, p.companyX);
    expect(read).toContainEqual({ type: 'event', topic: poke, payload: { version: head } });
    expect(read).toContainEqual({
      type: 'error',
      errorCode: 'INVALID_INPUT',
      errorMessage: expect.any(String),
      topic: null,
    });
    // The engine knows what the server's poke topic is for.
    expect(routeOfTopic(poke)).toEqual({ kind: 'poke', companyId: p.companyX });
    client.close();
  });

  it('closes with the contract code when the sign-in names another user', async () => {
    const p = await seedParties(db.database, 'contract-refused');
    const client = await LiveClient.open(server.url);
    const texts: string[] = [];
    client.ws.on('message', (data) => texts.push(String(data)));
    const token = await accessTokenFor(db.database, server.issuer, p.userX);
    client.send({ type: 'connect', token, user_id: p.userY, system: 'b' });
    expect((await client.closed).code).toBe(CLOSE_FORBIDDEN);
    expect(texts.map(parseServerFrame)).toEqual([
      { type: 'error', errorCode: 'FORBIDDEN', errorMessage: expect.any(String), topic: null },
    ]);
  });
});
