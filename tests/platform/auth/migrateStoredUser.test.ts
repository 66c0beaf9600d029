// The move of the stored user from an older release's localStorage into the sign-in database:
// a move (the old entry goes), localStorage wins over IndexedDB, a second run changes nothing and
// takes no lock, and a move that fails leaves the entry for the next start.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDb } from '../../../src/auth/authDb';
import { IdbStateStore } from '../../../src/auth/idbStateStore';
import type { Exclusive } from '../../../src/auth/renewLock';
import { migrateStoredUser } from '../../../src/platform/auth/migrateStoredUser';
import { memoryStorage } from '../../support/webStorage';

const OLD_KEY = 'purchasing.auth.user';
const USER_KEY = 'user:http://idp/oidc:purchasing-app';

let local: Storage;
let db: AuthDb;
let store: IdbStateStore;
let locked = 0;
/** Counts the lock's uses; Node has no Web Locks. */
const exclusive: Exclusive = (task) => {
  locked++;
  return task();
};

beforeEach(() => {
  local = memoryStorage();
  vi.stubGlobal('window', { localStorage: local, sessionStorage: memoryStorage() });
  db = new AuthDb(`purchasing-auth-migration-${Math.random()}`);
  store = new IdbStateStore(db);
  locked = 0;
});
afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await Dexie.delete(db.name);
});

const olderRelease = (entries: Record<string, string>) =>
  local.setItem(OLD_KEY, JSON.stringify(entries));

describe('migrateStoredUser', () => {
  it('moves the user out of localStorage into IndexedDB, under the lock', async () => {
    olderRelease({ [USER_KEY]: '{"refresh_token":"r-1"}' });
    await migrateStoredUser(store, exclusive);
    expect(await store.get(USER_KEY)).toBe('{"refresh_token":"r-1"}');
    expect(local.getItem(OLD_KEY)).toBeNull();
    expect(locked).toBe(1);
  });

  it('lets localStorage win when both hold a user: only an older tab still writes there', async () => {
    await store.set(USER_KEY, '{"refresh_token":"r-1"}');
    await store.set('user:http://other/oidc:app', 'kept');
    olderRelease({ [USER_KEY]: '{"refresh_token":"r-2"}' });
    await migrateStoredUser(store, exclusive);
    expect(await store.get(USER_KEY)).toBe('{"refresh_token":"r-2"}');
    expect(await store.get('user:http://other/oidc:app')).toBe('kept');
    expect(local.getItem(OLD_KEY)).toBeNull();
  });

  it('changes nothing the second time, and takes no lock when there is nothing to move', async () => {
    olderRelease({ [USER_KEY]: '{"refresh_token":"r-1"}' });
    await migrateStoredUser(store, exclusive);
    // A renewal after the move: the second start must not bring anything back.
    await store.set(USER_KEY, '{"refresh_token":"r-2"}');
    await migrateStoredUser(store, exclusive);
    expect(await store.get(USER_KEY)).toBe('{"refresh_token":"r-2"}');
    expect(await store.getAllKeys()).toEqual([USER_KEY]);
    expect(locked).toBe(1);
  });

  it('moves nothing when another tab moved it while this one waited for the lock', async () => {
    olderRelease({ [USER_KEY]: '{"refresh_token":"r-1"}' });
    const otherTabFirst: Exclusive = async (task) => {
      local.removeItem(OLD_KEY);
      return task();
    };
    await migrateStoredUser(store, otherTabFirst);
    expect(await store.getAllKeys()).toEqual([]);
  });

  it('leaves the entry where it was when IndexedDB refuses, for the next start', async () => {
    olderRelease({ [USER_KEY]: '{"refresh_token":"r-1"}' });
    const refusing = new IdbStateStore(db);
    vi.spyOn(refusing, 'set').mockRejectedValue(new Error('QuotaExceededError'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await migrateStoredUser(refusing, exclusive);
    expect(logged).toHaveBeenCalled();
    expect(local.getItem(OLD_KEY)).not.toBeNull();
    await migrateStoredUser(store, exclusive);
    expect(await store.get(USER_KEY)).toBe('{"refresh_token":"r-1"}');
    expect(local.getItem(OLD_KEY)).toBeNull();
  });
});
