// The background target in the sign-in database: version 2 adds its table to a version 1
// database without touching the stored user, and a row this release cannot read is no target.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthDb } from '../../src/auth/authDb';
import {
  clearBackgroundTarget,
  readBackgroundTarget,
  saveBackgroundTarget,
} from '../../src/auth/backgroundTarget';

const TARGET = {
  userId: 3,
  userSub: '3',
  companies: [101, 102],
  baseUrl: '',
  auth: { authority: 'http://idp/oidc', clientId: 'purchasing-app', scope: 'openid' },
};

let names = 0;
const used: string[] = [];
const freshName = () => {
  const name = `purchasing-auth-target-${++names}`;
  used.push(name);
  return name;
};

afterEach(async () => {
  for (const name of used.splice(0)) await Dexie.delete(name);
});

describe('background target', () => {
  it('is saved, read and cleared', async () => {
    const db = new AuthDb(freshName());
    expect(await readBackgroundTarget(db)).toBeNull();
    await saveBackgroundTarget(db, TARGET);
    expect(await readBackgroundTarget(db)).toEqual(TARGET);
    await saveBackgroundTarget(db, { ...TARGET, companies: [101] });
    expect((await readBackgroundTarget(db))?.companies).toEqual([101]);
    await clearBackgroundTarget(db);
    expect(await readBackgroundTarget(db)).toBeNull();
    db.close();
  });

  it('reads a damaged row as no target', async () => {
    const db = new AuthDb(freshName());
    await db.target.put({ key: 'current', value: { userId: 'three' } });
    expect(await readBackgroundTarget(db)).toBeNull();
    db.close();
  });

  it('upgrades a version 1 database, keeping the stored user', async () => {
    const name = freshName();
    const v1 = new Dexie(name);
    v1.version(1).stores({ entries: 'key' });
    await v1.table('entries').put({ key: 'user:x', value: '{"access_token":"a"}' });
    v1.close();
    const db = new AuthDb(name);
    await db.open();
    expect(db.verno).toBe(2);
    expect(await db.entries.get('user:x')).toEqual({
      key: 'user:x',
      value: '{"access_token":"a"}',
    });
    expect(await readBackgroundTarget(db)).toBeNull();
    await saveBackgroundTarget(db, TARGET);
    expect(await readBackgroundTarget(db)).toEqual(TARGET);
    db.close();
  });
});
