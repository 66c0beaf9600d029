// One tab's sync session. It is responsible for:
// - the user's database, opened once per tab, and its end when another tab upgrades the schema,
//   deletes the database or signs out (the app is told);
// - the leader election of the user's tabs; while this tab leads, the engine and the live client
//   (leadership.ts), and its status posted to the followers;
// - each engine command run here when this tab leads, or routed to the leader (`dispatch`);
// - the access token: any tab posts a new one, the leader works with the newest;
// - the live channel's counters, events and status shared with every tab (live/liveShare.ts);
// - sign-out: refused while changes wait, else the other tabs told and the database deleted.
// No comlink and every browser facility injected (ports.ts), so the worker wraps it and Node tests
// run several sessions side by side.
import { type OutdatedReason, type PurchasingDb, SchemaOutdatedError } from '../data/db';
import { readClientId } from '../data/meta';
import type { LiveEvent, SyncApi, SyncSessionInfo, SyncSubscription } from './api';
import { enqueueEntry, newEntryId, newTemporaryId } from './engine/commands';
import type { SyncEngine } from './engine/engine';
import { storeFile } from './engine/files';
import type { SyncStatus } from './engine/status';
import { type Election, electLeader, syncLockName } from './leader/election';
import { type CommandRouter, CommandTimeoutError, createCommandRouter } from './leader/router';
import { type Leadership, type LeadershipDeps, startLeadership } from './leadership';
import { createLiveShare, type LiveShare } from './live/liveShare';
import { unsentEntries } from './outbox';
import type { ChannelLike, LocksLike } from './ports';
import {
  commandsVia,
  runCommand,
  type SyncCommand,
  type SyncCommandResults,
  type SyncCommandType,
} from './syncCommands';
import { readTabMessage, type TabMessage } from './tabMessages';

export interface SyncSessionDeps extends LeadershipDeps {
  tabId: string;
  locks: LocksLike;
  openChannel(name: string): ChannelLike & { close(): void };
  /** Opens the user's database; `onOutdated` once another tab upgrades or deletes it. */
  openDb(userId: string, onOutdated: (reason: OutdatedReason) => void): Promise<PurchasingDb>;
  /** Deletes the user's database (sign-out). */
  deleteDb(userId: string): Promise<void>;
  /** Subscribes to the device coming back online; returns the unsubscribe. */
  onOnline(callback: () => void): () => void;
  heartbeatMs?: number;
  staleAfterMs?: number;
  routerTimeoutMs?: number;
  /** How long sign-out waits for a delete that a connection elsewhere still blocks; 5 s. */
  deleteWaitMs?: number;
  /** How long the leader holds a follower's watched topics without hearing from it; 1 min. */
  watchLeaseMs?: number;
}

/**
 * The worker's API as the session implements it: the same methods, but each `on…` returns its
 * unsubscribe (the worker drops them all on stop).
 */
export interface SyncSession extends Omit<SyncApi, SyncSubscription>, Subscriptions {
  /** This tab runs the engine now (tests, diagnostics). */
  isLeader(): boolean;
}

type Subscriptions = {
  [K in SyncSubscription]: (callback: Parameters<SyncApi[K]>[0]) => () => void;
};

interface Running {
  info: SyncSessionInfo;
  db: PurchasingDb;
  channel: ChannelLike & { close(): void };
  election: Election;
  router: CommandRouter;
  share: LiveShare;
  stopOnline(): void;
  onChannel(event: { data: unknown }): void;
}

