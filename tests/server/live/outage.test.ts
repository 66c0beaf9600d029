// Revocations announced while the live channel's database listener is down (review #10): their
// NOTIFYs are lost, so when the listener is back every socket re-checks its token and companies.
// The outage is played by a database whose `listen` drops what arrives while it is "down" and
// tells the bus of the outage as the PostgreSQL listener does (ListenEvents), on both drivers.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListenEvents } from '../../../server/db/pgListener';
import { accounts, contacts } from '../../../server/db/schema/index';
import { announceMembershipEnded } from '../../../server/partners/membershipEnd';
import { write } from '../../../server/sync/write';
import { CLOSE_NOT_A_MEMBER, CLOSE_UNAUTHORIZED } from '../../../src/contract/live';
import { TOPICS } from '../../../src/domain/todos/topics';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { LiveClient, type LiveServer, seedParties, startLiveServer } from '../../support/live';
import { accessTokenFor } from '../../support/tokens';

let seq = 0;

describe.each(drivers)('revocations during a listener outage on %s', (driver) => {
  let db: TestDatabase;
  let server: LiveServer;
  let down = false;
  let events: ListenEvents | undefined;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    const real = db.database;
    server = await startLiveServer({
      ...real,
      listen: (channel, handler, listenEvents) => {
        events = listenEvents;
        // A NOTIFY reaches the listener a moment after its commit; rather than race that, the
        // account revocations (account.revoked.*, account.signins.*) are always lost, as they are
        // when their commit falls inside an outage. Everything else is lost only while down.
        return real.listen(channel, (payload) => {
          if (!down && !payload.startsWith('{"topic":"account.')) handler(payload);
        });
      },
    });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  const outage = () => {
    down = true;
    events?.onDown?.(new Error('listener lost (test)'));
  };
  const back = () => {
    down = false;
    events?.onUp?.();
  };

  /** Staff of company X and of company Y, with a socket holding X's poke topic. */
  const signedIn = async () => {
    seq += 1;
    const p = await seedParties(db.database, `outage-${driver}-${seq}`);
    await db.database.db
      .insert(contacts)
      .values({ companyId: p.companyY, accountId: p.userX, name: '张三' });
    const token = await accessTokenFor(db.database, server.issuer, p.userX);
    const live = await LiveClient.open(server.url);
    sockets.push(live);
    expect(await live.connect(token, p.userX)).toEqual({ type: 'connected' });
    const topic = TOPICS.syncPoke(p.companyX);
    expect(await live.subscribe(topic)).toEqual({ type: 'subscribed', topic });
    return { p, live };
  };

  it('closes the socket 4410 once the listener is back, for a handover committed while it was down', async () => {
    const { p, live } = await signedIn();
    outage();
    await write(db.database.db, async (tx, changes) => {
      await tx.update(contacts).set({ status: 'DEPART' }).where(eq(contacts.id, p.contactX));
      announceMembershipEnded(changes, p.userX, p.companyX);
    });
    // The announcement was lost with the outage: the socket is still open.
    expect(await live.request({ type: 'ping' }, (f) => f.type === 'pong')).toEqual({
      type: 'pong',
    });
    back();
    expect(await live.closed).toEqual({ code: CLOSE_NOT_A_MEMBER, reason: 'NOT_A_MEMBER' });
  });

  it('closes the socket 4401 once the listener is back, for a password change made while it was down', async () => {
    const { p, live } = await signedIn();
    outage();
    // What a password change stamps: tokens issued before it no longer count.
    await db.database.db
      .update(accounts)
      .set({ tokensValidAfter: new Date(Date.now() + 60_000) })
      .where(eq(accounts.id, p.userX));
    back();
    expect(await live.closed).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'UNAUTHORIZED' });
  });

  it('keeps a socket whose account lost nothing during the outage', async () => {
    const { p, live } = await signedIn();
    outage();
    back();
    const topic = TOPICS.syncPoke(p.companyY);
    // Frames are handled after the re-check: the socket is still signed in and open.
    expect(await live.subscribe(topic)).toEqual({ type: 'subscribed', topic });
    expect(await live.request({ type: 'ping' }, (f) => f.type === 'pong')).toEqual({
      type: 'pong',
    });
  });
});
