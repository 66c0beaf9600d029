// The session's states and ports (src/platform/session/sessionController.ts): what React reads, what
// the controller needs from sign-in, the sync worker, the device's storage and the server.

import type { UserInfo } from '../../contract/api/account';
import type { SignOutResult, SyncSessionInfo } from '../../sync/api';
import type { UnsentEntry } from '../../sync/outbox';
import type { Clock } from '../../sync/ports';
import type { Auth } from '../auth/auth';
import type { SessionAccount, SessionCompany } from './account';
import type { SessionStore } from './sessionStore';

/** What the session needs of the sync worker (src/platform/sync/syncConnection.ts). */
export interface SyncPort {
  start(info: SyncSessionInfo): void;
  setToken(token: string | null): void;
  signOut(discardPending: boolean): Promise<SignOutResult>;
  /**
   * The user's entries the server never applied, read from the user's database on this device
   * (none when there is no database); null when it cannot be read.
   */
  leftBehind(userId: number): Promise<UnsentEntry[] | null>;
  /** Stops the sync and deletes the user's database (the account has no company left). */
  wipe(userId: number): Promise<void>;
}

export interface SignedIn {
  status: 'signed-in';
  account: SessionAccount;
  companies: readonly SessionCompany[];
  companyId: number;
  accessToken: string;
  /** The provider refused to renew: readable and queuing, but the user must sign in again. */
  expired: boolean;
}

export type SessionPhase =
  | { status: 'loading' }
  | { status: 'signed-out' }
  /** The account could not be loaded and no copy is on the device (offline first start). */
  | { status: 'unavailable'; message: string }
  /**
   * Signed in, but bound to no company (settings-messaging-shared §4 "Login"): shown the message, then signed out.
   * `unsent`: changes of a company the account left that never reached the server, shown for the
   * user to copy before the device's copy of the account is deleted (security review M5).
   */
  | { status: 'no-company'; message: string; unsent?: readonly UnsentEntry[] }
  | SignedIn;

export interface SessionSnapshot {
  phase: SessionPhase;
  /** Where the sign-in callback sends the user once the session is ready. */
  returnTo: string | null;
  /** Sign-out waits for the user's answer: this many changes are not on the server yet. */
  pendingSignOut: number | null;
  signingOut: boolean;
  /** The last sign-in callback failed: the guard offers a button instead of redirecting again. */
  signInFailed: boolean;
}

export type SignOutAnswer =
  | { status: 'signed-out' }
  | { status: 'pending'; pending: number }
  | { status: 'failed' };

/**
 * What the service worker may send while the app is closed (src/auth/backgroundTarget.ts): saved
 * whenever the session is signed in, cleared at every session end.
 */
export interface BackgroundTargetPort {
  save(
    target: Pick<SyncSessionInfo, 'userId' | 'userSub' | 'companies' | 'baseUrl'>,
  ): Promise<void>;
  clear(): Promise<void>;
}

export interface SessionControllerDeps {
  auth: Auth;
  sync: SyncPort;
  background: BackgroundTargetPort;
  store: SessionStore;
  /** GET /api/v7/user with the session's token; rejects with ApiError. */
  fetchUser(): Promise<UserInfo>;
  endpoints: Pick<SyncSessionInfo, 'baseUrl' | 'wsUrl'>;
  online(): boolean;
  notify(message: string): void;
  /** Empties the service worker's caches of the user's files (every session end, L3). */
  clearFileCaches(): Promise<void>;
  /** Time and timers (the token check); the runtime's own by default. */
  clock?: Clock;
}
