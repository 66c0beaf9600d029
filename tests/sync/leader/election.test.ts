import { afterEach, describe, expect, it } from 'vitest';
import { syncLockName } from '../../../src/sync/leader/election';
import type { ChannelLike, LocksLike } from '../../../src/sync/ports';
import { LOCK_NAME, settle, World } from './leaderHarness';
import { MemoryLocks } from './locks';

let world: World;
afterEach(() => {
  for (const tab of world.tabs) if (!tab.closed) tab.close();
});

const HEARTBEAT = 2000;
const STALE = 6000;

describe('electLeader', () => {
  it('elects exactly one leader among three tabs, and every follower knows it', async () => {
    world = new World();
    const [a, b, c] = [world.tab('a'), world.tab('b'), world.tab('c')];
    await world.advance(HEARTBEAT * 5);
    expect(world.leaders()).toEqual(['a']);
    expect(world.locks.holders(LOCK_NAME)).toBe(1);
    expect(a.count('leader')).toBe(1);
    expect(b.election.leaderId()).toBe('a');
    expect(c.election.leaderId()).toBe('a');
    // Followers heard the heartbeats: nobody stole, nobody stepped down.
    expect([a, b, c].map((t) => t.count('lost'))).toEqual([0, 0, 0]);
  });

  it('starts the new leader before announcing it, so commands re-sent on the change find an engine', async () => {
    world = new World();
    const [a, b] = [world.tab('a'), world.tab('b')];
    await world.advance(HEARTBEAT);
    a.close();
    await world.advance(0);
    const start = b.events.indexOf('leader');
    expect(b.events.slice(start)).toEqual(['leader', 'sees:b']);
    expect(b.election.isLeader()).toBe(true);
  });

  it('hands leadership to another tab when the leader closes', async () => {
    world = new World();
    const [a, b, c] = [world.tab('a'), world.tab('b'), world.tab('c')];
    await world.advance(HEARTBEAT);
    a.close();
    await world.advance(0);
    expect(a.events).toContain('lost');
    // The next queued request (b asked first) gets the lock at once, without a steal.
    expect(world.leaders()).toEqual(['b']);
    expect(b.count('leader')).toBe(1);
    await world.advance(HEARTBEAT);
    expect(c.election.leaderId()).toBe('b');
    expect(world.locks.holders(LOCK_NAME)).toBe(1);
  });

  it.each(['messages-first', 'timers-first'] as const)(
    'replaces a frozen leader after staleAfterMs; it steps down when it resumes (%s)',
    async (order) => {
      world = new World();
      const [a, b, c] = [world.tab('a'), world.tab('b'), world.tab('c')];
      await world.advance(HEARTBEAT * 2);
      a.freeze();
      // Less than staleAfterMs without a heartbeat: still a's (its lock is still held).
      await world.advance(STALE - HEARTBEAT);
      expect(b.count('leader') + c.count('leader')).toBe(0);
      await world.advance(HEARTBEAT * 2);
      const successor = [b, c].filter((t) => t.election.isLeader());
      expect(successor).toHaveLength(1);
      expect(a.count('lost')).toBe(0); // frozen: it has not noticed yet
      // Frozen long enough to have been replaced, a does not claim leadership on waking.
      a.resume(order);
      expect(a.election.isLeader()).toBe(false);
      await world.advance(HEARTBEAT * 3);
      expect(a.count('lost')).toBe(1);
      expect(world.leaders()).toEqual(successor.map((t) => t.tabId));
      expect(a.election.leaderId()).toBe(successor[0]?.tabId);
      // The woken tab's stale claims did not unseat the successor.
      expect(successor[0]?.count('lost')).toBe(0);
    },
  );

  it('a leader ignores an older term claim and yields to a newer one', async () => {
    world = new World();
    const [a, b] = [world.tab('a'), world.tab('b')];
    await world.advance(HEARTBEAT);
    const claim = (term: number) =>
      world.broadcast(null, {
        kind: 'election',
        type: 'heartbeat',
        tabId: 'z',
        at: world.time,
        term,
        schemaVersion: 2,
      });
    claim(0);
    await world.advance(0);
    expect(world.leaders()).toEqual(['a']);
    expect(b.election.leaderId()).toBe('a');
    claim(5);
    await world.advance(0);
    expect(a.count('lost')).toBe(1);
    // z holds no lock (it is made up), so the released lock goes on to a real tab, which then
    // leads in a term above z's: one leader again, known to both.
    await world.advance(HEARTBEAT);
    const [leader] = world.leaders();
    expect(world.leaders()).toHaveLength(1);
    expect([a.election.leaderId(), b.election.leaderId()]).toEqual([leader, leader]);
  });

  it('a leader frozen for less than staleAfterMs keeps its leadership', async () => {
    world = new World();
    const [a, b] = [world.tab('a'), world.tab('b')];
    await world.advance(HEARTBEAT);
    a.freeze();
    await world.advance(STALE - HEARTBEAT - 1);
    a.resume();
    await world.advance(HEARTBEAT * 5);
    expect(world.leaders()).toEqual(['a']);
    expect(a.count('lost') + b.count('leader')).toBe(0);
  });

  it('keeps one leader through repeated freezes (stale leader never pushes beside a new one)', async () => {
    world = new World();
    const tabs = [world.tab('a'), world.tab('b'), world.tab('c')];
    for (let round = 0; round < 4; round += 1) {
      const leader = tabs.find((t) => t.election.isLeader());
      leader?.freeze();
      await world.advance(STALE + HEARTBEAT * 2);
      leader?.resume();
      // At every step while it wakes, at most one tab considers itself leader.
      for (let step = 0; step < 4; step += 1) {
        expect(world.leaders().length).toBeLessThanOrEqual(1);
        await world.advance(HEARTBEAT);
      }
      expect(world.leaders()).toHaveLength(1);
    }
    expect(world.locks.holders(LOCK_NAME)).toBe(1);
  });

  it('tells an older tab to reload when a newer schema version appears, and it steps aside', async () => {
    world = new World();
    const old = world.tab('old', { schemaVersion: 2 });
    await world.advance(HEARTBEAT);
    expect(old.election.isLeader()).toBe(true);
    const fresh = world.tab('new', { schemaVersion: 3 });
    await world.advance(HEARTBEAT * 2);
    expect(old.events).toContain('outdated:3');
    expect(old.events).toContain('lost');
    expect(world.leaders()).toEqual(['new']);
    expect(fresh.events.some((e) => e.startsWith('outdated'))).toBe(false);
  });

  it('tells a tab that opens with an older schema than the running ones to reload', async () => {
    world = new World();
    const running = [world.tab('a', { schemaVersion: 3 }), world.tab('b', { schemaVersion: 3 })];
    await world.advance(HEARTBEAT);
    const stale = world.tab('stale', { schemaVersion: 2 });
    await world.advance(HEARTBEAT);
    expect(stale.events).toEqual(['outdated:3']);
    expect(stale.election.isLeader()).toBe(false);
    expect(running.every((t) => t.events.every((e) => !e.startsWith('outdated')))).toBe(true);
  });

  it("waits while a context that is no tab holds the lock and posts 'hold', and never makes it the leader", async () => {
    world = new World();
    // The service worker's background delivery: the lock taken first, then `hold` every period.
    let release = () => {};
    const held = world.locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => {
      expect(lock).not.toBeNull();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await settle();
    const a = world.tab('a');
    const hold = () =>
      world.broadcast(null, { kind: 'election', type: 'hold', tabId: 'sw:1', schemaVersion: 2 });
    for (let i = 0; i < 6; i += 1) {
      hold();
      await world.advance(HEARTBEAT);
    }
    // Three steal periods went by: the tab still waits, and knows no leader.
    expect(a.count('leader')).toBe(0);
    expect(a.election.leaderId()).toBeNull();
    expect(a.events.filter((e) => e.startsWith('sees:'))).toEqual([]);
    expect(world.locks.holders(LOCK_NAME)).toBe(1);
    // The holder ends its run and releases: the tab's queued request is granted, no steal.
    release();
    await held;
    await world.advance(0);
    expect(world.leaders()).toEqual(['a']);
    // A leader tab that hears a stray `hold` stays the leader.
    hold();
    await world.advance(HEARTBEAT);
    expect(world.leaders()).toEqual(['a']);
    expect(a.count('lost')).toBe(0);
  });

  it("steals from a holder whose 'hold' messages stopped (a frozen or killed service worker)", async () => {
    world = new World();
    const held = world.locks
      .request(LOCK_NAME, { ifAvailable: true }, () => new Promise(() => {}))
      .then(
        () => 'released',
        (error: Error) => error.name,
      );
    await settle();
    world.tab('a');
    world.broadcast(null, { kind: 'election', type: 'hold', tabId: 'sw:1', schemaVersion: 2 });
    await world.advance(STALE + HEARTBEAT * 2);
    expect(world.leaders()).toEqual(['a']);
    expect(await held).toBe('AbortError');
  });

  it("marks a tab outdated on a 'hold' of a newer schema, and answers an older one", async () => {
    world = new World();
    const [a, b] = [world.tab('a'), world.tab('b')];
    await world.advance(HEARTBEAT);
    // What the tabs post from here on.
    const heard: unknown[] = [];
    const broadcast = world.broadcast.bind(world);
    world.broadcast = (from, data) => {
      if (from) heard.push(data);
      broadcast(from, data);
    };
    world.broadcast(null, { kind: 'election', type: 'hold', tabId: 'sw:old', schemaVersion: 1 });
    await world.advance(0);
    // An older holder is told the newer version, as an older tab is.
    expect(heard).toContainEqual(expect.objectContaining({ type: 'version', schemaVersion: 2 }));
    expect([a, b].flatMap((t) => t.events.filter((e) => e.startsWith('outdated')))).toEqual([]);
    world.broadcast(null, { kind: 'election', type: 'hold', tabId: 'sw:new', schemaVersion: 3 });
    await world.advance(0);
    expect(a.events).toContain('outdated:3');
    expect(b.events).toContain('outdated:3');
  });

  it('names the lock and the channel after the user', () => {
    expect(syncLockName(42)).toBe('purchasing-sync-42');
    expect(LOCK_NAME).toBe(syncLockName('user-1'));
    world = new World();
  });

  it('accepts the browser objects for its ports (typed against the DOM lib)', async () => {
    // Type-level: BroadcastChannel and LockManager fit the narrowed ports.
    const fitsChannel = (c: BroadcastChannel): ChannelLike => c;
    const fitsLocks = (l: LockManager): LocksLike => l;
    expect([typeof fitsChannel, typeof fitsLocks]).toEqual(['function', 'function']);
    // Node's own BroadcastChannel delivers between instances of the same name.
    const one = new BroadcastChannel('leader-test');
    const two = new BroadcastChannel('leader-test');
    const got = new Promise<unknown>((resolve) =>
      fitsChannel(two).addEventListener('message', (e) => resolve(e.data)),
    );
    fitsChannel(one).postMessage({ kind: 'election' });
    expect(await got).toEqual({ kind: 'election' });
    one.close();
    two.close();
    world = new World();
  });
});

describe('MemoryLocks (the test stand-in for navigator.locks)', () => {
  it('queues exclusive requests in order and rejects a stolen holder with AbortError', async () => {
    world = new World();
    const locks = new MemoryLocks();
    const order: string[] = [];
    let releaseFirst = () => {};
    const first = locks.request('n', { mode: 'exclusive' }, () => {
      order.push('first');
      return new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
    });
    const second = locks.request('n', { mode: 'exclusive' }, () => {
      order.push('second');
      return 'done';
    });
    await settle();
    expect(order).toEqual(['first']);
    const thief = locks.request('n', { steal: true }, () => 'stolen');
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(await thief).toBe('stolen');
    expect(await second).toBe('done');
    releaseFirst(); // releasing a stolen lock changes nothing
    expect(order).toEqual(['first', 'second']);
  });

  it('withdraws a queued request on abort, answers ifAvailable with null, refuses bad options', async () => {
    world = new World();
    const locks = new MemoryLocks();
    const hold = locks.request('n', {}, () => new Promise<void>(() => {}));
    await settle();
    const controller = new AbortController();
    const queued = locks.request('n', { signal: controller.signal }, () => 'never');
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    expect(await locks.request('n', { ifAvailable: true }, (lock) => lock)).toBeNull();
    await expect(
      locks.request('n', { steal: true, signal: controller.signal }, () => 1),
    ).rejects.toMatchObject({ name: 'NotSupportedError' });
    await expect(
      locks.request('n', { steal: true, mode: 'shared' }, () => 1),
    ).rejects.toMatchObject({
      name: 'NotSupportedError',
    });
    expect(locks.holders('n')).toBe(1);
    void hold;
  });
});
