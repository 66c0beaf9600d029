import { afterEach, describe, expect, it } from 'vitest';
import type { MutationInput } from '../../../src/sync/core/mutations';
import {
  CommandFailedError,
  type CommandRouter,
  CommandTimeoutError,
  createCommandRouter,
} from '../../../src/sync/leader/router';
import { SYNC_COMMANDS, type SyncCommand } from '../../../src/sync/syncCommands';
import { type Tab, World } from './leaderHarness';

const HEARTBEAT = 2000;
let world: World;
afterEach(() => {
  for (const tab of world.tabs) if (!tab.closed) tab.close();
});

/** A stand-in engine per tab: records what it ran, answers like the engine's methods. */
function attach(tab: Tab, hang: (command: SyncCommand) => boolean = () => false) {
  const ran: string[] = [];
  const received: SyncCommand[] = [];
  const router: CommandRouter = createCommandRouter({
    channel: tab.channel,
    tabId: tab.tabId,
    isLeader: tab.election.isLeader,
    setTimer: tab.clock.setTimer,
    clearTimer: tab.clock.clearTimer,
    handle: async (command) => {
      ran.push(command.type);
      received.push(command);
      if (hang(command)) return new Promise(() => {});
      switch (command.type) {
        case 'pullNow':
          return undefined;
        case 'enqueue':
          return `entry-from-${tab.tabId}`;
        case 'retry':
          return command.args[0] === 'e1';
        case 'discard':
          if (command.args[0] === 'applied') throw new Error('entry already applied');
          return [command.args[0]];
        case 'status':
          return { pending: 3, servedBy: tab.tabId };
      }
    },
  });
  tab.leaderChangeHooks.push(() => router.leaderChanged());
  return { router, ran, received };
}

