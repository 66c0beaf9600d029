// The resync poke (review M6): after the server's database listener comes back from an outage it
// pokes every company with `{"resync": true}`. The leader then pulls, as for any poke, and reads
// the to-do counters again, because the counter events of the gap never reached it.
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { todos } from '../../server/db/schema/index';
import { RESYNC_POKE } from '../../server/live/bus';
import { write } from '../../server/sync/write';
import { TOPICS } from '../../src/domain/todos/topics';
import type { SyncSession } from '../../src/sync/session';
import { type Harness, startHarness, until } from './engine/engineHarness';
import { openTabs } from './sessionHarness';

describe('the resync poke', () => {
  let h: Harness;
  const sessions: SyncSession[] = [];

  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.stop();
  });
  afterAll(() => h.server.close());

  it('makes the leader read the counters again', async () => {
    const unread = TOPICS.myUnread(h.fx.accounts.userA);
    const { tabs } = await openTabs(h, 1, sessions, { live: true });
    const [leader] = tabs;
    if (!leader) throw new Error('no tab');
    await until(
      async () => (await leader.session.liveCounters())[unread] !== undefined,
      'the counters read when the channel signed in',
    );
    const count = (await leader.session.liveCounters())[unread] ?? Number.NaN;

    // A to-do written while the listener was away: its counter event was never heard.
    await h.server.db.database.db.insert(todos).values({
      subject: '断线期间的消息',
      fromCompanyId: h.fx.companies.supplier,
      fromContactsId: h.fx.contacts.supplierSales,
      toCompanyId: h.fx.companies.buyerA,
      toContactsId: h.fx.contacts.userA,
    });
    await write(h.server.db.database.db, async (_tx, changes) => {
      changes.emit(TOPICS.syncPoke(h.fx.companies.buyerA), RESYNC_POKE);
    });
    await until(
      async () => (await leader.session.liveCounters())[unread] === count + 1,
      'the counters read again after the resync poke',
    );
  });
});
