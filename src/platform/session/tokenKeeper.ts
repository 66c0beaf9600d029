// The signed-in user's access token kept fresh (settings-messaging-shared §7): renewed when a call needs it near its
// expiry and on a 10 s check, one renewal at a time; offline or failing on the way it is wanted
// again at the next check. What the provider answers (renewed, refused, no company left) is the
// session controller's to act on, through the host.

import { needsRenewal, TOKEN_CHECK_INTERVAL_MS } from '../../auth/tokenPolicy';
import { type Cancel, type Clock, every } from '../../sync/ports';
import type { Auth, AuthUser } from '../auth/auth';

export interface TokenHost {
  /** Signed in, and the provider has not refused the session: renewing is worth asking. */
  renewable(): boolean;
  /** Still signed in (expired or not): an answer that arrives now is still this session's. */
  signedIn(): boolean;
  /** The provider renewed the session: the new token goes to the app and the sync. */
  renewed(user: AuthUser): void;
  /** The provider refused: the session is expired (readable, queuing, sign in again). */
  refused(): void;
  /** The account is bound to no company any more. */
  departed(): Promise<void>;
}

export interface TokenKeeperDeps {
  auth: Pick<Auth, 'renew'>;
  online(): boolean;
  clock: Clock;
}

export class TokenKeeper {
  private current: AuthUser | null = null;
  private renewing: Promise<void> | null = null;
  private wanted = false;
  private stopCheck: Cancel | null = null;

  constructor(
    private readonly deps: TokenKeeperDeps,
    private readonly host: TokenHost,
  ) {}

  /** The user whose token is kept; null when signed out. */
  get user(): AuthUser | null {
    return this.current;
  }

  /** Keeps this user's token from now on (a sign-in, a restore, a renewal at boot). */
  hold(user: AuthUser | null): void {
    this.current = user;
  }

  /** Signed out: nothing is kept and the check stops. */
  drop(): void {
    this.current = null;
    this.stop();
  }

  /** The token for a call now, renewed first when it is about to expire and the device is online. */
  async fresh(): Promise<string | null> {
    if (this.host.renewable() && this.deps.online() && this.nearExpiry()) await this.renew();
    return this.current?.accessToken ?? null;
  }

  /**
   * Renews the access token (one renewal at a time). Offline or failing on the way: it is
   * wanted again at the next check.
   */
  renew(): Promise<void> {
    this.renewing ??= this.ask().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  /** Starts the 10 s check (once). */
  start(): void {
    this.stopCheck ??= every(this.deps.clock, () => this.check(), TOKEN_CHECK_INTERVAL_MS);
  }

  stop(): void {
    this.stopCheck?.();
    this.stopCheck = null;
  }

  private nearExpiry(): boolean {
    return needsRenewal(this.current?.expiresAt ?? null, this.deps.clock.now());
  }

  private async ask(): Promise<void> {
    const user = this.current;
    if (!this.host.renewable() || !user) return;
    if (!this.deps.online()) {
      this.wanted = true;
      return;
    }
    const result = await this.deps.auth.renew(user.accessToken);
    // Signed out (or someone else signed in) meanwhile: the answer is no longer ours.
    if (!this.host.signedIn() || this.current?.sub !== user.sub) return;
    this.wanted = result.kind === 'transient';
    if (result.kind === 'renewed') {
      this.current = result.user;
      this.host.renewed(result.user);
    } else if (result.kind === 'refused') {
      this.host.refused();
    } else if (result.kind === 'departed') {
      await this.host.departed();
    }
  }

  /** The 10 s check (settings-messaging-shared §7): renew when the token nears expiry or a renewal is still wanted. */
  private check(): void {
    if (!this.host.renewable() || !this.deps.online()) return;
    if (this.wanted || this.nearExpiry()) void this.renew();
  }
}
