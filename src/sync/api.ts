// The one typed API of the sync worker, declared once: the worker implements it
// (`satisfies SyncApi`), the main thread gets it as comlink's `Remote<SyncApi>`. The engine's
// commands (`pullNow`, `enqueue`, `retry`, `discard`, `status`) are not restated here: they are
// SyncEngine's methods named in syncCommands.ts, so a follower tab and the leader tab answer the
// same types. The rest is the session's own: start, sign-out, files, subscriptions, live topics.
import type { FileInput, StoreFileResult } from './engine/files';
import type { SyncStatus } from './engine/status';
import type { LiveStatus } from './live/liveClient';
import type { SyncCommands } from './syncCommands';

export type { LiveStatus };

/** Who is signed in and where the server is; one session per signed-in user. */
export interface SyncSessionInfo {
  /** The account id: names the local database, the leader lock and the live `connect`. */
  userId: number;
  /** The token's subject: only outbox entries written under it are sent. */
  userSub: string;
  companies: number[];
  /** The server's origin (no trailing slash); '' for same-origin. */
  baseUrl: string;
  /** The live channel's URL (`wss://…/ws`). */
  wsUrl: string;
}

/**
 * What the leader's live channel hands the app (docs/api.md §4 topics): a to-do counter's new
 * value, an event on another topic (`todo.state.*`, a watched `todo.b.*.messages`: its payload as
 * the server sent it), or the channel's own status.
 */
export type LiveEvent =
  | { kind: 'counter'; topic: string; count: number }
  | { kind: 'event'; topic: string; payload: unknown }
  | { kind: 'status'; status: LiveStatus };

/** `signOut`'s answer: refused while changes wait (the app asks the user first), else done. */
export type SignOutResult = { signedOut: true } | { signedOut: false; pending: number };

/** The `on…` methods: each registers a callback for the session's life. */
export type SyncSubscription =
  | 'onStatus'
  | 'onRenewToken'
  | 'onOutdated'
  | 'onSignedOut'
  | 'onLive';

/**
 * The session's methods below, and the engine's commands: `pullNow`, `enqueue`, `retry`,
 * `discard` and `status`, documented on SyncEngine's methods (engine/engine.ts); a follower tab's
 * go to the leader tab (session.ts).
 */
export interface SyncApi extends SyncCommands {
  /**
   * Opens the user's database and joins the user's tabs; rejects with SchemaOutdatedError (and
   * calls `onOutdated`) when a newer app has already upgraded the database.
   */
  start(session: SyncSessionInfo): Promise<void>;
  /** Leaves the tabs and closes the database; callbacks given to the `on…` methods are dropped. */
  stop(): Promise<void>;
  /**
   * The current access token (null: none in this tab). A token also goes to the user's other
   * tabs, so the leader uses the newest sign-in of any tab, and it resumes a 401 pause there.
   */
  setToken(token: string | null): void;
  /** A temporary (negative) id for a row created offline. */
  temporaryId(): Promise<number>;
  /**
   * Keeps an attachment on the device until the engine uploads it (before the entries that name
   * it go), in any tab; resolves to the reference to put in the mutation, or to the message of
   * the domain's upload rules (or of a storage fault) with nothing stored.
   */
  storeFile(companyId: number, file: FileInput): Promise<StoreFileResult>;
  /**
   * Signs the user out of this device: with changes not yet on the server and `discardPending`
   * false it refuses and says how many (ask the user, then call again with true). Otherwise it
   * stops the session, tells the user's other tabs (their `onSignedOut`) and deletes the user's
   * database; a connection elsewhere that does not close delays the delete, never the answer.
   */
  signOut(options: { discardPending: boolean }): Promise<SignOutResult>;
  /** Every new status of the leader's engine (from the main thread: a comlink `proxy`). */
  onStatus(callback: (status: SyncStatus) => void): void;
  /** The live channel wants a fresh token (from the main thread: a comlink `proxy`). */
  onRenewToken(callback: () => void): void;
  /**
   * Another tab runs a newer schema (or this app is older than the database): the session has
   * stopped and closed the database; the app must reload to get the newer code.
   */
  onOutdated(callback: () => void): void;
  /** Another tab signed the user out: the session has stopped; the app goes to sign-in. */
  onSignedOut(callback: () => void): void;
  /**
   * Everything the leader's live channel hears, in every tab: a counter when its value changes
   * (the to-do counters `todo.my-unread.{userId}`, `todo.my-undealt.{userId}`,
   * `todo.all-user-undealt.{companyId}`, `todo.all-user-delay.{companyId}`, held from the start
   * and read from the server each time the channel signs in), events on `todo.state.{companyId}`
   * and on the topics any tab watches, and the channel's status. From the main thread: a comlink
   * `proxy`; register it before `start` so nothing is missed.
   */
  onLive(callback: (event: LiveEvent) => void): void;
  /**
   * The latest value of each counter this tab has heard, by topic: right after `start` a follower
   * may know none yet; the leader's answer arrives as `onLive` counter events.
   */
  liveCounters(): Promise<Record<string, number>>;
  /**
   * Holds topics on the leader's live channel (an open chat panel's
   * `todo.b.{module}.{moduleId}.messages`) until `unwatchTopics` with the id this resolves to.
   * Their events reach `onLive` in every tab. A new leader holds them again; a tab that dies
   * without unwatching loses them after a minute. A topic the server refuses is dropped.
   */
  watchTopics(topics: string[]): Promise<string>;
  /** Ends a `watchTopics`; an unknown id does nothing. */
  unwatchTopics(id: string): Promise<void>;
}