describe('createCommandRouter', () => {
  it('carries each follower command to the leader and its answer back', async () => {
    world = new World();
    const [a, b] = [world.tab('a'), world.tab('b')];
    const leader = attach(a);
    const follower = attach(b);
    await world.advance(HEARTBEAT);
    const mutation = { type: 'todo.setState', payload: {} } as unknown as MutationInput;
    const answers = Promise.all([
      follower.router.send({ type: 'pullNow', args: [7] }),
      follower.router.send({ type: 'enqueue', args: [7, mutation, 'c:1'] }),
      follower.router.send({ type: 'retry', args: ['e1', { overwrite: true }] }),
      follower.router.send({ type: 'discard', args: ['e2'] }),
      follower.router.send({ type: 'status', args: [] }),
    ]);
    await world.advance(0);
    expect(await answers).toEqual([
      undefined,
      'entry-from-a',
      true,
      ['e2'],
      { pending: 3, servedBy: 'a' },
    ]);
    expect(leader.ran).toEqual(['pullNow', 'enqueue', 'retry', 'discard', 'status']);
    // Every command the engine declares reached the leader with its arguments.
    expect(leader.ran).toEqual([...SYNC_COMMANDS]);
    expect(leader.received[2]).toEqual({ type: 'retry', args: ['e1', { overwrite: true }] });
    expect(follower.ran).toEqual([]);
  });

  it('runs the leader tab’s own commands locally, and returns the leader’s failure as an error', async () => {
    world = new World();
    const [a, b] = [world.tab('a'), world.tab('b')];
    const leader = attach(a);
    const follower = attach(b);
    await world.advance(HEARTBEAT);
    expect(await leader.router.send({ type: 'status', args: [] })).toEqual({
      pending: 3,
      servedBy: 'a',
    });
    const refused = follower.router.send({ type: 'discard', args: ['applied'] }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await world.advance(0);
    const error = await refused;
    expect(error).toBeInstanceOf(CommandFailedError);
    expect(error).toMatchObject({ message: 'entry already applied' });
  });

  it('re-sends a repeatable command to the new leader when the old one goes mid-command', async () => {
    world = new World();
    const [a, b, c] = [world.tab('a'), world.tab('b'), world.tab('c')];
    const old = attach(a, (command) => command.type === 'pullNow'); // takes the command, never answers
    const next = attach(b);
    const follower = attach(c);
    await world.advance(HEARTBEAT);
    const answer = follower.router.send({ type: 'pullNow', args: [] });
    await world.advance(0);
    expect(old.ran).toEqual(['pullNow']);
    a.close();
    // Well within the 5 s timeout, so an answer here came from the new leader.
    await world.advance(HEARTBEAT);
    const outcome = await Promise.race([
      answer.then(() => 'answered by the new leader'),
      world.advance(5000).then(() => 'no answer'),
    ]);
    expect(outcome).toBe('answered by the new leader');
    expect(next.ran).toEqual(['pullNow']);
  });

  it('re-sends enqueue to a new leader with the entry id its tab drew', async () => {
    world = new World();
    const [a, b, c] = [world.tab('a'), world.tab('b'), world.tab('c')];
    const old = attach(a, (command) => command.type === 'enqueue');
    const next = attach(b);
    const follower = attach(c);
    await world.advance(HEARTBEAT);
    const mutation = { type: 'todo.setState', payload: {} } as unknown as MutationInput;
    const command: SyncCommand<'enqueue'> = { type: 'enqueue', args: [1, mutation, 'c:7'] };
    const answer = follower.router.send(command);
    await world.advance(0);
    a.close();
    await world.advance(HEARTBEAT);
    const outcome = await Promise.race([answer, world.advance(5000).then(() => 'no answer')]);
    expect(outcome).toBe('entry-from-b');
    // The same command, id included: the new leader writes it only if the old one did not.
    expect(old.received).toEqual([command]);
    expect(next.received).toEqual([command]);
  });

  it('runs only the commands the engine declares, with their arguments as a list', async () => {
    world = new World();
    const [a, b] = [world.tab('a'), world.tab('b')];
    const leader = attach(a);
    await world.advance(HEARTBEAT);
    const command = (body: unknown) => ({ kind: 'command', id: 'b:1', from: 'b', command: body });
    b.channel.postMessage(command({ type: 'stop', args: [] }));
    b.channel.postMessage(command({ type: 'pullNow', companyId: 7 }));
    b.channel.postMessage(command({ type: 'pullNow', args: [7] }));
    await world.advance(0);
    expect(leader.received).toEqual([{ type: 'pullNow', args: [7] }]);
  });

  it('times out after 5 s with a clear error when no tab leads', async () => {
    world = new World();
    const [a, b] = [world.tab('a'), world.tab('b')];
    const follower = attach(b);
    await world.advance(HEARTBEAT);
    a.freeze(); // the leader neither answers nor is replaced yet
    const outcome = follower.router.send({ type: 'status', args: [] }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await world.advance(5000);
    const error = await outcome;
    expect(error).toBeInstanceOf(CommandTimeoutError);
    expect(error).toMatchObject({ command: 'status', message: 'no sync leader answered status' });
  });

  it('works over a real BroadcastChannel (Node’s)', async () => {
    world = new World();
    const leaderChannel = new BroadcastChannel('router-test');
    const followerChannel = new BroadcastChannel('router-test');
    const timers = { setTimer: setTimeout, clearTimer: (h: unknown) => clearTimeout(h as number) };
    const leader = createCommandRouter({
      ...timers,
      channel: leaderChannel,
      tabId: 'leader',
      isLeader: () => true,
      handle: async (command) => (command.type === 'retry' ? command.args[0] === 'x' : null),
    });
    const follower = createCommandRouter({
      ...timers,
      channel: followerChannel,
      tabId: 'follower',
      isLeader: () => false,
      handle: async () => {
        throw new Error('a follower never handles');
      },
    });
    try {
      expect(await follower.send({ type: 'retry', args: ['x'] })).toBe(true);
    } finally {
      leader.close();
      follower.close();
      leaderChannel.close();
      followerChannel.close();
    }
  });
});
