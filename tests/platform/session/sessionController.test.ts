// The session's rules with fake ports (DESIGN §4 "Auth while offline").
import { describe, expect, it, vi } from 'vitest';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { SESSION_MESSAGES } from '../../../src/domain/messages/session';
import { ApiError } from '../../../src/platform/api/apiError';
import {
  type SessionController as Controller,
  SessionController,
} from '../../../src/platform/session/sessionController';
import { authUser, buyerInfo, deps, fakeAuth, NOW } from './fixtures';

function signedIn(controller: Controller) {
  const { phase } = controller.getSnapshot();
  if (phase.status !== 'signed-in') throw new Error(`expected signed-in, got ${phase.status}`);
  return phase;
}

async function booted(overrides: Parameters<typeof deps>[0] = {}) {
  const d = deps(overrides);
  const controller = new SessionController(d);
  await controller.boot('http://app/home', false);
  return { controller, d };
}

describe('starting', () => {
  it('is signed out without a stored user', async () => {
    const { controller, d } = await booted({ auth: fakeAuth(null) });
    expect(controller.getSnapshot().phase).toEqual({ status: 'signed-out' });
    expect(d.sync.start).not.toHaveBeenCalled();
  });

  it('loads the account, keeps a copy, picks the first company and starts the sync worker', async () => {
    const { controller, d } = await booted();
    const phase = signedIn(controller);
    expect(phase.account).toMatchObject({ id: 3, sub: '3', name: '李娜' });
    expect(phase.companies.map((c) => c.id)).toEqual([101, 102]);
    expect(phase.companyId).toBe(101);
    expect(phase.expired).toBe(false);
    expect(d.store.account('3')?.user.id).toBe(3);
    expect(d.sync.setToken).toHaveBeenCalledWith('access-1');
    expect(d.sync.start).toHaveBeenCalledWith({
      userId: 3,
      userSub: '3',
      companies: [101, 102],
      baseUrl: '',
      wsUrl: 'ws://127.0.0.1/ws',
    });
    expect(controller.companyId()).toBe(101);
  });

  it('boots once, however often it is asked', async () => {
    const d = deps();
    const controller = new SessionController(d);
    await Promise.all([controller.boot('x', false), controller.boot('x', false)]);
    expect(d.fetchUser).toHaveBeenCalledTimes(1);
  });

  it('opens offline with the kept account, even with an expired access token', async () => {
    const auth = fakeAuth(authUser({ expiresAt: NOW / 1000 - 3600 }));
    const first = await booted({ auth });
    const offline = await booted({ auth, store: first.d.store, online: () => false });
    expect(signedIn(offline.controller).account.name).toBe('李娜');
    expect(offline.d.fetchUser).not.toHaveBeenCalled();
    expect(auth.renew).toHaveBeenCalledTimes(1); // the first (online) start only
  });

  it('opens with the kept account when the server cannot be reached', async () => {
    const first = await booted();
    const { controller } = await booted({
      store: first.d.store,
      fetchUser: vi.fn(async () => Promise.reject(new ApiError(0, null, null))),
    });
    expect(signedIn(controller).companyId).toBe(101);
  });

  it('says why when offline on a device that never loaded the account', async () => {
    const { controller } = await booted({ online: () => false });
    expect(controller.getSnapshot().phase).toEqual({
      status: 'unavailable',
      message: SESSION_MESSAGES.OFFLINE_FIRST_START,
    });
  });

  it('tries again after an unavailable start', async () => {
    const fetchUser = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, null, null))
      .mockResolvedValue(buyerInfo());
    const { controller } = await booted({ fetchUser });
    expect(controller.getSnapshot().phase).toMatchObject({
      status: 'unavailable',
      message: SESSION_MESSAGES.ACCOUNT_UNAVAILABLE,
    });
    await controller.retry();
    expect(signedIn(controller).account.id).toBe(3);
  });

  it('renews an expiring token before loading the account', async () => {
    const auth = fakeAuth(authUser({ expiresAt: NOW / 1000 + 5 }));
    auth.renew.mockResolvedValue({ kind: 'renewed', user: authUser({ accessToken: 'access-2' }) });
    const { controller, d } = await booted({ auth });
    expect(auth.renew).toHaveBeenCalledWith('access-1');
    expect(signedIn(controller).accessToken).toBe('access-2');
    expect(d.sync.setToken).toHaveBeenCalledWith('access-2');
  });

  it('stays readable but expired when the provider refuses and the account is kept', async () => {
    const first = await booted();
    const auth = fakeAuth(authUser({ expiresAt: NOW / 1000 - 10 }));
    auth.renew.mockResolvedValue({ kind: 'refused' });
    const { controller, d } = await booted({ auth, store: first.d.store });
    expect(signedIn(controller).expired).toBe(true);
    expect(d.sync.start).toHaveBeenCalled();
    expect(auth.forget).not.toHaveBeenCalled();
  });

  it('asks to sign in again when refused with nothing kept', async () => {
    const auth = fakeAuth(authUser({ expiresAt: NOW / 1000 - 10 }));
    auth.renew.mockResolvedValue({ kind: 'refused' });
    const { controller, d } = await booted({ auth });
    expect(controller.getSnapshot().phase).toEqual({ status: 'signed-out' });
    expect(auth.forget).toHaveBeenCalled();
    expect(d.notify).toHaveBeenCalledWith(COMMON_MESSAGES.SESSION_EXPIRED);
  });

  it('signs out an account bound to no company, keeping nothing, with the server message', async () => {
    const { controller, d } = await booted({
      fetchUser: vi.fn(async () =>
        buyerInfo({ companies: [], no_company_message: COMMON_MESSAGES.NO_COMPANY_BOUND }),
      ),
    });
    expect(controller.getSnapshot().phase).toEqual({
      status: 'no-company',
      message: COMMON_MESSAGES.NO_COMPANY_BOUND,
    });
    expect(d.auth.forget).toHaveBeenCalled();
    expect(d.store.account('3')).toBeNull();
    expect(d.sync.start).not.toHaveBeenCalled();
    await controller.signOut();
    expect(d.auth.signOutAtProvider).toHaveBeenCalledWith('id-1');
  });
});

