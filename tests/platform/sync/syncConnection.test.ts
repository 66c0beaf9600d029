// The tab's sync connection and the live channel: its snapshot keeps the to-do counters (the
// worker's answer after start, then each counter event, without an older answer undoing a newer
// event) and the channel's status, and `watchTopics` holds topics in the worker, hands their
// events to its listener only, and lets them go. The worker is a fake SyncApi behind real comlink
// over a MessageChannel, as the app's worker is.
import 'fake-indexeddb/auto';
import { MessageChannel } from 'node:worker_threads';
import { expose, wrap } from 'comlink';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { openUserDatabase } from '../../../src/data/db';
import { SyncConnection, type SyncSnapshot } from '../../../src/platform/sync/syncConnection';
import type { LiveEvent, SyncApi, SyncSessionInfo } from '../../../src/sync/api';
import type { SyncStatus } from '../../../src/sync/engine/status';

const STATUS: SyncStatus = {
  online: true,
  pausedForAuth: false,
  companies: [],
  pending: 0,
  oldestPendingAgeMs: null,
  failed: [],
  unreadable: [],
  waitingForUploads: 0,
  storage: null,
  storageError: null,
  uploads: {},
};

const INFO: SyncSessionInfo = {
  userId: 7,
  userSub: '7',
  companies: [3],
  baseUrl: '',
  wsUrl: 'ws://127.0.0.1:1/ws',
};

/** A promise and the call that settles it (Node 20 has no Promise.withResolvers). */
function gate(): { promise: Promise<void>; resolve(): void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A worker whose live channel the test drives: `emit` is the leader hearing something, kept in
 * the worker's counters as the session does. `liveCounters` takes its answer when `answer()` is
 * called and sends it when `reply()` is, so a test can slip events in between.
 */
function fakeWorker(initial: Record<string, number>) {
  const listeners: Array<(event: LiveEvent) => void> = [];
  const counters = { ...initial };
  const watches = new Map<string, string[]>();
  const gates = { asked: false, taken: false };
  const answerGate = gate();
  const replyGate = gate();
  const api = {
    start: async () => undefined,
    stop: async () => undefined,
    setToken: () => undefined,
    pullNow: async () => undefined,
    enqueue: async () => 'entry-1',
    temporaryId: async () => -1,
    storeFile: async () => ({ ok: false as const, message: '' }),
    retry: async () => true,
    discard: async () => [],
    status: async () => STATUS,
    signOut: async () => ({ signedOut: true as const }),
    onStatus: () => undefined,
    onRenewToken: () => undefined,
    onOutdated: () => undefined,
    onSignedOut: () => undefined,
    onLive: (callback: (event: LiveEvent) => void) => {
      listeners.push(callback);
    },
    liveCounters: async () => {
      gates.asked = true;
      await answerGate.promise;
      const answer = { ...counters };
      gates.taken = true;
      await replyGate.promise;
      return answer;
    },
    watchTopics: async (topics: string[]) => {
      const id = `watch-${watches.size + 1}`;
      watches.set(id, topics);
      return id;
    },
    unwatchTopics: async (id: string) => {
      watches.delete(id);
    },
  } satisfies SyncApi;
  return {
    api,
    watches,
    counters,
    asked: () => gates.asked,
    taken: () => gates.taken,
    answer: () => answerGate.resolve(),
    reply: () => replyGate.resolve(),
    emit: (event: LiveEvent) => {
      if (event.kind === 'counter') counters[event.topic] = event.count;
      for (const listener of listeners) listener(event);
    },
  };
}

const ports: Array<{ close(): void }> = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

function connect(worker: ReturnType<typeof fakeWorker>) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  // Node's ports are comlink endpoints at run time; their DOM typings differ in detail.
  expose(worker.api, port1 as unknown as Parameters<typeof expose>[1]);
  const connection = new SyncConnection({
    createClient: () => wrap<SyncApi>(port2 as unknown as Parameters<typeof wrap>[0]),
    openDb: (userId, options) =>
      openUserDatabase(`connection-test-${userId}-${ports.length}`, {
        ...options,
        indexedDB,
        IDBKeyRange,
      }),
    watchAppSignals: () => () => undefined,
    requestPersistence: async () => true,
  });
  return connection;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function started(
  connection: SyncConnection,
  worker: ReturnType<typeof fakeWorker>,
): Promise<SyncSnapshot> {
  worker.answer();
  worker.reply();
  connection.start(INFO);
  await until(() => connection.getSnapshot().db !== null, 'the database');
  return connection.getSnapshot();
}

describe('SyncConnection and the live channel', () => {
  it('keeps the counters and the channel’s status in its snapshot', async () => {
    const worker = fakeWorker({ 'todo.my-unread.7': 2, 'todo.my-undealt.7': 5 });
    const connection = connect(worker);
    const snapshot = await started(connection, worker);
    expect(snapshot.counters).toEqual({ 'todo.my-unread.7': 2, 'todo.my-undealt.7': 5 });
    expect(snapshot.live).toBeNull();

    worker.emit({ kind: 'counter', topic: 'todo.my-unread.7', count: 3 });
    worker.emit({ kind: 'status', status: 'connected' });
    await until(() => connection.getSnapshot().live === 'connected', 'the status');
    expect(connection.getSnapshot().counters).toEqual({
      'todo.my-unread.7': 3,
      'todo.my-undealt.7': 5,
    });
    snapshot.db?.close();
  });

  it('keeps a counter heard after the worker took its answer, even if the answer comes later', async () => {
    const worker = fakeWorker({ 'todo.my-unread.7': 2 });
    const connection = connect(worker);
    connection.start(INFO);
    await until(() => worker.asked(), 'the question');
    // Heard after the question, before the answer is taken: the answer has it too.
    worker.emit({ kind: 'counter', topic: 'todo.all-user-delay.3', count: 4 });
    worker.answer();
    await until(() => worker.taken(), 'the answer taken');
    // Heard after the answer was taken, and here before the answer arrives.
    worker.emit({ kind: 'counter', topic: 'todo.my-unread.7', count: 6 });
    const unread = () => connection.getSnapshot().counters['todo.my-unread.7'];
    await until(() => unread() === 6, 'the event');
    worker.reply();
    await until(() => connection.getSnapshot().db !== null, 'the database');
    expect(connection.getSnapshot().counters).toEqual(worker.counters);
    expect(unread()).toBe(6);
    connection.getSnapshot().db?.close();
  });

  it('holds watched topics in the worker and hands their events to that listener only', async () => {
    const worker = fakeWorker({});
    const connection = connect(worker);
    const snapshot = await started(connection, worker);
    const chat = 'todo.b.ORDER.9.messages';
    const heard: Array<[string, unknown]> = [];
    const stop = connection.watchTopics([chat], (topic, payload) => heard.push([topic, payload]));
    await until(() => worker.watches.size === 1, 'the watch');
    expect([...worker.watches.values()]).toEqual([[chat]]);

    worker.emit({ kind: 'event', topic: 'todo.state.3', payload: { id: 1 } });
    worker.emit({ kind: 'event', topic: chat, payload: { event_type: 'ADD' } });
    await until(() => heard.length === 1, 'the event');
    expect(heard).toEqual([[chat, { event_type: 'ADD' }]]);

    stop();
    await until(() => worker.watches.size === 0, 'the unwatch');
    worker.emit({ kind: 'event', topic: chat, payload: { event_type: 'UPDATE' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toHaveLength(1);
    snapshot.db?.close();
  });
});
