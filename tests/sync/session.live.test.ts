// The live channel in every tab of a user, against the real server's /ws: only the leader holds
// a socket, yet a follower's listeners hear the to-do counters (read from the server when the
// channel signs in, then each change, never an older read over a newer change), a tab opened
// late learns them at once, a topic watched from a follower is held by the leader and its events
// reach every tab, a new leader holds it again after the old one dies, and the topics of a tab
// that dies without a word are let go.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postMessage } from '../../server/messaging/todoService';
import { write } from '../../server/sync/write';
import { TOPICS } from '../../src/domain/todos/topics';
import type { LiveEvent } from '../../src/sync/api';
import { STATISTICS_PATH } from '../../src/sync/live/counters';
import type { SyncSession } from '../../src/sync/session';
import { type Harness, startHarness, until } from './engine/engineHarness';
import { openTabs, roles, type TestTab } from './sessionHarness';

describe('the live channel across tabs', () => {
  let h: Harness;
  const sessions: SyncSession[] = [];
  /** What each session's listener heard, registered before its start. */
  const heard = new Map<SyncSession, LiveEvent[]>();
  const listen = (session: SyncSession) => {
    const events: LiveEvent[] = [];
    heard.set(session, events);
    session.onLive((event) => events.push(event));
  };
  const eventsOf = (tab: TestTab) => heard.get(tab.session) ?? [];

  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.stop();
    heard.clear();
  });
  afterAll(() => h.server.close());

  const unread = () => TOPICS.myUnread(h.fx.accounts.userA);
  const sheetTopic = () => TOPICS.moduleMessages('INQUERY_QUOTATION_SHEET', h.fx.sheets.sentA.id);

  /** The supplier writes to 李采购 on the sent sheet: a new UNREAD to-do, event ADD. */
  async function sendMessage(subject: string): Promise<void> {
    await write(h.server.db.database.db, (tx, changes) =>
      postMessage(tx, changes, {
        module: 'INQUERY_QUOTATION_SHEET',
        module_id: h.fx.sheets.sentA.id,
        subject,
        to_company_id: h.fx.companies.buyerA,
        to_contacts_id: h.fx.contacts.userA,
        todo_files: [],
        fromContactId: h.fx.contacts.supplierSales,
        fromCompanyId: h.fx.companies.supplier,
      }),
    );
  }

  const messageEvent = (tab: TestTab, subject: string) =>
    eventsOf(tab).some((event) => {
      if (event.kind !== 'event' || event.topic !== sheetTopic()) return false;
      const payload = event.payload as { event_type?: unknown; item?: { subject?: unknown } };
      // Addressed to a contact of another company: the server puts `@李采购 ` before it.
      return payload.event_type === 'ADD' && String(payload.item?.subject).endsWith(subject);
    });

  const holds = (tab: TestTab, topic: string, type: 'subscribed' | 'unsubscribed' = 'subscribed') =>
    tab.liveFrames.some((frame) => frame.type === type && frame.topic === topic);

  it('gives a follower the counters, then each change, with the channel’s status', async () => {
    const { tabs } = await openTabs(h, 2, sessions, { live: true, beforeStart: listen });
    const { leader, follower } = roles(tabs);
    await until(
      async () => (await follower.session.liveCounters())[unread()] !== undefined,
      'the counters read when the channel signed in',
    );
    const before = await follower.session.liveCounters();
    expect(Object.keys(before).sort()).toEqual(
      [
        unread(),
        TOPICS.myUndealt(h.fx.accounts.userA),
        TOPICS.allUserUndealt(h.fx.companies.buyerA),
        TOPICS.allUserDelay(h.fx.companies.buyerA),
      ].sort(),
    );
    const count = before[unread()] ?? Number.NaN;

    await sendMessage('计数');
    await until(
      () =>
        eventsOf(follower).some(
          (event) =>
            event.kind === 'counter' && event.topic === unread() && event.count === count + 1,
        ),
      'the new count at the follower',
    );
    expect((await follower.session.liveCounters())[unread()]).toBe(count + 1);
    expect((await leader.session.liveCounters())[unread()]).toBe(count + 1);
    // Only the leader has a socket; the follower heard its status.
    expect(follower.liveFrames).toEqual([]);
    expect(eventsOf(follower)).toContainEqual({ kind: 'status', status: 'connected' });
  });

  it('keeps a counter the channel sent over the statistics asked for before it', async () => {
    // The statistics are answered, then held back until the channel has sent newer counts.
    const statistics = { held: false, returned: false, release: () => {} };
    const released = new Promise<void>((resolve) => {
      statistics.release = resolve;
    });
    const { tabs } = await openTabs(h, 1, sessions, {
      live: true,
      wrapFetch: (fetch) => async (url, init) => {
        const response = await fetch(url, init);
        if (url.includes(STATISTICS_PATH)) {
          statistics.held = true;
          await released;
          statistics.returned = true;
        }
        return response;
      },
    });
    const [leader] = tabs;
    if (!leader) throw new Error('no tab');
    await until(() => statistics.held, 'the statistics answered');
    await sendMessage('先到');
    await until(
      async () => (await leader.session.liveCounters())[unread()] !== undefined,
      'the count the channel sent',
    );
    const sent = await leader.session.liveCounters();
    statistics.release();
    await until(() => statistics.returned, 'the statistics handed over');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await leader.session.liveCounters()).toEqual(sent);
  });

  it('tells a tab opened late the counters as they stand', async () => {
    const { tabs, addTab } = await openTabs(h, 1, sessions, { live: true, beforeStart: listen });
    const [leader] = tabs;
    if (!leader) throw new Error('no tab');
    await until(
      async () => (await leader.session.liveCounters())[unread()] !== undefined,
      'the leader’s counters',
    );
    const count = (await leader.session.liveCounters())[unread()] ?? Number.NaN;
    await sendMessage('晚到');
    await until(
      async () => (await leader.session.liveCounters())[unread()] === count + 1,
      'the change at the leader',
    );
    const late = await addTab();
    await until(
      async () => (await late.session.liveCounters())[unread()] === count + 1,
      'the counters at the late tab',
    );
    expect(await late.session.liveCounters()).toEqual(await leader.session.liveCounters());
    expect(eventsOf(late)).toContainEqual({ kind: 'counter', topic: unread(), count: count + 1 });
    expect(late.session.isLeader()).toBe(false);
  });

  it('holds a topic watched from a follower on the leader, and its events reach every tab', async () => {
    const { tabs } = await openTabs(h, 2, sessions, { live: true, beforeStart: listen });
    const { leader, follower } = roles(tabs);
    const id = await follower.session.watchTopics([sheetTopic()]);
    await until(() => holds(leader, sheetTopic()), 'the leader to subscribe');

    await sendMessage('你好');
    await until(() => messageEvent(follower, '你好'), 'the ADD event at the follower');
    expect(messageEvent(leader, '你好')).toBe(true);

    await follower.session.unwatchTopics(id);
    await until(() => holds(leader, sheetTopic(), 'unsubscribed'), 'the leader to unsubscribe');
  });

  it('holds the watched topic again on the new leader after the old one dies', async () => {
    const { tabs } = await openTabs(h, 3, sessions, { live: true, beforeStart: listen });
    const [first, second, watcher] = tabs;
    if (!first || !second || !watcher) throw new Error('three tabs expected');
    expect(first.session.isLeader()).toBe(true);
    await watcher.session.watchTopics([sheetTopic()]);
    await until(() => holds(first, sheetTopic()), 'the first leader to subscribe');

    first.kill();
    // The lock queue is first come, first served: the second tab leads, the watcher follows.
    await until(() => second.session.isLeader(), 'the second tab to lead');
    expect(watcher.session.isLeader()).toBe(false);
    await until(() => holds(second, sheetTopic()), 'the new leader to subscribe');

    await sendMessage('还在吗');
    await until(() => messageEvent(watcher, '还在吗'), 'the ADD event at the watcher');
  });

  it('lets go of the topics of a follower that dies without unwatching', async () => {
    const { tabs } = await openTabs(h, 2, sessions, {
      live: true,
      beforeStart: listen,
      watchLeaseMs: 300,
    });
    const { leader, follower } = roles(tabs);
    await follower.session.watchTopics([sheetTopic()]);
    await until(() => holds(leader, sheetTopic()), 'the leader to subscribe');
    // Renewed while the follower lives: still held after several lease periods.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(holds(leader, sheetTopic(), 'unsubscribed')).toBe(false);

    follower.kill();
    await until(() => holds(leader, sheetTopic(), 'unsubscribed'), 'the lease to run out');
  });
});