describe('the sign-in callback', () => {
  it('finishes the sign-in and remembers where to go', async () => {
    const d = deps({ auth: fakeAuth(null) });
    const controller = new SessionController(d);
    await controller.boot('http://app/auth/callback?code=1&state=2', true);
    expect(d.auth.completeSignIn).toHaveBeenCalledWith('http://app/auth/callback?code=1&state=2');
    expect(controller.getSnapshot().returnTo).toBe('/order/order/list?orderType=ALL');
    expect(signedIn(controller).account.id).toBe(3);
  });

  it('falls back to the stored user and stops redirecting when the callback fails', async () => {
    const auth = fakeAuth(null);
    auth.completeSignIn.mockRejectedValue(new Error('No matching state found in storage'));
    const d = deps({ auth });
    const controller = new SessionController(d);
    await controller.boot('http://app/auth/callback?code=1', true);
    expect(controller.getSnapshot()).toMatchObject({
      phase: { status: 'signed-out' },
      signInFailed: true,
    });
    expect(d.notify).toHaveBeenCalledWith(SESSION_MESSAGES.SIGN_IN_FAILED);
  });
});

describe('the 10 s token check', () => {
  it('renews only when the token nears expiry, and hands the new one to the worker', async () => {
    let now = NOW;
    const auth = fakeAuth(authUser());
    auth.renew.mockResolvedValue({
      kind: 'renewed',
      user: authUser({ accessToken: 'access-2', expiresAt: NOW / 1000 + 1200 }),
    });
    const { controller, d } = await booted({ auth, now: () => now });
    const tick = d.timers[0];
    if (!tick) throw new Error('no token check armed');
    tick();
    expect(auth.renew).not.toHaveBeenCalled();
    now = NOW + 560_000; // 40 s left
    tick();
    await controller.renewToken();
    expect(auth.renew).toHaveBeenCalledTimes(1);
    expect(signedIn(controller).accessToken).toBe('access-2');
    expect(d.sync.setToken).toHaveBeenLastCalledWith('access-2');
    expect(await controller.freshToken()).toBe('access-2');
  });

  it('keeps going on a failed renewal and tries again at the next check', async () => {
    const { controller, d } = await booted();
    await controller.renewToken(); // the worker asked (401 on the live channel)
    expect(d.auth.renew).toHaveBeenCalledTimes(1);
    expect(signedIn(controller).expired).toBe(false);
    d.timers[0]?.(); // wanted again: the check renews although the token is not near expiry
    await controller.renewToken(); // joins the renewal the check started
    expect(d.auth.renew).toHaveBeenCalledTimes(2);
  });

  it('waits for the network to renew, then renews at the next check', async () => {
    let online = true;
    const { controller, d } = await booted({ online: () => online });
    online = false;
    await controller.renewToken();
    expect(d.auth.renew).not.toHaveBeenCalled();
    online = true;
    d.timers[0]?.();
    await controller.renewToken();
    expect(d.auth.renew).toHaveBeenCalled();
  });

  it('marks the session expired when refused, and stops asking the provider', async () => {
    const { controller, d } = await booted();
    d.auth.renew.mockResolvedValue({ kind: 'refused' });
    await controller.renewToken();
    expect(signedIn(controller).expired).toBe(true);
    await controller.renewToken();
    d.timers[0]?.();
    expect(d.auth.renew).toHaveBeenCalledTimes(1);
  });

  it('renews once for several callers at the same time', async () => {
    const { controller, d } = await booted();
    await Promise.all([controller.renewToken(), controller.renewToken()]);
    expect(d.auth.renew).toHaveBeenCalledTimes(1);
  });
});

