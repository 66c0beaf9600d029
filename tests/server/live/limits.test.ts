// What one client may cost the live channel (review L6): sockets per account and per address (the
// address as TRUST_PROXY reads it), topics per socket, and a subscribe budget per account. Each
// refusal is an error frame, then close 1008 with the error_code as reason.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../../server/auth/keys';
import { embeddedVerifier } from '../../../server/auth/verifier';
import { createLiveBus } from '../../../server/live/bus';
import { LIVE_LIMITS, LiveLimits } from '../../../server/live/limits';
import {
  LIVE_PATH,
  type LiveChannelOptions,
  registerLiveChannel,
} from '../../../server/live/socket';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { TOPICS } from '../../../src/domain/todos/topics';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { LiveClient, type Parties, seedParties } from '../../support/live';
import { accessTokenFor } from '../../support/tokens';

const ISSUER = 'http://127.0.0.1:8080/oidc';
const tooMany = (code: string) => ({
  type: 'error',
  error_code: code,
  error_message: COMMON_MESSAGES.TOO_MANY_REQUESTS,
});

describe('the live limits', () => {
  it('refills the subscribe budget over time and keeps accounts apart', () => {
    let now = 0;
    const limits = new LiveLimits(
      {
        maxSocketsPerAddress: 1,
        maxUnsignedSocketsPerAddress: 1,
        maxSocketsPerAccount: 1,
        subscribeBurst: 3,
        subscribesPerSecond: 1,
      },
      () => now,
    );
    expect(limits.spend(1, 3)).toBe(true);
    expect(limits.spend(1, 1)).toBe(false);
    expect(limits.spend(2, 1)).toBe(true);
    now = 1_000;
    expect(limits.spend(1, 1)).toBe(true);
    expect(limits.spend(1, 1)).toBe(false);
  });

  it('forgets the budgets of accounts without sockets once they are full again', () => {
    let now = 0;
    const limits = new LiveLimits(
      {
        maxSocketsPerAddress: 1,
        maxUnsignedSocketsPerAddress: 1,
        maxSocketsPerAccount: 1,
        subscribeBurst: 10,
        subscribesPerSecond: 1,
      },
      () => now,
    );
    const socket = {};
    limits.signIn(socket, 1);
    for (let account = 1; account <= 1_000; account++) limits.spend(account, 5);
    expect(limits.budgetCount).toBe(1_000);
    now = 60_000;
    limits.spend(5_000, 1);
    // Account 1 still has a socket: its budget is kept; the others were full and are forgotten.
    expect(limits.budgetCount).toBe(2);
  });

  it('counts a socket once per account, and frees its place when it signs out', () => {
    const limits = new LiveLimits({
      maxSocketsPerAddress: 1,
      maxUnsignedSocketsPerAddress: 1,
      maxSocketsPerAccount: 1,
      subscribeBurst: 1,
      subscribesPerSecond: 1,
    });
    const [a, b] = [{}, {}];
    expect(limits.signIn(a, 7)).toBe(true);
    expect(limits.signIn(a, 7)).toBe(true);
    expect(limits.signIn(b, 7)).toBe(false);
    limits.signOut(a);
    expect(limits.signIn(b, 7)).toBe(true);
    const [c, d] = [{}, {}];
    expect(limits.openFrom('10.0.0.1', c)).toBe(true);
    expect(limits.openFrom('10.0.0.1', d)).toBe(false);
    limits.closed(c);
    expect(limits.openFrom('10.0.0.1', d)).toBe(true);
  });

  it('caps the sockets of an address that have not signed in tightly, and all of them loosely (review #12)', () => {
    const limits = new LiveLimits({
      maxSocketsPerAddress: 3,
      maxUnsignedSocketsPerAddress: 1,
      maxSocketsPerAccount: 5,
      subscribeBurst: 1,
      subscribesPerSecond: 1,
    });
    const [a, b, c, d] = [{}, {}, {}, {}];
    expect(limits.openFrom('10.0.0.1', a)).toBe(true);
    // One socket still waiting for its connect fills the unsigned cap…
    expect(limits.openFrom('10.0.0.1', b)).toBe(false);
    expect(limits.openFrom('10.0.0.2', b)).toBe(true);
    limits.closed(b);
    // …and signing in frees its place there.
    expect(limits.signIn(a, 7)).toBe(true);
    expect(limits.openFrom('10.0.0.1', b)).toBe(true);
    expect(limits.signIn(b, 8)).toBe(true);
    expect(limits.openFrom('10.0.0.1', c)).toBe(true);
    expect(limits.openBeside(c)).toBe(3);
    // Three sockets is the address's cap, signed in or not.
    expect(limits.signIn(c, 9)).toBe(true);
    expect(limits.openFrom('10.0.0.1', d)).toBe(false);
    limits.closed(a);
    expect(limits.openFrom('10.0.0.1', d)).toBe(true);
    // A socket that closes before signing in gives its unsigned place back.
    limits.closed(d);
    expect(limits.openFrom('10.0.0.1', a)).toBe(true);
  });

  it('lets many signed-in users share an address by default (a NAT), but few unsigned sockets', () => {
    expect(LIVE_LIMITS.maxSocketsPerAddress).toBeGreaterThanOrEqual(500);
    expect(LIVE_LIMITS.maxUnsignedSocketsPerAddress).toBeLessThanOrEqual(50);
  });
});

