// Sign-out while the provider cannot be reached (security review L16): the refresh token is kept
// in the auth module's storage and revoked at the next chance; it leaves the queue once revoked,
// once the provider answers that it cannot be, or once it has outlived any refresh token.
import { ErrorResponse, User } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOidcAuth,
  createRevocations,
  type OidcManager,
} from '../../../src/platform/auth/oidcAuth';
import {
  createRevocationQueue,
  persistedRevocations,
  REVOCATION_MAX_AGE_MS,
  SIGN_IN_WINDOW_MS,
} from '../../../src/platform/auth/revocations';
import { memoryStorage } from '../../support/webStorage';

const NOW = 1_700_000_000_000;
const offline = () => new TypeError('Failed to fetch');

function signedIn(refreshToken: string): User {
  return new User({
    access_token: 'access-1',
    token_type: 'Bearer',
    refresh_token: refreshToken,
    id_token: 'id-1',
    expires_at: NOW / 1000 + 600,
    profile: { sub: '3', iss: 'http://idp', aud: 'app', exp: 0, iat: 0, name: '李娜' },
  });
}

function manager(stored: User | null) {
  let user = stored;
  return {
    getUser: vi.fn(async () => user),
    clearStaleState: vi.fn(async () => {}),
    signinRedirect: vi.fn(async () => {}),
    signinRedirectCallback: vi.fn(async () => signedIn('refresh-new')),
    signinSilent: vi.fn(async (): Promise<User | null> => signedIn('refresh-2')),
    revokeTokens: vi.fn(async () => {}),
    removeUser: vi.fn(async () => {
      user = null;
    }),
    signoutRedirect: vi.fn(async () => {}),
  } satisfies OidcManager;
}

let local: Storage;
beforeEach(() => {
  local = memoryStorage();
  vi.stubGlobal('window', {
    localStorage: local,
    sessionStorage: memoryStorage(),
    addEventListener: vi.fn(),
  });
});
afterEach(() => vi.unstubAllGlobals());

const queued = () => persistedRevocations.read().map((entry) => entry.token);

