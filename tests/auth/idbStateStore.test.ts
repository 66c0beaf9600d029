// The sign-in database as oidc-client-ts's user store: what one context writes another reads at
// once (two connections, as two tabs or a tab and the service worker hold), damaged entries read
// as absent, and the renew lock runs one writer at a time.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_DB_NAME, AuthDb } from '../../src/auth/authDb';
import { IdbStateStore } from '../../src/auth/idbStateStore';
import { RENEW_LOCK, renewLock } from '../../src/auth/renewLock';
import { managerSettings } from '../../src/auth/settings';
import { MemoryLocks } from '../sync/leader/locks';

const AUTH = { authority: 'http://idp/oidc', clientId: 'purchasing-app', scope: 'openid' };
const USER_KEY = 'user:http://idp/oidc:purchasing-app';

let names = 0;
const opened: AuthDb[] = [];
/** A connection to a database of this test (two calls with one name: two contexts). */
function connect(name: string): AuthDb {
  const db = new AuthDb(name);
  opened.push(db);
  return db;
}
const freshName = () => `purchasing-auth-test-${++names}`;

afterEach(async () => {
  const dbs = opened.splice(0);
  for (const db of dbs) db.close();
  for (const name of new Set(dbs.map((db) => db.name))) await Dexie.delete(name);
});

describe('IdbStateStore', () => {
  it("keeps oidc-client-ts's entries by key", async () => {
    const store = new IdbStateStore(connect(freshName()));
    await store.set(USER_KEY, '{"access_token":"a"}');
    await store.set('other', 'x');
    expect(await store.get(USER_KEY)).toBe('{"access_token":"a"}');
    expect((await store.getAllKeys()).sort()).toEqual(['other', USER_KEY]);
    expect(await store.remove('other')).toBe('x');
    expect(await store.remove('other')).toBeNull();
    expect(await store.get('other')).toBeNull();
    expect(await store.getAllKeys()).toEqual([USER_KEY]);
  });

  it('is named purchasing-auth, the name the service worker will open', () => {
    expect(new AuthDb().name).toBe(AUTH_DB_NAME);
    expect(AUTH_DB_NAME).toBe('purchasing-auth');
  });

  it('shows what one context stored to another at once', async () => {
    const name = freshName();
    const tab = new IdbStateStore(connect(name));
    const worker = new IdbStateStore(connect(name));
    await tab.set(USER_KEY, 'first');
    expect(await worker.get(USER_KEY)).toBe('first');
    await worker.set(USER_KEY, 'renewed');
    expect(await tab.get(USER_KEY)).toBe('renewed');
    await tab.remove(USER_KEY);
    expect(await worker.get(USER_KEY)).toBeNull();
  });

  it('reads an entry that is not a string as absent', async () => {
    const db = connect(freshName());
    await db.entries.put({ key: USER_KEY, value: 42 as unknown as string });
    expect(await new IdbStateStore(db).get(USER_KEY)).toBeNull();
  });

  it("is where a UserManager keeps its user, and another manager's getUser finds it", async () => {
    const name = freshName();
    const settings = (db: AuthDb) => managerSettings(AUTH, 'http://app', new IdbStateStore(db));
    const page = new UserManager(settings(connect(name)));
    const worker = new UserManager(settings(connect(name)));
    const user = new User({
      access_token: 'access-1',
      token_type: 'Bearer',
      refresh_token: 'refresh-1',
      profile: { sub: '3', iss: AUTH.authority, aud: AUTH.clientId, exp: 0, iat: 0 },
    });
    await page.storeUser(user);
    expect((await worker.getUser())?.refresh_token).toBe('refresh-1');
    await worker.removeUser();
    expect(await page.getUser()).toBeNull();
  });
});

describe('renewLock', () => {
  it('runs one task at a time under purchasing-auth-renew', async () => {
    const locks = new MemoryLocks();
    const tab = renewLock(locks.holder('tab'));
    const worker = renewLock(locks.holder('worker'));
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = tab(async () => {
      order.push('tab starts');
      await held;
      order.push('tab ends');
    });
    const second = worker(async () => {
      order.push('worker runs');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(locks.holders(RENEW_LOCK)).toBe(1);
    expect(order).toEqual(['tab starts']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['tab starts', 'tab ends', 'worker runs']);
  });

  it('runs the task directly where Web Locks are missing', async () => {
    expect(await renewLock(undefined)(async () => 'done')).toBe('done');
  });
});
