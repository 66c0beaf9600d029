// The session's stored data through src/platform/persisted.ts, against in-memory Web Storage: the
// oidc-client-ts stores, the kept account (validated on read) and the company choice per tab
// and device.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PersistedStateStore } from '../../../src/platform/auth/authStores';
import { persistedSessionStore } from '../../../src/platform/session/sessionStore';
import { memoryStorage } from '../../support/webStorage';
import { buyerInfo } from './fixtures';

let local: Storage;
let session: Storage;
beforeEach(() => {
  local = memoryStorage();
  session = memoryStorage();
  vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
});
afterEach(() => vi.unstubAllGlobals());

describe('PersistedStateStore', () => {
  it("keeps oidc-client-ts's entries under one declared key", async () => {
    const store = new PersistedStateStore('authRequests');
    await store.set('user:http://idp:app', '{"access_token":"a"}');
    await store.set('other', 'x');
    expect(await store.get('user:http://idp:app')).toBe('{"access_token":"a"}');
    expect(await store.getAllKeys()).toEqual(['user:http://idp:app', 'other']);
    expect(await store.remove('other')).toBe('x');
    expect(await store.remove('other')).toBeNull();
    expect(JSON.parse(local.getItem('purchasing.auth.requests') ?? '')).toEqual({
      'user:http://idp:app': '{"access_token":"a"}',
    });
  });

  it('reads damaged storage as empty', async () => {
    local.setItem('purchasing.auth.requests', '{"a": 1}');
    expect(await new PersistedStateStore('authRequests').getAllKeys()).toEqual([]);
  });
});

describe('persistedSessionStore', () => {
  it('gives the kept account only to the subject it belongs to', () => {
    persistedSessionStore.saveAccount({ sub: '3', fetchedAt: 1, user: buyerInfo() });
    expect(persistedSessionStore.account('3')?.user.name).toBe('李娜');
    expect(persistedSessionStore.account('4')).toBeNull();
  });

  it('reads an account copy that no longer validates as absent', () => {
    local.setItem(
      'purchasing.session.account',
      JSON.stringify({ sub: '3', fetchedAt: 1, user: {} }),
    );
    expect(persistedSessionStore.account('3')).toBeNull();
  });

  it("keeps the company choice in the tab and on the device, the tab's first", () => {
    persistedSessionStore.saveCompanyChoice({ sub: '3', companyId: 102 });
    session.clear(); // a new tab
    expect(persistedSessionStore.companyChoices()).toEqual([null, { sub: '3', companyId: 102 }]);
  });

  it('clears everything of the account at sign-out', () => {
    persistedSessionStore.saveAccount({ sub: '3', fetchedAt: 1, user: buyerInfo() });
    persistedSessionStore.saveCompanyChoice({ sub: '3', companyId: 101 });
    persistedSessionStore.clear();
    expect(local.length + session.length).toBe(0);
  });
});
