// How a tab's sync session ends without the tab asking: another tab opens a newer schema (by
// upgrading the database, or by announcing its version on the channel), or the user signs out in
// another tab. And sign-out itself: refused while changes wait unless the user confirmed, then
// every tab closes and the user's database is deleted, without hanging on a connection that
// does not close.
import Dexie from 'dexie';
import { indexedDB } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaOutdatedError, userDatabaseName } from '../../src/data/db';
import { declareSchema, SCHEMA_VERSION } from '../../src/data/schema';
import { syncLockName } from '../../src/sync/leader/election';
import type { SyncSession } from '../../src/sync/session';
import {
  type Harness,
  publishCompany,
  serverSheet,
  startHarness,
  until,
} from './engine/engineHarness';
import { databaseExists, freshUser, openTabs, roles } from './sessionHarness';

/** The database as the next app version would open it: this schema plus a table. */
function newerApp(userId: string): Dexie {
  const db = new Dexie(userDatabaseName(userId), { indexedDB });
  declareSchema(db);
  db.version(SCHEMA_VERSION + 1).stores({ newer: 'id' });
  return db;
}

describe('a sync session ending', () => {
  let h: Harness;
  const sessions: SyncSession[] = [];

  beforeAll(async () => {
    h = await startHarness();
    await publishCompany(h, h.fx.companies.buyerA);
  });
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.stop();
  });
  afterAll(() => h.server.close());

  const firstPull = (session: SyncSession) =>
    until(
      async () => (await session.status()).companies.every((c) => c.lastSyncedAt !== null),
      'the first pull',
    );

  /** A change that stays queued: the leader's network lets no mutation through. */
  async function queueChange(session: SyncSession): Promise<void> {
    const sheet = await serverSheet(h, h.fx.sheets.draftA.id);
    const owner = { id: h.fx.contacts.adminA, name: '张管理' };
    await session.enqueue(h.fx.companies.buyerA, {
      type: 'sheet.changeOwner',
      payload: { id: sheet.id, ifMatch: sheet.version, owner },
    });
  }

  it('closes the database and tells the app to reload when another tab upgrades it', async () => {
    const outdated = vi.fn();
    const { userId, tabs } = await openTabs(h, 1, sessions, {
      beforeStart: (session) => session.onOutdated(outdated),
    });
    const [tab] = tabs;
    if (!tab) throw new Error('no tab');
    const newer = newerApp(userId);
    try {
      // Would wait for ever if the older connection stayed open.
      await newer.open();
      await until(() => outdated.mock.calls.length === 1, 'the outdated callback');
      expect(tab.dbs[0]?.isOpen()).toBe(false);
      expect(tab.session.isLeader()).toBe(false);
      await expect(tab.session.status()).rejects.toThrow('sync session not started');
    } finally {
      newer.close();
    }
  });

  it('steps down and closes the database when a tab announces a newer schema', async () => {
    const outdated = vi.fn();
    const { userId, tabs } = await openTabs(h, 1, sessions, {
      beforeStart: (session) => session.onOutdated(outdated),
    });
    const [tab] = tabs;
    if (!tab) throw new Error('no tab');
    await firstPull(tab.session);
    const channel = new BroadcastChannel(`${userId}:${syncLockName(h.fx.accounts.userA)}`);
    try {
      channel.postMessage({
        kind: 'election',
        type: 'hello',
        tabId: 'newer-tab',
        schemaVersion: SCHEMA_VERSION + 1,
      });
      await until(() => outdated.mock.calls.length === 1, 'the outdated callback');
      expect(tab.session.isLeader()).toBe(false);
      expect(tab.dbs[0]?.isOpen()).toBe(false);
    } finally {
      channel.close();
    }
  });

  it('starts no session on a database a newer app has upgraded, and says why', async () => {
    const userId = freshUser();
    const newer = newerApp(userId);
    await newer.open();
    newer.close();
    const outdated = vi.fn();
    const started = openTabs(h, 1, sessions, {
      userId,
      waitForLeader: false,
      beforeStart: (session) => session.onOutdated(outdated),
    });
    await expect(started).rejects.toBeInstanceOf(SchemaOutdatedError);
    expect(outdated).toHaveBeenCalledTimes(1);
  });

  it('refuses to sign out while changes wait, and deletes nothing', async () => {
    const { userId, tabs } = await openTabs(h, 2, sessions);
    const { leader, follower } = roles(tabs);
    await firstPull(follower.session);
    leader.net.mutationsOffline = true;
    await queueChange(follower.session);
    expect(await follower.session.signOut({ discardPending: false })).toEqual({
      signedOut: false,
      pending: 1,
    });
    expect(await databaseExists(userId)).toBe(true);
    expect((await follower.session.status()).pending).toBe(1);
    expect(leader.session.isLeader()).toBe(true);
  });

  it('once confirmed, closes every tab of the user and deletes the database', async () => {
    const signedOut = vi.fn();
    const { userId, tabs } = await openTabs(h, 2, sessions, {
      beforeStart: (session) => session.onSignedOut(signedOut),
    });
    const { leader, follower } = roles(tabs);
    await firstPull(follower.session);
    leader.net.mutationsOffline = true;
    await queueChange(follower.session);
    expect(await follower.session.signOut({ discardPending: true })).toEqual({ signedOut: true });
    expect(await databaseExists(userId)).toBe(false);
    // The other tab was told once (by the channel, and by the delete closing its connection).
    await until(() => signedOut.mock.calls.length > 0, 'the other tab’s callback');
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(leader.session.isLeader()).toBe(false);
    expect(leader.dbs[0]?.isOpen()).toBe(false);
    await expect(leader.session.status()).rejects.toThrow('sync session not started');
  });

  it('answers a sign-out even while a connection that ignores the request blocks the delete', async () => {
    const { userId, tabs } = await openTabs(h, 1, sessions);
    const [tab] = tabs;
    if (!tab) throw new Error('no tab');
    // A connection without a versionchange handler: it never closes by itself.
    const blocker = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(userDatabaseName(userId));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const startedAt = Date.now();
    expect(await tab.session.signOut({ discardPending: true })).toEqual({ signedOut: true });
    // The harness waits 300 ms for a blocked delete.
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(await databaseExists(userId)).toBe(true);
    blocker.close();
    // The delete stayed queued and goes through once the connection closes.
    await until(async () => !(await databaseExists(userId)), 'the queued delete');
  });
});
