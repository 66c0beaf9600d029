// The live bus under the channel: NOTIFY framing of large events, fan-out between server
// processes, the to-do counters, and the socket's timers (connect deadline, heartbeat).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUser } from '../../../server/auth/session';
import { openDatabase } from '../../../server/db/database';
import { todos } from '../../../server/db/schema/index';
import { createLiveBus, type LiveBus } from '../../../server/live/bus';
import { countersFor, counterTargetsOf, emitTodoCounters } from '../../../server/live/counters';
import { encodeLiveEvent, LIVE_CHANNEL, LiveDecoder } from '../../../server/live/notify';
import { feedHead } from '../../../server/sync/listTotals';
import { write } from '../../../server/sync/write';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { TOPICS } from '../../../src/domain/todos/topics';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { LiveClient, type Parties, seedParties, startLiveServer } from '../../support/live';
import { companyRowStub } from '../../support/rowStubs';
import { accessTokenFor } from '../../support/tokens';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('NOTIFY framing', () => {
  it('sends a small event as one payload and a large one as chunks under the limit', () => {
    expect(encodeLiveEvent({ topic: 't', payload: { count: 1 } })).toEqual([
      '{"topic":"t","payload":{"count":1}}',
    ]);
    const subject = '询价单消息'.repeat(2000);
    const parts = encodeLiveEvent({ topic: 'big', payload: { subject } });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(8000);
    const decoder = new LiveDecoder();
    const results = parts.map((part) => decoder.accept(part));
    expect(results.slice(0, -1)).toEqual(parts.slice(0, -1).map(() => null));
    expect(results.at(-1)).toEqual({ topic: 'big', payload: { subject } });
    expect(decoder.pendingCount).toBe(0);
  });

  it('forgets an incomplete chunked event and rejects garbage', () => {
    const decoder = new LiveDecoder(1000);
    const [first] = encodeLiveEvent({ topic: 'big', payload: 'x'.repeat(20_000) });
    expect(decoder.accept(String(first), 0)).toBeNull();
    expect(decoder.pendingCount).toBe(1);
    decoder.accept(encodeLiveEvent({ topic: 'big', payload: 'y'.repeat(20_000) })[0] ?? '', 5000);
    expect(decoder.pendingCount).toBe(1);
    expect(() => decoder.accept('not json')).toThrow();
    expect(() => decoder.accept('{"nope":1}')).toThrow();
  });
});

