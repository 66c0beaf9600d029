// The session of this tab (DESIGN §4 "Auth while offline"): the phase
// machine of boot, sign-in and sign-out, who is signed in, which companies they act for and in
// which one. The access token's renewal is tokenKeeper.ts's; this acts on its answers.
// Framework-free (React reads it through SessionProvider) and every outside effect comes in as a
// port, so the rules are tested with fakes.
//
// Offline-first rules: a stored user opens the app without network, with the last account answer
// kept on the device; a renewal that fails on the way changes nothing; only the provider's refusal
// marks the session expired, and even then the app stays readable and the outbox keeps filling
// until the user signs in again. Sign-out asks the sync worker first, which refuses while changes
// wait, so the user is asked before anything queued is lost.

import { needsRenewal } from '../../auth/tokenPolicy';
import type { UserInfo } from '../../contract/api/account';
import { COMMON_MESSAGES } from '../../domain/messages/common';
import { SESSION_MESSAGES } from '../../domain/messages/session';
import type { SignOutResult } from '../../sync/api';
import { type Clock, systemClock } from '../../sync/ports';
import { ApiError } from '../api/apiError';
import type { Auth, AuthUser } from '../auth/auth';
import {
  chooseCompany,
  type SessionAccount,
  toSessionAccount,
  toSessionCompanies,
} from './account';
import type { SessionControllerDeps, SessionSnapshot, SignOutAnswer } from './sessionTypes';
import { TokenKeeper } from './tokenKeeper';