describe('switching company', () => {
  it('changes the current company and remembers it for this subject', async () => {
    const { controller, d } = await booted();
    controller.switchCompany(102);
    expect(signedIn(controller).companyId).toBe(102);
    expect(d.store.companyChoices()[0]).toEqual({ sub: '3', companyId: 102 });
    controller.switchCompany(999);
    expect(signedIn(controller).companyId).toBe(102);
    const again = await booted({ store: d.store });
    expect(signedIn(again.controller).companyId).toBe(102);
  });
});

describe('changes made on the server from this device', () => {
  it('a new avatar shows at once and is kept for the next start offline', async () => {
    const { controller, d } = await booted();
    controller.accountChanged({ avatar: '/api/v7/files/content?path=3%2Favatar.png' });
    expect(signedIn(controller).account.avatar).toBe('/api/v7/files/content?path=3%2Favatar.png');
    expect(d.store.account('3')?.user.avatar).toBe('/api/v7/files/content?path=3%2Favatar.png');
    const offline = await booted({ store: d.store, online: () => false });
    expect(signedIn(offline.controller).account.avatar).toBe(
      '/api/v7/files/content?path=3%2Favatar.png',
    );
  });

  it('a renamed company shows its new names at once, the others unchanged', async () => {
    const { controller, d } = await booted();
    const before = signedIn(controller).companies.find((c) => c.id === 102);
    controller.companyRenamed(101, { name: '上海精工机械股份有限公司', shortName: '精工股份' });
    const companies = signedIn(controller).companies;
    expect(companies.find((c) => c.id === 101)).toMatchObject({
      name: '上海精工机械股份有限公司',
      shortName: '精工股份',
    });
    expect(companies.find((c) => c.id === 102)).toEqual(before);
    const kept = d.store.account('3')?.user.companies.find((m) => m.id === 101);
    expect(kept).toMatchObject({
      name: '上海精工机械股份有限公司',
      company: { name: '上海精工机械股份有限公司', short_name: '精工股份' },
    });
  });
});

describe('signing out', () => {
  it('with nothing pending: forgets the account and signs out at the provider', async () => {
    const { controller, d } = await booted();
    await expect(controller.signOut()).resolves.toEqual({ status: 'signed-out' });
    expect(d.sync.signOut).toHaveBeenCalledWith(false);
    expect(d.auth.forget).toHaveBeenCalled();
    expect(d.auth.signOutAtProvider).toHaveBeenCalledWith('id-1');
    expect(d.store.account('3')).toBeNull();
    expect(controller.getSnapshot().signingOut).toBe(true);
  });

  it('with pending changes: asks first, and waiting keeps everything', async () => {
    const { controller, d } = await booted();
    d.sync.signOut.mockResolvedValueOnce({ signedOut: false, pending: 2 });
    await expect(controller.signOut()).resolves.toEqual({ status: 'pending', pending: 2 });
    expect(controller.getSnapshot().pendingSignOut).toBe(2);
    expect(d.auth.forget).not.toHaveBeenCalled();
    controller.dismissSignOut();
    expect(controller.getSnapshot().pendingSignOut).toBeNull();
    expect(signedIn(controller).account.id).toBe(3);
  });

  it('with pending changes: signing out anyway discards them', async () => {
    const { controller, d } = await booted();
    d.sync.signOut.mockResolvedValueOnce({ signedOut: false, pending: 1 });
    await controller.signOut();
    await controller.confirmSignOut();
    expect(d.sync.signOut).toHaveBeenLastCalledWith(true);
    expect(d.auth.signOutAtProvider).toHaveBeenCalled();
  });

  it('offline: signs out on the device only', async () => {
    let online = true;
    const { controller, d } = await booted({ online: () => online });
    online = false;
    await controller.signOut();
    expect(d.auth.forget).toHaveBeenCalled();
    expect(d.auth.signOutAtProvider).not.toHaveBeenCalled();
    expect(controller.getSnapshot()).toMatchObject({
      phase: { status: 'signed-out' },
      signingOut: false,
    });
    expect(d.clearTimer).toHaveBeenCalled();
  });

  it('stays signed in when the worker cannot answer', async () => {
    const { controller, d } = await booted();
    d.sync.signOut.mockRejectedValueOnce(new Error('worker gone'));
    await expect(controller.signOut()).resolves.toEqual({ status: 'failed' });
    expect(d.notify).toHaveBeenCalledWith(SESSION_MESSAGES.SIGN_OUT_FAILED);
    expect(signedIn(controller).account.id).toBe(3);
  });

  it('on 401 from the API: signs out once, online only, through the outbox check', async () => {
    let online = true;
    const { controller, d } = await booted({ online: () => online });
    online = false;
    controller.handleUnauthorized();
    expect(d.sync.signOut).not.toHaveBeenCalled();
    online = true;
    d.sync.signOut.mockResolvedValue({ signedOut: false, pending: 3 });
    controller.handleUnauthorized();
    controller.handleUnauthorized();
    await vi.waitFor(() => expect(controller.getSnapshot().pendingSignOut).toBe(3));
    expect(d.sync.signOut).toHaveBeenCalledTimes(1);
  });

  it('when another tab signed out: signed out here too', async () => {
    const { controller, d } = await booted();
    controller.signedOutElsewhere();
    expect(controller.getSnapshot().phase).toEqual({ status: 'signed-out' });
    expect(await controller.freshToken()).toBeNull();
    expect(d.clearTimer).toHaveBeenCalled();
  });
});