export function createSyncSession(deps: SyncSessionDeps): SyncSession {
  let token: string | null = null;
  let running: Running | null = null;
  let leading: Leadership | null = null;
  /** Engines of lost leaderships still finishing their requests. */
  const stopping = new Set<Promise<void>>();
  const statusListeners = new Set<(status: SyncStatus) => void>();
  const renewListeners = new Set<() => void>();
  const outdatedListeners = new Set<() => void>();
  const signedOutListeners = new Set<() => void>();
  const liveListeners = new Set<(event: LiveEvent) => void>();
  const getToken = async () => token;

  const notify = (status: SyncStatus) => {
    for (const listener of statusListeners) listener(status);
  };
  const emit = (listeners: ReadonlySet<() => void>) => {
    for (const listener of listeners) listener();
  };
  const listen = <T>(listeners: Set<T>, callback: T) => {
    listeners.add(callback);
    return () => {
      listeners.delete(callback);
    };
  };
  const post = (run: Running, message: TabMessage) => run.channel.postMessage(message);

  function lead(run: Running) {
    const state = startLeadership(deps, {
      info: run.info,
      db: run.db,
      getToken,
      onStatus: (status) => {
        notify(status);
        post(run, { kind: 'sync-status', status });
      },
      onRenewToken: () => emit(renewListeners),
      onLive: (event) => run.share.fromLeader(event),
    });
    leading = state;
    run.share.lead((topics) => state.watch(topics));
  }

  function stepDown() {
    const state = leading;
    if (!state) return;
    leading = null;
    const done = state.stop();
    stopping.add(done);
    void done.finally(() => stopping.delete(done));
  }

  /** The engine of this tab's leadership, once started; throws on a follower. */
  async function engineHere(): Promise<SyncEngine> {
    const state = leading;
    if (!state) throw new Error('this tab does not lead the sync');
    await state.ready;
    return state.engine;
  }

  /** A command the router brought to this tab, the leader. */
  async function handle(command: SyncCommand): Promise<unknown> {
    return runCommand(await engineHere(), command);
  }

  /** One command: run by the engine here when this tab leads, else sent to the leader. */
  async function dispatch<K extends SyncCommandType>(
    command: SyncCommand<K>,
  ): Promise<SyncCommandResults[K]> {
    if (leading) return runCommand(await engineHere(), command);
    return current().router.send(command);
  }

  /** A new access token: kept (for a later leadership too), and a 401 pause here goes on. */
  function adoptToken(next: string | null) {
    token = next;
    if (next !== null && leading?.engine.status().pausedForAuth) leading.engine.resume();
  }

  /**
   * Ends the session: out of the election, the channel and the engine. The database closes once
   * the engine's running requests are answered, or at once (`closeNow`) when this code must not
   * write to it any more (a newer schema) or it is about to be deleted.
   */
  async function shutdown(run: Running, closeNow: boolean): Promise<void> {
    if (running === run) running = null;
    run.stopOnline();
    run.election.close();
    run.share.close();
    stepDown();
    run.router.close();
    run.channel.removeEventListener('message', run.onChannel);
    if (closeNow) run.db.close();
    await Promise.all(stopping);
    run.channel.close();
    run.db.close();
  }

  /**
   * Another tab upgraded the schema or signed the user out: stop here and tell the app once the
   * database is closed, without waiting for the engine's last requests.
   */
  async function end(run: Running, why: 'outdated' | 'signed-out'): Promise<void> {
    if (running !== run) return;
    if (why === 'signed-out') token = null;
    const done = shutdown(run, true);
    emit(why === 'outdated' ? outdatedListeners : signedOutListeners);
    await done;
  }

  /**
   * Deletes the database, waiting at most `deleteWaitMs` for connections that do not close on
   * request (a frozen tab, an older app): their delete stays queued and completes when they go.
   */
  async function deleteDatabase(userId: string): Promise<void> {
    const deleted = deps.deleteDb(userId);
    deleted.catch(() => undefined);
    let timer: unknown = null;
    const waited = new Promise<void>((resolve) => {
      timer = deps.setTimer(resolve, deps.deleteWaitMs ?? 5000);
    });
    try {
      await Promise.race([deleted, waited]);
    } finally {
      deps.clearTimer(timer);
    }
  }

  const current = (): Running => {
    if (!running) throw new Error('sync session not started');
    return running;
  };

  return {
    ...commandsVia(dispatch),

    async start(info) {
      if (running) return;
      const userId = String(info.userId);
      // Set once the session runs: an upgrade or a delete before then has no session to end.
      const opened: { run: Running | null } = { run: null };
      const db = await deps
        .openDb(userId, (reason) => {
          if (opened.run) void end(opened.run, reason === 'deleted' ? 'signed-out' : 'outdated');
        })
        .catch((error: unknown) => {
          if (error instanceof SchemaOutdatedError) emit(outdatedListeners);
          throw error;
        });
      // The tabs' channel bears the lock's name (the service worker posts its `hold` there).
      const channel = deps.openChannel(syncLockName(userId));
      const onChannel = (event: { data: unknown }) => {
        const message = readTabMessage(event.data);
        if (message?.kind === 'sync-status' && !leading) notify(message.status);
        if (message?.kind === 'sync-token') adoptToken(message.token);
        if (message?.kind === 'sync-signed-out') void end(run, 'signed-out');
        run.share.hear(event.data);
      };
      channel.addEventListener('message', onChannel);
      const clock = { now: deps.now, setTimer: deps.setTimer, clearTimer: deps.clearTimer };
      let router: CommandRouter | null = null;
      const run: Running = {
        info,
        db,
        channel,
        onChannel,
        stopOnline: () => undefined,
        share: createLiveShare({
          tabId: deps.tabId,
          post: (message) => channel.postMessage(message),
          notify: (event) => {
            for (const listener of liveListeners) listener(event);
          },
          ...clock,
          ...(deps.watchLeaseMs === undefined ? {} : { leaseMs: deps.watchLeaseMs }),
        }),
        router: createCommandRouter({
          channel,
          tabId: deps.tabId,
          isLeader: () => leading !== null,
          handle,
          setTimer: deps.setTimer,
          clearTimer: deps.clearTimer,
          ...(deps.routerTimeoutMs === undefined ? {} : { timeoutMs: deps.routerTimeoutMs }),
        }),
        election: electLeader({
          lockName: syncLockName(userId),
          tabId: deps.tabId,
          locks: deps.locks,
          channel,
          ...clock,
          ...(deps.heartbeatMs === undefined ? {} : { heartbeatMs: deps.heartbeatMs }),
          ...(deps.staleAfterMs === undefined ? {} : { staleAfterMs: deps.staleAfterMs }),
          onBecomeLeader: () => lead(run),
          onLoseLeadership: () => {
            run.share.stepDown();
            stepDown();
          },
          onOutdated: () => void end(run, 'outdated'),
          onLeaderChange: (leaderId) => {
            router?.leaderChanged();
            if (leaderId !== null && leaderId !== deps.tabId) run.share.leaderChanged();
          },
        }),
      };
      router = run.router;
      run.stopOnline = deps.onOnline(() => {
        if (leading) void leading.engine.pullNow();
      });
      running = run;
      opened.run = run;
      // This tab's sign-in may be newer than the leader's.
      if (token !== null) post(run, { kind: 'sync-token', token });
    },

    async stop() {
      if (running) await shutdown(running, false);
    },

    setToken(next) {
      adoptToken(next);
      // All tabs of the user share the sign-in; signing out goes through `signOut`.
      if (next !== null && running) post(running, { kind: 'sync-token', token: next });
    },

    async enqueue(companyId, mutation, drawn) {
      if (leading) return dispatch({ type: 'enqueue', args: [companyId, mutation, drawn] });
      const run = current();
      // Drawn before the command leaves: re-sent to a new leader, it is still written once.
      const entryId = drawn ?? (await newEntryId(run.db));
      return run.router
        .send({ type: 'enqueue', args: [companyId, mutation, entryId] })
        .catch(async (error: unknown) => {
          if (!(error instanceof CommandTimeoutError) || running !== run) throw error;
          // No leader answered (a frozen one not yet replaced): the change is written here, under
          // the same id, so a leader that runs the command late writes nothing. The next leader's
          // start, or this one's next round, sends it.
          const clientId = await readClientId(run.db);
          const { userSub } = run.info;
          return enqueueEntry(run.db, {
            clientId,
            userSub,
            companyId,
            now: deps.now(),
            mutation,
            entryId,
          });
        });
    },

    // Any tab may draw one: the counter lives in the shared database, in its own transaction.
    temporaryId: () => newTemporaryId(current().db),

    // Any tab, like temporaryId: the blob goes straight to the shared database.
    storeFile: (companyId, file) =>
      storeFile(current().db, {
        companyId,
        userSub: current().info.userSub,
        now: deps.now(),
        file,
      }),

    async signOut({ discardPending }) {
      const run = current();
      if (!discardPending) {
        const pending = await unsentEntries(run.db);
        if (pending > 0) return { signedOut: false, pending };
      }
      post(run, { kind: 'sync-signed-out' });
      token = null;
      // The shutdown closes this tab's connection at once, so the delete only waits for others.
      await Promise.all([shutdown(run, true), deleteDatabase(String(run.info.userId))]);
      return { signedOut: true };
    },

    onStatus: (callback) => listen(statusListeners, callback),
    onRenewToken: (callback) => listen(renewListeners, callback),
    onOutdated: (callback) => listen(outdatedListeners, callback),
    onSignedOut: (callback) => listen(signedOutListeners, callback),
    onLive: (callback) => listen(liveListeners, callback),

    liveCounters: async () => current().share.counters(),
    watchTopics: async (topics) => current().share.watch(topics),
    unwatchTopics: async (id) => current().share.unwatch(id),

    isLeader: () => leading !== null && (running?.election.isLeader() ?? false),
  };
}
