// One tab's sync session (issue 4 item 2): opens the user's database, joins the leader election
// of the user's tabs, and while this tab leads runs the engine and the live client
// (leadership.ts). Commands go to the engine here when this tab leads and over the router to the
// leader otherwise. On the tab channel the leader posts its status (followers show the same),
// any tab posts a new access token (the leader works with whichever tab signed in last), and a
// tab that signs out tells the others to close. The live channel's counters, events and status
// reach every tab the same way, and the leader holds the topics any tab watches
// (live/liveShare.ts). A newer schema in another tab, or the database deleted under this one,
// ends the session and tells the app. No comlink and every browser facility injected, so the
// worker wraps it and Node tests run several sessions side by side.

import { type OutdatedReason, type PurchasingDb, SchemaOutdatedError } from '../data/db';
import { readClientId } from '../data/meta';
import type { LiveEvent, SignOutResult, SyncSessionInfo } from './api';
import type { MutationInput } from './core/mutations';
import { enqueueEntry, newEntryId, newTemporaryId } from './engine/commands';
import type { SyncEngine } from './engine/engine';
import { type FileInput, type StoreFileResult, storeFile } from './engine/files';
import type { SyncStatus } from './engine/status';
import { type Election, electLeader } from './leader/election';
import {
  type CommandRouter,
  CommandTimeoutError,
  createCommandRouter,
  type SyncCommand,
} from './leader/router';
import { type Leadership, type LeadershipDeps, startLeadership } from './leadership';
import { createLiveShare, type LiveShare } from './live/liveShare';
import { unsentEntries } from './outbox';
import type { ChannelLike, LocksLike } from './ports';
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

export interface SyncSession {
  start(info: SyncSessionInfo): Promise<void>;
  stop(): Promise<void>;
  setToken(token: string | null): void;
  pullNow(companyId?: number): Promise<void>;
  enqueue(companyId: number, mutation: MutationInput): Promise<string>;
  temporaryId(): Promise<number>;
  storeFile(companyId: number, file: FileInput): Promise<StoreFileResult>;
  retry(entryId: string, options?: { overwrite?: boolean }): Promise<boolean>;
  discard(entryId: string): Promise<string[]>;
  status(): Promise<SyncStatus>;
  signOut(options: { discardPending: boolean }): Promise<SignOutResult>;
  onStatus(callback: (status: SyncStatus) => void): () => void;
  onRenewToken(callback: () => void): () => void;
  onOutdated(callback: () => void): () => void;
  onSignedOut(callback: () => void): () => void;
  onLive(callback: (event: LiveEvent) => void): () => void;
  liveCounters(): Promise<Record<string, number>>;
  watchTopics(topics: string[]): Promise<string>;
  unwatchTopics(id: string): Promise<void>;
  /** This tab runs the engine now (tests, diagnostics). */
  isLeader(): boolean;
}

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

  async function handle(command: SyncCommand): Promise<unknown> {
    const engine = await engineHere();
    switch (command.type) {
      case 'pullNow':
        return engine.pullNow(command.companyId);
      case 'enqueue':
        return engine.enqueue(command.companyId, command.mutation, command.entryId);
      case 'retry':
        return engine.retry(command.entryId, { overwrite: command.overwrite ?? false });
      case 'discard':
        return engine.discard(command.entryId);
      case 'status':
        return engine.status();
    }
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
  /** The leader's engine here, or null when the command must go over the router. */
  const local = () => (leading ? engineHere() : null);

  return {
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
      const channel = deps.openChannel(`purchasing-sync-${userId}`);
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
          lockName: `purchasing-sync-${userId}`,
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

    async pullNow(companyId) {
      const engine = local();
      if (engine) return (await engine).pullNow(companyId);
      const command = companyId === undefined ? {} : { companyId };
      return current().router.send({ type: 'pullNow', ...command });
    },

    async enqueue(companyId, mutation) {
      const engine = local();
      if (engine) return (await engine).enqueue(companyId, mutation);
      const run = current();
      // Drawn before the command leaves: re-sent to a new leader, it is still written once.
      const entryId = await newEntryId(run.db);
      return run.router
        .send({ type: 'enqueue', companyId, mutation, entryId })
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

    async retry(entryId, options = {}) {
      const engine = local();
      if (engine) return (await engine).retry(entryId, options);
      const overwrite = options.overwrite === undefined ? {} : { overwrite: options.overwrite };
      return current().router.send({ type: 'retry', entryId, ...overwrite });
    },

    async discard(entryId) {
      const engine = local();
      if (engine) return (await engine).discard(entryId);
      return current().router.send({ type: 'discard', entryId });
    },

    async status() {
      const engine = local();
      if (engine) return (await engine).status();
      return current().router.send({ type: 'status' });
    },

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
