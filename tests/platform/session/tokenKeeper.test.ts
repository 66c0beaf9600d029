// The token keeper on its own, with a fake provider and a clock whose timers the test fires: one
// renewal at a time, a renewal wanted offline asked at the next check, an answer that arrives
// after the session changed dropped, and the 10 s check armed once and stopped.
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_CHECK_INTERVAL_MS } from '../../../src/auth/tokenPolicy';
import type { AuthUser, RenewResult } from '../../../src/platform/auth/auth';
import { type TokenHost, TokenKeeper } from '../../../src/platform/session/tokenKeeper';
import type { Clock } from '../../../src/sync/ports';
import { authUser, NOW } from './fixtures';

function setup(renew: (token: string | null) => Promise<RenewResult>) {
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const clock: Clock = {
    now: () => NOW,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      const timer = timers.find((t) => t === handle);
      if (timer) timer.cleared = true;
    },
  };
  const state = { online: true, signedIn: true };
  const host = {
    renewable: () => state.signedIn,
    signedIn: () => state.signedIn,
    renewed: vi.fn((_user: AuthUser) => {}),
    refused: vi.fn(() => {}),
    departed: vi.fn(async () => {}),
  } satisfies TokenHost;
  const auth = { renew: vi.fn(renew) };
  const keeper = new TokenKeeper({ auth, online: () => state.online, clock }, host);
  const fire = () => {
    const live = timers.filter((t) => !t.cleared);
    for (const timer of live) timer.cleared = true;
    for (const timer of live) timer.run();
  };
  return { keeper, host, auth, state, timers, fire };
}

const renewedTo = (accessToken: string): RenewResult => ({
  kind: 'renewed',
  user: authUser({ accessToken, expiresAt: NOW / 1000 + 1200 }),
});

describe('TokenKeeper', () => {
  it('asks the provider once for renewals asked at the same time', async () => {
    const { keeper, host, auth } = setup(async () => renewedTo('access-2'));
    keeper.hold(authUser());
    await Promise.all([keeper.renew(), keeper.renew()]);
    expect(auth.renew).toHaveBeenCalledTimes(1);
    expect(auth.renew).toHaveBeenCalledWith('access-1');
    expect(host.renewed).toHaveBeenCalledWith(expect.objectContaining({ accessToken: 'access-2' }));
    expect(keeper.user?.accessToken).toBe('access-2');
  });

  it('renews before handing out a token about to expire, not one still good', async () => {
    const { keeper, auth } = setup(async () => renewedTo('access-2'));
    keeper.hold(authUser());
    expect(await keeper.fresh()).toBe('access-1');
    expect(auth.renew).not.toHaveBeenCalled();
    keeper.hold(authUser({ expiresAt: NOW / 1000 + 30 }));
    expect(await keeper.fresh()).toBe('access-2');
    expect(auth.renew).toHaveBeenCalledTimes(1);
  });

  it('offline, wants the renewal and asks at the first check back online', async () => {
    const { keeper, auth, state, timers, fire } = setup(async () => renewedTo('access-2'));
    keeper.hold(authUser());
    keeper.start();
    keeper.start();
    expect(timers.filter((t) => !t.cleared)).toHaveLength(1);
    expect(timers[0]?.ms).toBe(TOKEN_CHECK_INTERVAL_MS);
    state.online = false;
    await keeper.renew();
    expect(auth.renew).not.toHaveBeenCalled();
    fire();
    expect(auth.renew).not.toHaveBeenCalled();
    state.online = true;
    fire();
    // The token is still good: only the wanted renewal makes the check ask.
    expect(auth.renew).toHaveBeenCalledTimes(1);
    await keeper.renew();
    expect(auth.renew).toHaveBeenCalledTimes(1);
    expect(keeper.user?.accessToken).toBe('access-2');
  });

  it('drops an answer that arrives after the user signed out', async () => {
    let answer: (result: RenewResult) => void = () => {};
    const { keeper, host, state } = setup(
      () =>
        new Promise<RenewResult>((resolve) => {
          answer = resolve;
        }),
    );
    keeper.hold(authUser());
    const renewal = keeper.renew();
    state.signedIn = false;
    keeper.drop();
    answer(renewedTo('access-2'));
    await renewal;
    expect(host.renewed).not.toHaveBeenCalled();
    expect(keeper.user).toBeNull();
  });

  it('passes a refusal and a departure on to the session', async () => {
    const refused = setup(async () => ({ kind: 'refused' }));
    refused.keeper.hold(authUser());
    await refused.keeper.renew();
    expect(refused.host.refused).toHaveBeenCalledTimes(1);
    const departed = setup(async () => ({ kind: 'departed' }));
    departed.keeper.hold(authUser());
    await departed.keeper.renew();
    expect(departed.host.departed).toHaveBeenCalledTimes(1);
  });

  it('stops checking once dropped', () => {
    const { keeper, timers } = setup(async () => renewedTo('access-2'));
    keeper.hold(authUser());
    keeper.start();
    keeper.drop();
    expect(timers.every((t) => t.cleared)).toBe(true);
  });
});