describe('the background target (what the service worker may send while closed)', () => {
  const BUYER = { userId: 3, userSub: '3', companies: [101, 102], baseUrl: '' };

  it('is saved when the session is signed in, expired or not', async () => {
    const { d } = await booted();
    expect(d.background.target).toEqual(BUYER);
    const auth = fakeAuth(authUser({ expiresAt: NOW / 1000 - 10 }));
    auth.renew.mockResolvedValue({ kind: 'refused' });
    const expired = await booted({ auth, store: d.store });
    expect(expired.d.background.target).toEqual(BUYER);
  });

  it('is saved again with the companies left when a membership ends', async () => {
    const { controller, d } = await booted();
    await controller.membershipEnded(102);
    expect(d.background.target).toEqual({ ...BUYER, companies: [101] });
  });

  it('is cleared at sign-out, online or not', async () => {
    const online = await booted();
    await online.controller.signOut();
    expect(online.d.background.target).toBeNull();
    let connected = true;
    const offline = await booted({ online: () => connected });
    connected = false;
    await offline.controller.signOut();
    expect(offline.d.background.target).toBeNull();
  });

  it('stays while sign-out waits for pending changes', async () => {
    const { controller, d } = await booted();
    d.sync.signOut.mockResolvedValueOnce({ signedOut: false, pending: 2 });
    await controller.signOut();
    expect(d.background.target).toEqual(BUYER);
  });

  it('is cleared when the account is bound to no company', async () => {
    const { controller, d } = await booted();
    d.fetchUser.mockResolvedValue(buyerInfo({ companies: [] }));
    await controller.membershipEnded(101);
    await controller.membershipEnded(102);
    expect(controller.getSnapshot().phase.status).toBe('no-company');
    expect(d.background.clear).toHaveBeenCalled();
    expect(d.background.target).toBeNull();
  });

  it('is cleared when the session is dropped (refused, nothing kept)', async () => {
    const auth = fakeAuth(authUser({ expiresAt: NOW / 1000 - 10 }));
    auth.renew.mockResolvedValue({ kind: 'refused' });
    const { d } = await booted({ auth });
    expect(d.background.clear).toHaveBeenCalled();
    expect(d.background.save).not.toHaveBeenCalled();
  });

  it('is cleared when another tab signed out', async () => {
    const { controller, d } = await booted();
    controller.signedOutElsewhere();
    await vi.waitFor(() => expect(d.background.target).toBeNull());
  });

  it('a failing store does not stop the session', async () => {
    const { d } = await booted();
    d.background.save.mockRejectedValue(new Error('quota'));
    d.background.clear.mockRejectedValue(new Error('quota'));
    const again = await booted({ background: d.background });
    expect(signedIn(again.controller).account.id).toBe(3);
    await expect(again.controller.signOut()).resolves.toEqual({ status: 'signed-out' });
  });
});