export class SessionController {
  private snapshot: SessionSnapshot = {
    phase: { status: 'loading' },
    returnTo: null,
    pendingSignOut: null,
    signingOut: false,
    signInFailed: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly clock: Clock;
  private readonly tokens: TokenKeeper;
  private booted: Promise<void> | null = null;
  private unauthorizedSeen = false;
  private noCompanyIdToken: string | null = null;
  /** The account whose database waits for the user to read its unsent entries (no company). */
  private leftBehindUserId: number | null = null;

  constructor(private readonly deps: SessionControllerDeps) {
    this.clock = deps.clock ?? systemClock;
    this.tokens = new TokenKeeper(
      { auth: deps.auth, online: deps.online, clock: this.clock },
      {
        renewable: () => {
          const phase = this.snapshot.phase;
          return phase.status === 'signed-in' && !phase.expired;
        },
        signedIn: () => this.snapshot.phase.status === 'signed-in',
        renewed: (user) => this.renewed(user),
        refused: () => {
          const phase = this.snapshot.phase;
          if (phase.status === 'signed-in') this.update({ phase: { ...phase, expired: true } });
        },
        departed: async () => {
          const phase = this.snapshot.phase;
          if (phase.status !== 'signed-in') return;
          await this.noCompany(COMMON_MESSAGES.NO_COMPANY_BOUND, phase.account.id);
        },
      },
    );
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionSnapshot => this.snapshot;

  /** Starts the session once: finishes a sign-in when the page is the callback, else restores. */
  boot(href: string, isCallback: boolean): Promise<void> {
    this.booted ??= isCallback ? this.completeSignIn(href) : this.restore();
    return this.booted;
  }

  /** The token for a call now, renewed first when it is about to expire and the device is online. */
  freshToken(): Promise<string | null> {
    return this.tokens.fresh();
  }

  /** The company calls are made for; null until the account is loaded. */
  companyId(): number | null {
    const phase = this.snapshot.phase;
    return phase.status === 'signed-in' ? phase.companyId : null;
  }

  /**
   * Renews the access token (one renewal at a time). Offline or failing on the way: it is
   * wanted again at the next check. Refused: the session is marked expired.
   */
  renewToken(): Promise<void> {
    return this.tokens.renew();
  }

  /** Switching company is a change of state only: every company is synced on the device. */
  switchCompany(companyId: number): void {
    const phase = this.snapshot.phase;
    if (phase.status !== 'signed-in' || phase.companyId === companyId) return;
    if (!phase.companies.some((c) => c.id === companyId)) return;
    this.deps.store.saveCompanyChoice({ sub: phase.account.sub, companyId });
    this.update({ phase: { ...phase, companyId } });
  }

  /** Leaves for the provider's sign-in page; back at `returnTo` afterwards. */
  signIn(returnTo: string): Promise<void> {
    return this.deps.auth.signIn(returnTo);
  }

  /**
   * Signs out: the sync worker refuses while changes wait, and then the user is asked
   * (`pendingSignOut`, answered by `confirmSignOut` or `dismissSignOut`).
   */
  async signOut(): Promise<SignOutAnswer> {
    const phase = this.snapshot.phase;
    if (this.snapshot.signingOut) return { status: 'signed-out' };
    if (phase.status === 'no-company') {
      await this.atProvider(this.noCompanyIdToken);
      return { status: 'signed-out' };
    }
    if (phase.status === 'signed-in') {
      let result: SignOutResult;
      try {
        result = await this.deps.sync.signOut(false);
      } catch {
        this.deps.notify(SESSION_MESSAGES.SIGN_OUT_FAILED);
        return { status: 'failed' };
      }
      if (!result.signedOut) {
        this.update({ pendingSignOut: result.pending });
        return { status: 'pending', pending: result.pending };
      }
    }
    await this.leave();
    return { status: 'signed-out' };
  }

  /** The user chose to sign out although changes wait: they are discarded with the database. */
  async confirmSignOut(): Promise<void> {
    this.update({ pendingSignOut: null });
    try {
      await this.deps.sync.signOut(true);
    } catch {
      this.deps.notify(SESSION_MESSAGES.SIGN_OUT_FAILED);
      return;
    }
    await this.leave();
  }

  /** The user chose to wait for the sync. */
  dismissSignOut(): void {
    this.unauthorizedSeen = false;
    this.update({ pendingSignOut: null });
  }

  /**
   * A call answered 401 (its message is already shown): sign out, online only, through the
   * outbox check above. Several failing calls at once sign out once.
   */
  handleUnauthorized(): void {
    if (this.unauthorizedSeen || !this.deps.online()) return;
    if (this.snapshot.phase.status !== 'signed-in') return;
    this.unauthorizedSeen = true;
    void this.signOut();
  }

  /** Another tab signed this user out (it already removed what was stored). */
  signedOutElsewhere(): void {
    this.tokens.drop();
    this.deps.store.clear();
    void this.clearBackground();
    void this.deps.clearFileCaches().catch(() => undefined);
    this.update({ phase: { status: 'signed-out' }, pendingSignOut: null });
  }

  /** After `unavailable`: try again (the network may be back). */
  retry(): Promise<void> {
    this.booted = this.restore();
    return this.booted;
  }

  /**
   * The account stopped working for a company this device syncs (the sync heard 403 NOT_A_MEMBER
   * and already cleared that company here, security review M5): the company list is read again,
   * and the session goes on with the companies left or, with none, ends.
   */
  async membershipEnded(companyId: number): Promise<void> {
    const phase = this.snapshot.phase;
    const user = this.tokens.user;
    if (phase.status !== 'signed-in' || !user) return;
    if (!phase.companies.some((c) => c.id === companyId)) return;
    // Cached images may be that company's files: they are fetched again when needed.
    await this.deps.clearFileCaches().catch(() => undefined);
    let info: UserInfo;
    try {
      info = await this.deps.fetchUser();
    } catch {
      // The feed's answer is enough: the company goes from the copy kept for offline starts.
      const cached = this.deps.store.account(user.sub)?.user;
      if (!cached) return;
      info = cached;
    }
    if (this.tokens.user?.sub !== user.sub) return;
    info = { ...info, companies: info.companies.filter((m) => m.id !== companyId) };
    if (info.companies.length > 0) {
      this.deps.store.saveAccount({ sub: user.sub, fetchedAt: this.clock.now(), user: info });
    }
    const now = this.snapshot.phase;
    await this.enter(info, now.status === 'signed-in' && now.expired);
  }

  /** The user has read the unsent entries of the companies left: the account's data goes. */
  async discardLeftBehind(): Promise<void> {
    const userId = this.leftBehindUserId;
    this.leftBehindUserId = null;
    if (userId !== null) await this.deps.sync.wipe(userId);
    const phase = this.snapshot.phase;
    if (phase.status === 'no-company') {
      this.update({ phase: { status: 'no-company', message: phase.message } });
    }
  }

  dispose(): void {
    this.tokens.stop();
    this.listeners.clear();
  }

  private update(change: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private async restore(): Promise<void> {
    this.update({ phase: { status: 'loading' } });
    const user = await this.deps.auth.storedUser();
    if (!user) {
      this.update({ phase: { status: 'signed-out' } });
      return;
    }
    await this.load(user);
  }

  private async completeSignIn(href: string): Promise<void> {
    let signedIn: Awaited<ReturnType<Auth['completeSignIn']>>;
    try {
      signedIn = await this.deps.auth.completeSignIn(href);
    } catch {
      // A callback opened twice, or a request that expired: carry on with what is stored.
      this.deps.notify(SESSION_MESSAGES.SIGN_IN_FAILED);
      this.update({ signInFailed: true });
      await this.restore();
      return;
    }
    this.update({ returnTo: signedIn.returnTo });
    await this.load(signedIn.user);
  }

  private async load(user: AuthUser): Promise<void> {
    this.tokens.hold(user);
    this.update({ phase: { status: 'loading' } });
    let expired = false;
    let departed = false;
    let current = user;
    if (needsRenewal(user.expiresAt, this.clock.now()) && this.deps.online()) {
      const result = await this.deps.auth.renew(user.accessToken);
      if (result.kind === 'renewed') {
        current = result.user;
        this.tokens.hold(current);
      }
      expired = result.kind === 'refused';
      departed = result.kind === 'departed';
    }
    const { sub } = current;
    const cached = this.deps.store.account(sub);
    if (departed) {
      // Left every company while away (M5): the device's copy of the account goes.
      const message = COMMON_MESSAGES.NO_COMPANY_BOUND;
      await (cached ? this.noCompany(message, cached.user.id) : this.dropSession());
      return;
    }
    if (expired) {
      await (cached ? this.enter(cached.user, true) : this.dropSession());
      return;
    }
    if (!this.deps.online()) {
      await this.enterCachedOr(cached?.user ?? null, SESSION_MESSAGES.OFFLINE_FIRST_START);
      return;
    }
    let info: UserInfo;
    try {
      info = await this.deps.fetchUser();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 401) {
        await (cached ? this.enter(cached.user, true) : this.dropSession());
        return;
      }
      const message =
        status === 0 ? SESSION_MESSAGES.OFFLINE_FIRST_START : SESSION_MESSAGES.ACCOUNT_UNAVAILABLE;
      await this.enterCachedOr(cached?.user ?? null, message);
      return;
    }
    if (info.companies.length > 0)
      this.deps.store.saveAccount({ sub, fetchedAt: this.clock.now(), user: info });
    await this.enter(info, false);
  }

  private async enterCachedOr(cached: UserInfo | null, message: string): Promise<void> {
    if (cached) await this.enter(cached, false);
    else this.update({ phase: { status: 'unavailable', message } });
  }

  private async enter(info: UserInfo, expired: boolean): Promise<void> {
    const user = this.tokens.user;
    if (!user) return;
    const companies = toSessionCompanies(info);
    const companyId = chooseCompany(companies, user.sub, this.deps.store.companyChoices());
    if (companyId === null) {
      await this.noCompany(info.no_company_message ?? COMMON_MESSAGES.NO_COMPANY_BOUND, info.id);
      return;
    }
    const account = toSessionAccount(info, user.sub);
    this.update({
      phase: {
        status: 'signed-in',
        account,
        companies,
        companyId,
        accessToken: user.accessToken,
        expired,
      },
    });
    this.deps.sync.setToken(user.accessToken);
    const target = {
      userId: account.id,
      userSub: user.sub,
      companies: companies.map((c) => c.id),
      baseUrl: this.deps.endpoints.baseUrl,
    };
    this.deps.sync.start({ ...target, ...this.deps.endpoints });
    this.tokens.start();
    // Not sending while closed is no loss: the outbox waits for the next open.
    await this.deps.background.save(target).catch(() => undefined);
  }

  /** Every session end: the service worker sends nothing more for this account. */
  private clearBackground(): Promise<void> {
    return this.deps.background.clear().catch(() => undefined);
  }

  /**
   * The signed-in account changed on the server (the personal centre's new avatar): shown at once
   * everywhere, and kept for the next start offline.
   */
  accountChanged(change: Partial<Pick<SessionAccount, 'avatar'>>): void {
    const phase = this.snapshot.phase;
    const user = this.tokens.user;
    if (phase.status !== 'signed-in' || !user) return;
    this.update({ phase: { ...phase, account: { ...phase.account, ...change } } });
    const cached = this.deps.store.account(user.sub);
    if (cached) this.deps.store.saveAccount({ ...cached, user: { ...cached.user, ...change } });
  }

  /**
   * A company's names changed on the server (company settings): the switcher shows them at once,
   * and the copy kept for starting offline has them too.
   */
  companyRenamed(companyId: number, names: { name: string; shortName: string | null }): void {
    const phase = this.snapshot.phase;
    const user = this.tokens.user;
    if (phase.status !== 'signed-in' || !user) return;
    const companies = phase.companies.map((company) =>
      company.id === companyId ? { ...company, ...names } : company,
    );
    this.update({ phase: { ...phase, companies } });
    const cached = this.deps.store.account(user.sub);
    if (!cached) return;
    const memberships = cached.user.companies.map((m) =>
      m.id === companyId
        ? {
            ...m,
            name: names.name,
            company: { ...m.company, name: names.name, short_name: names.shortName },
          }
        : m,
    );
    this.deps.store.saveAccount({ ...cached, user: { ...cached.user, companies: memberships } });
  }

  /**
   * Bound to no company: nothing of the account is kept, and the provider's session ends next.
   * The account's database goes too (it may hold a company the account has left, security
   * review M5), once the user has seen the changes in it that never reached the server.
   */
  private async noCompany(message: string, userId: number): Promise<void> {
    this.noCompanyIdToken = this.tokens.user?.idToken ?? null;
    this.tokens.drop();
    this.deps.store.clear();
    await this.clearBackground();
    await this.deps.auth.forget();
    await this.deps.clearFileCaches().catch(() => undefined);
    const unsent = await this.deps.sync.leftBehind(userId).catch(() => null);
    if (unsent?.length) {
      this.leftBehindUserId = userId;
      this.update({ phase: { status: 'no-company', message, unsent } });
      return;
    }
    // Unreadable (a newer app's database): left as it is rather than lost unseen.
    if (unsent) await this.deps.sync.wipe(userId).catch(() => undefined);
    this.update({ phase: { status: 'no-company', message } });
  }

  /** Refused and nothing on the device to keep reading: the user signs in again. */
  private async dropSession(): Promise<void> {
    this.deps.notify(COMMON_MESSAGES.SESSION_EXPIRED);
    this.tokens.hold(null);
    await this.clearBackground();
    await this.deps.clearFileCaches().catch(() => undefined);
    await this.deps.auth.forget();
    this.update({ phase: { status: 'signed-out' } });
  }

  /** The token keeper's renewal: shown at once, and handed to the sync worker. */
  private renewed(user: AuthUser): void {
    const phase = this.snapshot.phase;
    if (phase.status !== 'signed-in') return;
    this.update({ phase: { ...phase, accessToken: user.accessToken } });
    this.deps.sync.setToken(user.accessToken);
  }

  /** Nothing of the account stays here; online, the provider's session ends too. */
  private async leave(): Promise<void> {
    this.update({ signingOut: true, pendingSignOut: null });
    const idToken = this.tokens.user?.idToken ?? null;
    this.tokens.drop();
    this.deps.store.clear();
    await this.clearBackground();
    await this.deps.clearFileCaches().catch(() => undefined);
    await this.deps.auth.forget();
    if (this.deps.online() && (await this.atProvider(idToken))) return;
    this.update({ signingOut: false, phase: { status: 'signed-out' } });
  }

  /** Leaves for the provider's sign-out; false when it cannot be reached. */
  private async atProvider(idToken: string | null): Promise<boolean> {
    try {
      await this.deps.auth.signOutAtProvider(idToken);
      return true;
    } catch {
      return false;
    }
  }
}