describe('sign-out offline', () => {
  it('keeps the refresh token, forgets the user, and revokes the token at the next start', async () => {
    const revoke = vi.fn(async (_token: string): Promise<void> => {
      throw offline();
    });
    const revocations = createRevocationQueue(persistedRevocations, revoke, () => NOW);
    const m = manager(signedIn('refresh-1'));
    m.revokeTokens.mockRejectedValue(offline());

    await createOidcAuth(m, { now: () => NOW, revocations }).forget();
    expect(m.removeUser).toHaveBeenCalled();
    expect(queued()).toEqual(['refresh-1']);
    // In the auth module's own storage, where a restarted app finds it.
    expect(local.getItem('purchasing.auth.revocations')).toContain('refresh-1');

    // Still offline at the next start: it stays.
    await revocations.flush();
    expect(revoke).toHaveBeenCalledWith('refresh-1');
    expect(queued()).toEqual(['refresh-1']);

    // The app starts again with the provider reachable: revoked and dropped.
    revoke.mockResolvedValue(undefined);
    const restarted = createRevocationQueue(persistedRevocations, revoke, () => NOW);
    const auth = createOidcAuth(manager(null), { now: () => NOW, revocations: restarted });
    expect(await auth.storedUser()).toBeNull();
    await restarted.flush();
    expect(revoke).toHaveBeenLastCalledWith('refresh-1');
    expect(queued()).toEqual([]);
  });

  it('drops a token the provider refuses to revoke (an OAuth error is its final answer)', async () => {
    const revoke = vi.fn(async (_token: string) => {
      throw new ErrorResponse({ error: 'invalid_request' });
    });
    const revocations = createRevocationQueue(persistedRevocations, revoke, () => NOW);
    revocations.add('refresh-1');
    await revocations.flush();
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(queued()).toEqual([]);
  });

  it('queues nothing when the provider revoked it at sign-out or answered with an error', async () => {
    const revocations = createRevocationQueue(persistedRevocations, vi.fn(), () => NOW);
    await createOidcAuth(manager(signedIn('refresh-1')), { now: () => NOW, revocations }).forget();
    const refused = manager(signedIn('refresh-2'));
    refused.revokeTokens.mockRejectedValue(new ErrorResponse({ error: 'invalid_client' }));
    await createOidcAuth(refused, { now: () => NOW, revocations }).forget();
    expect(queued()).toEqual([]);
  });

  it('revokes a queued token before the next sign-in leaves for the provider', async () => {
    // Revoking ends the token's grant, which the provider would reuse for the new sign-in.
    const calls: string[] = [];
    const revoke = vi.fn(async (token: string) => {
      calls.push(`revoke ${token}`);
    });
    const revocations = createRevocationQueue(persistedRevocations, revoke, () => NOW);
    revocations.add('refresh-old');
    const m = manager(null);
    m.signinRedirect.mockImplementation(async () => {
      calls.push('sign-in');
    });
    await createOidcAuth(m, { now: () => NOW, revocations }).signIn('/home');
    expect(calls).toEqual(['revoke refresh-old', 'sign-in']);
    expect(queued()).toEqual([]);
  });

  it('does not hold a sign-in back while the provider cannot be reached', async () => {
    const revocations = createRevocationQueue(
      persistedRevocations,
      async () => {
        throw offline();
      },
      () => NOW,
    );
    revocations.add('refresh-old');
    const m = manager(null);
    await createOidcAuth(m, { now: () => NOW, revocations }).signIn('/home');
    expect(m.signinRedirect).toHaveBeenCalled();
    expect(queued()).toEqual(['refresh-old']);
  });

  it('never revokes, under the next session, a token still queued when that sign-in left (review #11)', async () => {
    // Offline at sign-in: the revocation fails and the sign-in leaves for the provider anyway.
    let reachable = false;
    const revoke = vi.fn(async (_token: string) => {
      if (!reachable) throw offline();
    });
    const revocations = createRevocationQueue(persistedRevocations, revoke, () => NOW);
    revocations.add('refresh-old');
    const m = manager(null);
    const auth = createOidcAuth(m, { now: () => NOW, revocations });
    await auth.signIn('/home');
    expect(m.signinRedirect).toHaveBeenCalled();
    revoke.mockClear();

    // The callback page: the provider is reachable again, and its session reused the old grant.
    reachable = true;
    await auth.storedUser();
    await revocations.flush();
    expect((await auth.completeSignIn('http://app/auth/callback?code=1')).user.sub).toBe('3');
    await revocations.flush();
    expect(revoke).not.toHaveBeenCalled();
    expect(queued()).toEqual([]);
  });

  it('revokes a held token once the sign-in it waited for was abandoned', async () => {
    let now = NOW;
    const revoke = vi.fn(async (_token: string) => {});
    const revocations = createRevocationQueue(persistedRevocations, revoke, () => now);
    revocations.add('refresh-old');
    revocations.signInStarted();
    revocations.add('refresh-later');
    await revocations.flush();
    // Only the token queued after the sign-in left is revoked; the held one waits.
    expect(revoke.mock.calls).toEqual([['refresh-later']]);
    expect(queued()).toEqual(['refresh-old']);

    now = NOW + SIGN_IN_WINDOW_MS;
    await revocations.flush();
    expect(revoke.mock.calls).toEqual([['refresh-later'], ['refresh-old']]);
    expect(queued()).toEqual([]);
  });

  it('stops at the first failure and gives up on tokens older than any refresh token lives', async () => {
    let now = NOW;
    const revoke = vi.fn(async (_token: string) => {
      throw offline();
    });
    const revocations = createRevocationQueue(persistedRevocations, revoke, () => now);
    revocations.add('refresh-1');
    revocations.add('refresh-2');
    await revocations.flush();
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(queued()).toEqual(['refresh-1', 'refresh-2']);

    now = NOW + REVOCATION_MAX_AGE_MS + 1;
    await revocations.flush();
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(queued()).toEqual([]);
  });

  it('sends each token once when flushes overlap', async () => {
    let release = () => {};
    const revoke = vi.fn(
      (_token: string) =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const revocations = createRevocationQueue(persistedRevocations, revoke, () => NOW);
    revocations.add('refresh-1');
    const first = revocations.flush();
    const second = revocations.flush();
    release();
    await Promise.all([first, second]);
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(queued()).toEqual([]);
  });

  it("counts the provider's empty text/plain 200 as revoked (oidc-provider's answer)", async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/.well-known/openid-configuration')) {
          return Response.json({
            issuer: 'http://idp/oidc',
            authorization_endpoint: 'http://idp/oidc/auth',
            token_endpoint: 'http://idp/oidc/token',
            revocation_endpoint: 'http://idp/oidc/token/revocation',
          });
        }
        posted.push(String(init?.body));
        return new Response('', { status: 200, headers: { 'content-type': 'text/plain' } });
      }),
    );
    const revocations = createRevocations(
      { authority: 'http://idp/oidc', clientId: 'purchasing-app', scope: 'openid' },
      'http://app',
    );
    revocations.add('refresh-1');
    await revocations.flush();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toContain('token=refresh-1');
    expect(queued()).toEqual([]);
  });
});
