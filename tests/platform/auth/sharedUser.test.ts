// Two contexts (two tabs, or a tab and the service worker) on one stored user, against the real
// embedded provider: a renewal by one is taken by the other without a token request, so only the
// newest refresh token is ever spent, and a sign-out while a renewal is on the way does not bring
// the user back. Each context has its own database connection, UserManager and lock holder.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { OidcClient } from 'oidc-client-ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDb } from '../../../src/auth/authDb';
import { IdbStateStore } from '../../../src/auth/idbStateStore';
import { RENEW_LOCK, renewLock } from '../../../src/auth/renewLock';
import { clientSettings } from '../../../src/auth/settings';
import type { Auth } from '../../../src/platform/auth/auth';
import { PersistedStateStore } from '../../../src/platform/auth/authStores';
import { createOidcAuth, createUserManager } from '../../../src/platform/auth/oidcAuth';
import { startTestServer, type TestServer, testConfig } from '../../support/app';
import { APP_SCOPE, OidcBrowser } from '../../support/oidcBrowser';
import { type ProviderFetch, providerFetch } from '../../support/providerFetch';
import { createAccount } from '../../support/tokens';
import { memoryStorage } from '../../support/webStorage';
import { MemoryLocks } from '../../sync/leader/locks';

const PASSWORD = 'Demo@2026';

let server: TestServer;
let provider: ProviderFetch;
let locks: MemoryLocks;
let dbName: string;
let addresses = 0;
const connections: AuthDb[] = [];

beforeAll(async () => {
  // Ten minutes, as in production: a token another context renewed is then not about to expire.
  const { oidc } = testConfig();
  server = await startTestServer('pglite', { config: { oidc: { ...oidc, accessTokenTtl: 600 } } });
  await createAccount(server.db.database, {
    username: 'buyer',
    password: PASSWORD,
    name: '王采购',
  });
});
afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  provider = providerFetch(server.app);
  vi.stubGlobal('fetch', provider.fetch);
  // Pending sign-in requests stay in Web Storage, shared by the origin's tabs.
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  locks = new MemoryLocks();
  dbName = `purchasing-auth-shared-${Math.random()}`;
});
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const db of connections.splice(0)) db.close();
  await Dexie.delete(dbName);
});

const authSettings = () => ({
  authority: server.issuer,
  clientId: server.config.oidc.clientId,
  scope: APP_SCOPE,
});

/** One context of the origin: its own connection, manager and view of the locks. */
function context(id: string): { auth: Auth; store: IdbStateStore } {
  const db = new AuthDb(dbName);
  connections.push(db);
  const store = new IdbStateStore(db);
  const manager = createUserManager(authSettings(), server.config.publicUrl, store);
  return { auth: createOidcAuth(manager, { exclusive: renewLock(locks.holder(id)) }), store };
}

/** Signs `auth` in through the provider's pages, as the app does, and finishes at its callback. */
async function signIn(auth: Auth) {
  const browser = new OidcBrowser(
    server.app,
    server.config.publicUrl,
    {
      clientId: server.config.oidc.clientId,
      redirectUri: `${server.config.publicUrl}/auth/callback`,
    },
    `10.1.0.${++addresses}`,
  );
  const client = new OidcClient({
    ...clientSettings(authSettings(), server.config.publicUrl),
    stateStore: new PersistedStateStore('authRequests'),
  });
  const request = await client.createSigninRequest({
    request_type: 'si:r',
    state: { returnTo: '/home' },
  });
  const page = await browser.follow(await browser.visit(request.url));
  const callback = await browser.follow(await browser.submitLogin(page, 'buyer', PASSWORD));
  const signedIn = await auth.completeSignIn(callback.location ?? '');
  return { ...signedIn, browser };
}

/** The refresh token in the shared store (what the next renewal would spend). */
async function storedRefreshToken(store: IdbStateStore): Promise<string | null> {
  const [key] = await store.getAllKeys();
  const value = key ? await store.get(key) : null;
  return value ? (JSON.parse(value) as { refresh_token: string }).refresh_token : null;
}

describe('one stored user shared by two contexts', () => {
  it('takes a token another context renewed, with no token request of its own', async () => {
    const a = context('tab-a');
    const b = context('tab-b');
    const { user, browser } = await signIn(a.auth);
    const spent = await storedRefreshToken(a.store);
    // B opened with the same user: it holds the same, now stale, access token.
    expect((await b.auth.storedUser())?.accessToken).toBe(user.accessToken);

    const before = provider.tokenRequests();
    const renewedByA = await a.auth.renew(user.accessToken);
    expect(renewedByA.kind).toBe('renewed');
    expect(provider.tokenRequests()).toBe(before + 1);

    const renewedByB = await b.auth.renew(user.accessToken);
    expect(provider.tokenRequests(), 'B spends no refresh token').toBe(before + 1);
    expect(renewedByB).toEqual(renewedByA);
    expect(await storedRefreshToken(b.store)).not.toBe(spent);

    // The provider rotated the refresh token: the first one is spent (and reusing it ends the grant).
    expect((await browser.refresh(spent ?? '')).json.error).toBe('invalid_grant');
  });

  it('does not bring the user back when a sign-out comes while a renewal is on the way', async () => {
    const a = context('tab-a');
    const b = context('tab-b');
    const { user, browser } = await signIn(a.auth);

    const held = provider.holdTokens();
    const renewing = a.auth.renew(user.accessToken);
    await held.arrived;
    const forgetting = b.auth.forget();
    // The provider has renewed; its answer is on the way back. Long enough for an unlocked
    // sign-out to read, revoke and remove the user before the answer is stored.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(locks.holders(RENEW_LOCK)).toBe(1);
    const renewedRefresh = new Promise<string | null>((resolve) => {
      void renewing.then(async () => resolve(await storedRefreshToken(a.store)));
    });
    held.release();
    await Promise.all([renewing, forgetting]);

    expect(await a.store.getAllKeys()).toEqual([]);
    expect(await a.auth.storedUser()).toBeNull();
    expect(await b.auth.storedUser()).toBeNull();
    // The sign-out revoked the newest refresh token, the one the renewal stored.
    const newest = await renewedRefresh;
    expect(newest).not.toBeNull();
    expect((await browser.refresh(newest ?? '')).json.error).toBe('invalid_grant');
    // A renewal that waited for the lock finds nobody to renew.
    expect(await a.auth.renew(user.accessToken)).toEqual({ kind: 'refused' });
  });
});
