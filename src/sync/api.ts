// The one typed API of the sync worker (issue 4 item 2), declared once: the worker implements it
// (`satisfies SyncApi`), the main thread gets it as comlink's `Remote<SyncApi>`. Results are the
// engine's own (through the router's SyncCommandResults), so a follower tab and the leader tab
// answer the same types.
import type { MutationInput } from './core/mutations';
import type { SyncStatus } from './engine/status';
import type { SyncCommandResults } from './leader/router';

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

export interface SyncApi {
  start(session: SyncSessionInfo): Promise<void>;
  stop(): Promise<void>;
  /** The current access token (null: signed out); a new one also resumes a 401 pause. */
  setToken(token: string | null): void;
  pullNow(companyId?: number): Promise<void>;
  enqueue(companyId: number, mutation: MutationInput): Promise<SyncCommandResults['enqueue']>;
  /** A temporary (negative) id for a row created offline. */
  temporaryId(): Promise<number>;
  retry(entryId: string, options?: { overwrite?: boolean }): Promise<SyncCommandResults['retry']>;
  discard(entryId: string): Promise<SyncCommandResults['discard']>;
  status(): Promise<SyncStatus>;
  /** Every new status of the leader's engine (from the main thread: a comlink `proxy`). */
  onStatus(callback: (status: SyncStatus) => void): void;
  /** The live channel wants a fresh token (from the main thread: a comlink `proxy`). */
  onRenewToken(callback: () => void): void;
}
