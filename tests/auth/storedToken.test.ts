// The service worker's token: the stored one while it lasts, renewed within 60 s of expiry, and
// none at all when the stored user is not the target's (a sign-out and another user's sign-in).
import { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import type { RenewingManager } from '../../src/auth/renewal';
import { storedToken } from '../../src/auth/storedToken';

const NOW = 1_700_000_000_000;

function user(access: string, sub = '3', expiresInS = 600) {
  return new User({
    access_token: access,
    refresh_token: `refresh-${access}`,
    token_type: 'Bearer',
    profile: { sub, iss: 'http://idp', aud: 'app', exp: 0, iat: 0 },
    expires_at: NOW / 1000 + expiresInS,
  });
}

function manager(stored: User | null, renewed = user('renewed')) {
  let current = stored;
  return {
    getUser: vi.fn(async () => current),
    signinSilent: vi.fn(async () => {
      current = renewed;
      return renewed;
    }),
  } satisfies RenewingManager;
}

const options = (now = () => NOW) => ({ exclusive: <T>(task: () => Promise<T>) => task(), now });

describe('storedToken', () => {
  it('uses the stored token while it lasts, asking the store once', async () => {
    const m = manager(user('a1'));
    const source = storedToken(m, '3', options());
    expect(await source.token()).toBe('a1');
    expect(await source.token()).toBe('a1');
    expect(m.getUser).toHaveBeenCalledTimes(1);
    expect(m.signinSilent).not.toHaveBeenCalled();
  });

  it('renews a token that expires within 60 s', async () => {
    const m = manager(user('a1', '3', 30));
    expect(await storedToken(m, '3', options()).token()).toBe('renewed');
    expect(m.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('renews once the held token nears expiry', async () => {
    let now = NOW;
    const m = manager(user('a1'));
    const source = storedToken(
      m,
      '3',
      options(() => now),
    );
    expect(await source.token()).toBe('a1');
    now += 550_000;
    expect(await source.token()).toBe('renewed');
  });

  it('takes a token another context renewed without spending the refresh token', async () => {
    const m = manager(user('a1'));
    const source = storedToken(m, '3', options());
    await source.token();
    m.getUser.mockResolvedValue(user('a2'));
    await source.renew();
    expect(await source.token()).toBe('a2');
    expect(m.signinSilent).not.toHaveBeenCalled();
  });

  it('after a 401 on the stored token: spends the refresh token', async () => {
    const m = manager(user('a1'));
    const source = storedToken(m, '3', options());
    await source.token();
    await source.renew();
    expect(m.signinSilent).toHaveBeenCalledTimes(1);
    expect(await source.token()).toBe('renewed');
  });

  it("gives no token for another user's sign-in, and never renews it", async () => {
    const m = manager(user('b1', '4', 30));
    const source = storedToken(m, '3', options());
    expect(await source.token()).toBeNull();
    await expect(source.renew()).rejects.toThrow();
    expect(m.signinSilent).not.toHaveBeenCalled();
  });

  it('gives no token when signed out', async () => {
    expect(await storedToken(manager(null), '3', options()).token()).toBeNull();
  });
});