describe.each(drivers)('live bus on %s', (driver) => {
  let db: TestDatabase;
  let bus: LiveBus;
  let p: Parties;
  const errors: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    bus = await createLiveBus(db.database, { onError: (_e, where) => errors.push(where) });
    p = await seedParties(db.database, `bus-${driver}`);
  });
  afterAll(async () => {
    await bus.close();
    await db.drop();
  });

  const received = (topic: string) => {
    const got: unknown[] = [];
    const stop = bus.subscribe(topic, (payload) => got.push(payload));
    return { got, stop };
  };

  it('publishes outside a transaction, large payloads included, and survives a throwing handler', async () => {
    const small = received('demo.small');
    const big = received('demo.big');
    const stopThrower = bus.subscribe('demo.small', () => {
      throw new Error('handler bug');
    });
    const payload = { subject: '长消息'.repeat(5000), files: [{ object_name: 'a/b.pdf' }] };
    await bus.publish('demo.small', { n: 1 });
    await bus.publish('demo.big', payload);
    await sleep(100);
    expect(small.got).toEqual([{ n: 1 }]);
    expect(big.got).toEqual([payload]);
    expect(errors).toContain('live handler for demo.small');
    stopThrower();
    small.stop();
    big.stop();
    expect(bus.topicCount).toBe(0);
  });

  it('reassembles a large event chunked inside a write transaction, after commit only', async () => {
    // What ChangeSet.flush does with encodeLiveEvent: every chunk NOTIFYed in the same transaction.
    const big = received('demo.tx-big');
    const payload = { event_type: 'ADD', subject: '附件说明'.repeat(3000) };
    let seenBeforeCommit = -1;
    await write(db.database.db, async (tx) => {
      for (const message of encodeLiveEvent({ topic: 'demo.tx-big', payload })) {
        await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${message})`);
      }
      await sleep(50);
      seenBeforeCommit = big.got.length;
    });
    await sleep(100);
    expect(seenBeforeCommit).toBe(0);
    expect(big.got).toEqual([payload]);
    big.stop();
  });

  it('emits the to-do counters of the affected users and companies on commit', async () => {
    const topics = [
      TOPICS.myUnread(p.userX),
      TOPICS.myUndealt(p.userX),
      TOPICS.allUserUndealt(p.companyX),
      TOPICS.allUserDelay(p.companyX),
    ];
    const seen = topics.map((topic) => received(topic));
    const base = { subject: '请报价', fromCompanyId: p.supplier, toCompanyId: p.companyX };
    await write(db.database.db, async (tx, changes) => {
      const rows = await tx
        .insert(todos)
        .values([
          { ...base, toContactsId: p.contactX, state: 'UNREAD' },
          { ...base, toContactsId: p.contactX, state: 'READ' },
          { ...base, toContactsId: p.contactX, state: 'PROCESSED' },
          { ...base, toContactsId: null, state: 'UNREAD' },
          { ...base, toContactsId: null, state: 'DELAYED' },
          { ...base, toCompanyId: p.companyY, toContactsId: p.contactY, state: 'UNREAD' },
        ])
        .returning();
      await emitTodoCounters(tx, changes, counterTargetsOf(rows.slice(0, 5)));
    });
    await sleep(100);
    expect(seen.map((s) => s.got)).toEqual([
      [{ count: 1 }],
      [{ count: 2 }],
      [{ count: 3 }],
      [{ count: 1 }],
    ]);
    for (const s of seen) s.stop();

    const user = await loadUser(db.database.db, {
      subject: String(p.userX),
      account: { id: p.userX },
      expiresAt: 0,
    });
    if (!user) throw new Error('no user');
    expect(await countersFor(db.database.db, user)).toEqual({
      unread: 1,
      undealt: 2,
      companies: [{ companyId: p.companyX, undealt: 3, delay: 1 }],
    });
  });

  it('closes a socket that sends no connect in time with 4401', async () => {
    const server = await startLiveServer(db.database, { connectTimeoutMs: 200 });
    try {
      const client = await LiveClient.open(server.url);
      await expect(client.next((f) => f.type === 'error')).resolves.toEqual({
        type: 'error',
        error_code: 'UNAUTHORIZED',
        error_message: COMMON_MESSAGES.SESSION_EXPIRED,
      });
      expect((await client.closed).code).toBe(4401);
    } finally {
      await server.close();
    }
  });

  it('pings every interval and drops a socket that misses two pongs', async () => {
    const server = await startLiveServer(db.database, { heartbeatMs: 100 });
    try {
      const token = await accessTokenFor(db.database, server.issuer, p.userX);
      const alive = await LiveClient.open(server.url);
      const silent = await LiveClient.open(server.url, { autoPong: false });
      let pings = 0;
      alive.ws.on('ping', () => {
        pings += 1;
      });
      await alive.connect(token, p.userX);
      await silent.connect(token, p.userX);
      const closed = await silent.closed;
      expect(closed.code).toBe(1006);
      await sleep(150);
      expect(pings).toBeGreaterThanOrEqual(3);
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
      alive.close();
    } finally {
      await server.close();
    }
  });
});

// Only PostgreSQL has several processes; PGlite lives inside one.
for (const _driver of drivers.filter((d) => d === 'postgres')) {
  describe('two server processes on one PostgreSQL', () => {
    let db: TestDatabase;

    beforeAll(async () => {
      db = await openTestDatabase('postgres');
    });
    afterAll(async () => db.drop());

    it('delivers a write committed through instance A to a socket on instance B', async () => {
      // A second pool and LISTEN connection on the same database, as another process would have.
      const otherDatabase = await openDatabase({ databaseUrl: db.url });
      const a = await startLiveServer(db.database);
      const b = await startLiveServer(otherDatabase);
      try {
        const p = await seedParties(db.database, 'two');
        const client = await LiveClient.open(b.url);
        await client.connect(await accessTokenFor(otherDatabase, b.issuer, p.userX), p.userX);
        await client.subscribe(TOPICS.syncPoke(p.companyX));
        expect(a.url).not.toBe(b.url);
        await write(db.database.db, async (_tx, changes) => {
          changes.upsert('companies', companyRowStub(p.companyX, 1), [p.companyX]);
        });
        const event = await client.next((f) => f.type === 'event', 1000);
        // The poke names the feed version the row was recorded under: the company's newest.
        expect(event).toEqual({
          type: 'event',
          topic: TOPICS.syncPoke(p.companyX),
          payload: { version: await feedHead(db.database.db, p.companyX) },
        });
        client.close();
      } finally {
        await a.close();
        await b.close();
        await otherDatabase.close();
      }
    });
  });
}
