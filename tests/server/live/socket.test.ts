// The live channel /ws end to end: in-band sign-in, topic authorization, events after commit
// (and only after commit), malformed frames, token expiry while connected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { write } from '../../../server/sync/write';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { TOPICS } from '../../../src/domain/todos/topics';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import {
  LiveClient,
  type LiveServer,
  type Parties,
  seedParties,
  startLiveServer,
} from '../../support/live';
import { companyRowStub } from '../../support/rowStubs';
import { accessTokenFor } from '../../support/tokens';

const unauthorized = {
  type: 'error',
  error_code: 'UNAUTHORIZED',
  error_message: COMMON_MESSAGES.SESSION_EXPIRED,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)('live channel on %s', (driver) => {
  let db: TestDatabase;
  let server: LiveServer;
  let p: Parties;
  const clients: LiveClient[] = [];

  const token = (accountId: number, expiresInSeconds?: number) =>
    accessTokenFor(db.database, server.issuer, accountId, {
      ...(expiresInSeconds === undefined ? {} : { expiresInSeconds }),
    });
  const open = async () => {
    const client = await LiveClient.open(server.url);
    clients.push(client);
    return client;
  };
  /** A socket signed in as user X of company X. */
  const openAsX = async () => {
    const client = await open();
    expect(await client.connect(await token(p.userX), p.userX)).toEqual({ type: 'connected' });
    return client;
  };
  const poke = (companyId: number) =>
    write(db.database.db, async (_tx, changes) => {
      changes.upsert('companies', companyRowStub(companyId, Date.now()), [companyId]);
    });

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    server = await startLiveServer(db.database);
    p = await seedParties(db.database, driver);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await db.drop();
  });

  it('signs in with a valid token and answers an application ping', async () => {
    const client = await openAsX();
    expect(await client.request({ type: 'ping' }, (f) => f.type === 'pong')).toEqual({
      type: 'pong',
    });
  });

  it.each([
    ['a forged token', async () => 'not.a.jwt'],
    ['an expired token', async () => token(p.userX, -60)],
  ])('closes 4401 with the spec message for %s', async (_case, makeToken) => {
    const client = await open();
    client.send({ type: 'connect', token: await makeToken(), user_id: p.userX, system: 'b' });
    await expect(client.next((f) => f.type === 'error')).resolves.toEqual(unauthorized);
    expect((await client.closed).code).toBe(4401);
  });

  it('closes 4401 when a subscribe comes before any connect', async () => {
    const client = await open();
    client.send({ type: 'subscribe', topic: TOPICS.syncPoke(p.companyX) });
    await expect(client.next((f) => f.type === 'error')).resolves.toMatchObject(unauthorized);
    expect((await client.closed).code).toBe(4401);
  });

  it('refuses a connect whose user_id is not the token user (4403)', async () => {
    const client = await open();
    const answer = await client.connect(await token(p.userX), p.userY);
    expect(answer).toMatchObject({
      error_code: 'FORBIDDEN',
      error_message: COMMON_MESSAGES.NO_PERMISSION,
    });
    expect((await client.closed).code).toBe(4403);
  });

  it('grants only the user own topics, their companies and their companies records', async () => {
    const client = await openAsX();
    const granted = [
      TOPICS.myUnread(p.userX),
      TOPICS.myUndealt(p.userX),
      TOPICS.allUserUndealt(p.companyX),
      TOPICS.allUserDelay(p.companyX),
      TOPICS.todoState(p.companyX),
      TOPICS.syncPoke(p.companyX),
      TOPICS.moduleMessages('INQUERY_QUOTATION_SHEET', p.sheetOfX),
      TOPICS.watchUsers('INQUERY_QUOTATION_SHEET', p.sheetOfX),
    ];
    for (const topic of granted) {
      expect(await client.subscribe(topic), topic).toEqual({ type: 'subscribed', topic });
    }
    const refused = [
      TOPICS.myUnread(p.userY),
      TOPICS.myUndealt(p.userY),
      TOPICS.allUserUndealt(p.companyY),
      TOPICS.syncPoke(p.companyY),
      TOPICS.moduleMessages('ORDER', p.orderOfY),
      TOPICS.watchUsers('ORDER', p.orderOfY),
      TOPICS.moduleMessages('ORDER', 999_999_999),
      'todo.b.BRAND.1.messages',
      'anything.else',
    ];
    for (const topic of refused) {
      expect(await client.subscribe(topic), topic).toEqual({
        type: 'error',
        error_code: 'FORBIDDEN',
        topic,
        error_message: COMMON_MESSAGES.NO_PERMISSION,
      });
    }
  });

  it('delivers a committed write poke to its company within 250 ms, and to no other company', async () => {
    const x = await openAsX();
    const y = await open();
    await y.connect(await token(p.userY), p.userY);
    await x.subscribe(TOPICS.syncPoke(p.companyX));
    await y.subscribe(TOPICS.syncPoke(p.companyY));
    const started = Date.now();
    await poke(p.companyX);
    const event = await x.next((f) => f.type === 'event', 250);
    expect(Date.now() - started).toBeLessThan(250);
    expect(event).toMatchObject({ type: 'event', topic: TOPICS.syncPoke(p.companyX) });
    expect(event.payload).toEqual({ version: expect.any(Number) });
    await sleep(100);
    expect(y.events(TOPICS.syncPoke(p.companyX))).toEqual([]);
    expect(y.frames.filter((f) => f.type === 'event')).toEqual([]);
  });

  it('sends emitted events only after commit, and nothing for a rolled-back write', async () => {
    const client = await openAsX();
    const topic = TOPICS.todoState(p.companyX);
    await client.subscribe(topic);
    await expect(
      write(db.database.db, async (_tx, changes) => {
        changes.emit(topic, { id: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    let seenBeforeCommit = -1;
    await write(db.database.db, async (_tx, changes) => {
      changes.emit(topic, { id: 2 });
      await sleep(100);
      seenBeforeCommit = client.events(topic).length;
    });
    await client.next((f) => f.type === 'event' && f.topic === topic);
    await sleep(50);
    expect(seenBeforeCommit).toBe(0);
    expect(client.events(topic).map((f) => f.payload)).toEqual([{ id: 2 }]);
  });

  it('stops sending a topic after unsubscribe', async () => {
    const client = await openAsX();
    const topic = TOPICS.syncPoke(p.companyX);
    await client.subscribe(topic);
    expect(
      await client.request({ type: 'unsubscribe', topic }, (f) => f.type === 'unsubscribed'),
    ).toEqual({
      type: 'unsubscribed',
      topic,
    });
    await poke(p.companyX);
    await sleep(150);
    expect(client.events(topic)).toEqual([]);
  });

  it('answers malformed frames with an error and keeps serving', async () => {
    const client = await openAsX();
    const error = (code: string, message: string) => ({
      type: 'error',
      error_code: code,
      error_message: message,
    });
    const cases: Array<[string | Buffer, unknown]> = [
      ['{not json', error('INVALID_INPUT', '请求参数有误')],
      ['[1,2]', error('INVALID_INPUT', '请求参数有误')],
      [JSON.stringify({ type: 'dance' }), error('INVALID_INPUT', '请求参数有误：type')],
      [JSON.stringify({ type: 'subscribe' }), error('INVALID_INPUT', '请求参数有误：topic')],
      [
        JSON.stringify({ type: 'subscribe', topic: 'x'.repeat(500) }),
        error('INVALID_INPUT', '请求参数有误：topic'),
      ],
      [
        JSON.stringify({ type: 'connect', token: 5, user_id: 1 }),
        error('INVALID_INPUT', '请求参数有误：token'),
      ],
      [
        JSON.stringify({ type: 'connect', token: 't', user_id: -1 }),
        error('INVALID_INPUT', '请求参数有误：user_id'),
      ],
      [
        JSON.stringify({ type: 'ping', pad: 'x'.repeat(70 * 1024) }),
        error('MESSAGE_TOO_LARGE', '请求参数有误'),
      ],
      [Buffer.from([1, 2, 3]), error('INVALID_INPUT', '请求参数有误')],
    ];
    for (const [frame, expected] of cases) {
      const from = client.frames.length;
      client.ws.send(frame, { binary: Buffer.isBuffer(frame) });
      const answer = await client.next((f) => client.frames.indexOf(f) >= from);
      expect(answer, String(frame).slice(0, 40)).toEqual(expected);
    }
    expect(await client.request({ type: 'ping' }, (f) => f.type === 'pong')).toEqual({
      type: 'pong',
    });
    expect(await client.subscribe(TOPICS.syncPoke(p.companyX))).toMatchObject({
      type: 'subscribed',
    });
  });

  it('closes 4401 when the token expires, unless a fresh connect came first', async () => {
    const stale = await open();
    const renewed = await open();
    await stale.connect(await token(p.userX, 2), p.userX);
    await renewed.connect(await token(p.userX, 2), p.userX);
    await renewed.subscribe(TOPICS.syncPoke(p.companyX));
    expect(await renewed.connect(await token(p.userX, 300), p.userX)).toEqual({
      type: 'connected',
    });
    await expect(stale.next((f) => f.type === 'error', 4000)).resolves.toEqual(unauthorized);
    expect((await stale.closed).code).toBe(4401);
    // The renewed socket kept its subscription and still gets events.
    await poke(p.companyX);
    await renewed.next((f) => f.type === 'event' && f.topic === TOPICS.syncPoke(p.companyX));
  });
});
