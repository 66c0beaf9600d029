// Renewal through oidc-client-ts with a fake UserManager: refresh token use, taking a token
// another tab already renewed, what failures mean, and the renew lock around every write of the
// stored user (tests/platform/auth/sharedUser.test.ts runs the same against the real provider).
import { ErrorResponse, User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import type { Exclusive } from '../../../src/auth/renewLock';
import { createOidcAuth, type OidcManager, toAuthUser } from '../../../src/platform/auth/oidcAuth';

const NOW = 1_700_000_000_000;

function user(accessToken: string, expiresInS: number, refresh: string | null = 'refresh-1') {
  return new User({
    access_token: accessToken,
    token_type: 'Bearer',
    refresh_token: refresh ?? undefined,
    id_token: 'id-1',
    expires_at: NOW / 1000 + expiresInS,
    profile: { sub: '3', iss: 'http://idp', aud: 'app', exp: 0, iat: 0, name: '李娜' },
    userState: { returnTo: '/order' },
  });
}

function manager(stored: User | null) {
  return {
    getUser: vi.fn(async () => stored),
    clearStaleState: vi.fn(async () => {}),
    signinRedirect: vi.fn(async () => {}),
    signinRedirectCallback: vi.fn(async () => user('access-cb', 600)),
    signinSilent: vi.fn(async (): Promise<User | null> => user('access-2', 600)),
    revokeTokens: vi.fn(async () => {}),
    removeUser: vi.fn(async () => {}),
    signoutRedirect: vi.fn(async () => {}),
  } satisfies OidcManager;
}

describe('createOidcAuth', () => {
  it('reads the name and token from the stored user', () => {
    expect(toAuthUser(user('a', 60))).toEqual({
      sub: '3',
      name: '李娜',
      accessToken: 'a',
      expiresAt: NOW / 1000 + 60,
      idToken: 'id-1',
    });
  });

  it('renews with the refresh token when the stored token is the one in use', async () => {
    const m = manager(user('access-1', 30));
    const auth = createOidcAuth(m, { now: () => NOW });
    const result = await auth.renew('access-1');
    expect(m.signinSilent).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ kind: 'renewed', user: { accessToken: 'access-2' } });
  });

  it('takes a fresh token another tab renewed instead of spending the refresh token again', async () => {
    const m = manager(user('access-from-other-tab', 590));
    const result = await createOidcAuth(m, { now: () => NOW }).renew('access-1');
    expect(m.signinSilent).not.toHaveBeenCalled();
    expect(result).toMatchObject({
      kind: 'renewed',
      user: { accessToken: 'access-from-other-tab' },
    });
  });

  it('is refused without a refresh token, or when the provider says invalid_grant', async () => {
    expect(
      await createOidcAuth(manager(user('a', 30, null)), { now: () => NOW }).renew('a'),
    ).toEqual({
      kind: 'refused',
    });
    const m = manager(user('a', 30));
    m.signinSilent.mockRejectedValue(new ErrorResponse({ error: 'invalid_grant' }));
    expect(await createOidcAuth(m, { now: () => NOW }).renew('a')).toEqual({ kind: 'refused' });
  });

  it('goes on after a network failure', async () => {
    const m = manager(user('a', 30));
    m.signinSilent.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await createOidcAuth(m, { now: () => NOW }).renew('a')).toEqual({ kind: 'transient' });
  });

  it('sends the return address through the provider and reads it back at the callback', async () => {
    const m = manager(null);
    const auth = createOidcAuth(m, { now: () => NOW });
    await auth.signIn('/user/user-center');
    expect(m.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/user/user-center' } });
    const done = await auth.completeSignIn('http://app/auth/callback?code=x');
    expect(done.returnTo).toBe('/order');
    expect(done.user.accessToken).toBe('access-cb');
  });

  it('forgets the user even when revocation fails', async () => {
    const m = manager(user('a', 30));
    m.revokeTokens.mockRejectedValue(new TypeError('Failed to fetch'));
    await createOidcAuth(m).forget();
    expect(m.revokeTokens).toHaveBeenCalledWith(['refresh_token']);
    expect(m.removeUser).toHaveBeenCalled();
  });

  it('writes the stored user only under the renew lock: callback, renewal, revocation, removal', async () => {
    let inside = 0;
    const exclusive: Exclusive = async (task) => {
      inside++;
      try {
        return await task();
      } finally {
        inside--;
      }
    };
    const m = manager(user('a', 30));
    const writers = [
      'signinRedirectCallback',
      'signinSilent',
      'revokeTokens',
      'removeUser',
    ] as const;
    const unlocked: string[] = [];
    for (const name of writers) {
      const original = m[name].getMockImplementation();
      m[name].mockImplementation(async (...args: never[]) => {
        if (inside === 0) unlocked.push(name);
        return (original as (...a: never[]) => Promise<never>)(...args);
      });
    }
    const auth = createOidcAuth(m, { now: () => NOW, exclusive });
    await auth.completeSignIn('http://app/auth/callback?code=x');
    await auth.renew('a');
    await auth.forget();
    expect(m.signinSilent).toHaveBeenCalled();
    expect(m.removeUser).toHaveBeenCalled();
    expect(unlocked).toEqual([]);
  });
});