describe.each(drivers)('live channel limits on %s', (driver) => {
  let db: TestDatabase;
  let p: Parties;
  const apps: FastifyInstance[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    p = await seedParties(db.database, `limits-${driver}`);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const app of apps) await app.close();
    await db.drop();
  });

  /** The channel alone, behind one trusted proxy hop, with these limits. */
  const channel = async (options: LiveChannelOptions) => {
    // As server/app.ts passes TRUST_PROXY=1: believe the one hop nearest to us.
    const app = Fastify({ trustProxy: (_address: string, hop: number) => hop < 1 });
    apps.push(app);
    const verifier = embeddedVerifier(ISSUER, await loadSigningKey(db.database.db));
    const bus = await createLiveBus(db.database);
    app.addHook('onClose', async () => bus.close());
    await registerLiveChannel(app, { database: db.database, verifier }, bus, options);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return `${address.replace('http', 'ws')}${LIVE_PATH}`;
  };
  const open = async (url: string, from = '198.51.100.1') => {
    const client = await LiveClient.open(url, { headers: { 'x-forwarded-for': from } });
    clients.push(client);
    return client;
  };
  const signIn = async (url: string, userId: number) => {
    const client = await open(url);
    const answer = await client.connect(await accessTokenFor(db.database, ISSUER, userId), userId);
    return { client, answer };
  };

  it('refuses an account its third socket, and lets it in again once one closes', async () => {
    const url = await channel({ limits: { maxSocketsPerAccount: 2 } });
    const first = await signIn(url, p.userX);
    const second = await signIn(url, p.userX);
    expect([first.answer, second.answer]).toEqual([{ type: 'connected' }, { type: 'connected' }]);
    const third = await signIn(url, p.userX);
    expect(third.answer).toEqual(tooMany('TOO_MANY_CONNECTIONS'));
    expect(await third.client.closed).toEqual({ code: 1008, reason: 'TOO_MANY_CONNECTIONS' });
    // Another account is not affected.
    expect((await signIn(url, p.userY)).answer).toEqual({ type: 'connected' });

    first.client.ws.close();
    await first.client.closed;
    await expect
      .poll(async () => {
        const next = await signIn(url, p.userX);
        if (next.answer.type !== 'connected') next.client.close();
        return next.answer;
      })
      .toEqual({ type: 'connected' });
  });

  it('refuses an address its third socket, reading the address through the trusted proxy', async () => {
    const url = await channel({ limits: { maxSocketsPerAddress: 2 } });
    await open(url, '203.0.113.7');
    await open(url, '203.0.113.7');
    const third = await open(url, '203.0.113.7');
    await expect(third.next((f) => f.type === 'error')).resolves.toEqual(
      tooMany('TOO_MANY_CONNECTIONS'),
    );
    expect(await third.closed).toEqual({ code: 1008, reason: 'TOO_MANY_CONNECTIONS' });
    // Another client behind the same proxy has its own count.
    const other = await open(url, '203.0.113.8');
    expect(
      await other.connect(await accessTokenFor(db.database, ISSUER, p.userX), p.userX),
    ).toEqual({ type: 'connected' });
  });

  it('lets 60 signed-in sockets share an address by default and refuses it its 51st unsigned one (review #12)', async () => {
    const url = await channel({ limits: { maxSocketsPerAccount: 100 } });
    const token = await accessTokenFor(db.database, ISSUER, p.userY);
    const from = '192.0.2.44';
    for (let n = 0; n < 60; n++) {
      const client = await open(url, from);
      expect(await client.connect(token, p.userY)).toEqual({ type: 'connected' });
    }
    for (let n = 0; n < 50; n++) await open(url, from);
    const over = await open(url, from);
    await expect(over.next((f) => f.type === 'error')).resolves.toEqual(
      tooMany('TOO_MANY_CONNECTIONS'),
    );
    expect(await over.closed).toEqual({ code: 1008, reason: 'TOO_MANY_CONNECTIONS' });
  });

  it('warns the log once when many sockets share an address while TRUST_PROXY is off', async () => {
    const lines: string[] = [];
    const listen = async (trustProxy: false | number) => {
      const app = Fastify({
        logger: { level: 'warn', stream: { write: (l: string) => lines.push(l) } },
      });
      apps.push(app);
      const verifier = embeddedVerifier(ISSUER, await loadSigningKey(db.database.db));
      const bus = await createLiveBus(db.database);
      app.addHook('onClose', async () => bus.close());
      await registerLiveChannel(
        app,
        { database: db.database, verifier, config: { trustProxy } },
        bus,
        { sharedAddressWarnAt: 3 },
      );
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      return `${address.replace('http', 'ws')}${LIVE_PATH}`;
    };
    const warnings = () => lines.filter((l) => l.includes('TRUST_PROXY is off'));
    const behindProxy = await listen(1);
    for (let n = 0; n < 4; n++) await open(behindProxy);
    expect(warnings()).toEqual([]);
    const direct = await listen(false);
    for (let n = 0; n < 5; n++) await open(direct);
    await expect.poll(() => warnings().length).toBe(1);
    expect(JSON.parse(warnings()[0] ?? '{}')).toMatchObject({ level: 40, sockets: 3 });
  });

  it('refuses topics over the per-socket cap and keeps the socket', async () => {
    const url = await channel({ maxTopics: 2 });
    const { client } = await signIn(url, p.userX);
    expect((await client.subscribe(TOPICS.myUnread(p.userX))).type).toBe('subscribed');
    expect((await client.subscribe(TOPICS.myUndealt(p.userX))).type).toBe('subscribed');
    const topic = TOPICS.syncPoke(p.companyX);
    expect(await client.subscribe(topic)).toMatchObject({ error_code: 'TOO_MANY_TOPICS', topic });
    expect(await client.request({ type: 'ping' }, (f) => f.type === 'pong')).toEqual({
      type: 'pong',
    });
  });

  it('refuses subscribes beyond the account budget and closes the socket', async () => {
    const url = await channel({ limits: { subscribeBurst: 4, subscribesPerSecond: 0.001 } });
    const { client } = await signIn(url, p.userX);
    // The connect took 1; three subscribes fit.
    const topics = [
      TOPICS.myUnread(p.userX),
      TOPICS.myUndealt(p.userX),
      TOPICS.syncPoke(p.companyX),
    ];
    for (const topic of topics) expect((await client.subscribe(topic)).type).toBe('subscribed');
    const over = TOPICS.todoState(p.companyX);
    expect(await client.subscribe(over)).toEqual({ ...tooMany('TOO_MANY_REQUESTS'), topic: over });
    expect(await client.closed).toEqual({ code: 1008, reason: 'TOO_MANY_REQUESTS' });
    // A new socket of the same account does not get a fresh budget.
    const again = await signIn(url, p.userX);
    expect(again.answer).toEqual(tooMany('TOO_MANY_REQUESTS'));
  });
});
