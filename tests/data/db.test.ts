import './rows';
import Dexie from 'dexie';
import { IDBKeyRange as FakeKeyRange, IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deleteUserDatabase,
  openUserDatabase,
  type PurchasingDb,
  SchemaOutdatedError,
  userDatabaseName,
} from '../../src/data/db';
import { purchaseListPage } from '../../src/data/lists/queries';
import { readClientId } from '../../src/data/meta';
import { SCHEMA_VERSION, STORES_V1, STORES_V2, STORES_V3, STORES_V4 } from '../../src/data/schema';
import { classifyStorageError } from '../../src/data/storageErrors';
import { applyRows } from '../../src/data/writes';
import { freshUserId, sheet } from './rows';

const opened: Dexie[] = [];
afterEach(async () => {
  const dbs = opened.splice(0);
  for (const db of dbs) db.close({ disableAutoOpen: true });
  for (const name of new Set(dbs.map((db) => db.name))) await Dexie.delete(name);
});
const track = <T extends Dexie>(db: T): T => {
  opened.push(db);
  return db;
};

/** The schema a newer app would declare: this one plus a table. */
function newerApp(userId: string): Dexie {
  const db = new Dexie(userDatabaseName(userId));
  db.version(SCHEMA_VERSION + 1).stores({
    ...STORES_V1,
    ...STORES_V2,
    ...STORES_V3,
    ...STORES_V4,
    newer: 'id',
  });
  return db;
}

describe('openUserDatabase', () => {
  it('gives each user their own database, named from the user id', async () => {
    const alice = freshUserId('alice');
    const bob = freshUserId('bob');
    const a = track(await openUserDatabase(alice));
    const b = track(await openUserDatabase(bob));
    expect(a.name).toBe(`purchasing-u${alice}`);
    await applyRows(a, 1, 'sheets', [sheet(1)]);
    const page = {
      companyId: 1,
      listType: 'ALL',
      sort: 'create_time',
      direction: 'desc',
      offset: 0,
      limit: 10,
    } as const;
    expect((await purchaseListPage(a, page)).total).toBe(1);
    expect((await purchaseListPage(b, page)).total).toBe(0);
  });

  it.each(['', 'a/b', 'x'.repeat(201), 'name with spaces'])(
    'refuses the user id %j',
    async (userId) => {
      await expect(openUserDatabase(userId)).rejects.toThrow(/invalid user id/);
    },
  );

  it('keeps the client id of the device across reopening', async () => {
    const userId = freshUserId('client');
    const first = await openUserDatabase(userId);
    const id = await readClientId(first);
    first.close();
    const again = track(await openUserDatabase(userId));
    expect(await readClientId(again)).toBe(id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens on another IndexedDB factory when given one (a worker, or tests)', async () => {
    const factory = new IDBFactory();
    const userId = freshUserId('factory');
    const db = await openUserDatabase(userId, { indexedDB: factory, IDBKeyRange: FakeKeyRange });
    await applyRows(db, 1, 'sheets', [sheet(1)]);
    expect((await factory.databases()).map((info) => info.name)).toEqual([
      userDatabaseName(userId),
    ]);
    expect((await indexedDB.databases()).map((info) => info.name)).not.toContain(
      userDatabaseName(userId),
    );
    db.close();
    await deleteUserDatabase(userId, { indexedDB: factory, IDBKeyRange: FakeKeyRange });
    expect(await factory.databases()).toEqual([]);
  });
});

describe('a database newer than this code', () => {
  it('is refused before opening, with an error classified as a version fault', async () => {
    const userId = freshUserId('newer');
    const newer = track(newerApp(userId));
    await newer.open();
    newer.close();
    const refusal = await openUserDatabase(userId).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SchemaOutdatedError);
    expect(refusal).toMatchObject({
      installedVersion: SCHEMA_VERSION + 1,
      codeVersion: SCHEMA_VERSION,
    });
    expect(classifyStorageError(refusal)).toBe('version');
    // Nothing was opened or changed: the newer app still finds its own schema.
    await newer.open();
    expect(newer.tables.map((t) => t.name)).toContain('newer');
  });

  it('is refused after opening where the browser cannot list its databases', async () => {
    const userId = freshUserId('newer-nolist');
    const newer = track(newerApp(userId));
    await newer.open();
    newer.close();
    // A factory without databases() (older Firefox): only the check after opening can see it.
    const withoutList = {
      open: (name: string, version?: number) => indexedDB.open(name, version),
      deleteDatabase: (name: string) => indexedDB.deleteDatabase(name),
      cmp: (a: unknown, b: unknown) => indexedDB.cmp(a, b),
    } as unknown as IDBFactory;
    const refusal = await openUserDatabase(userId, { indexedDB: withoutList }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(SchemaOutdatedError);
    await newer.open();
    expect(newer.backendDB().version).toBe((SCHEMA_VERSION + 1) * 10);
  });

  it('closes an open connection for good when another tab upgrades, and says so', async () => {
    const userId = freshUserId('upgraded');
    const onOutdated = vi.fn();
    const db: PurchasingDb = track(await openUserDatabase(userId, { onOutdated }));
    const newer = track(newerApp(userId));
    await newer.open(); // would be blocked if the old connection stayed open
    expect(onOutdated).toHaveBeenCalledWith('newer-schema');
    expect(db.isOpen()).toBe(false);
    // The old code must not write into the newer schema: no silent reopen.
    const write = await applyRows(db, 1, 'sheets', [sheet(1)]).catch((error: unknown) => error);
    expect(classifyStorageError(write)).toBe('connection-lost');
    expect(await newer.table('sheets').count()).toBe(0);
  });
});

describe('deleteUserDatabase', () => {
  it("removes the user's database and tells their open tabs", async () => {
    const userId = freshUserId('signout');
    const onOutdated = vi.fn();
    const db = await openUserDatabase(userId, { onOutdated });
    await applyRows(db, 1, 'sheets', [sheet(1)]);
    await deleteUserDatabase(userId);
    expect(onOutdated).toHaveBeenCalledWith('deleted');
    expect((await indexedDB.databases()).map((info) => info.name)).not.toContain(
      userDatabaseName(userId),
    );
    const reopened = track(await openUserDatabase(userId));
    expect(await reopened.sheets.count()).toBe(0);
  });
});

describe('files', () => {
  it('keeps an attachment as a blob, by client file id, until it is uploaded', async () => {
    const db = track(await openUserDatabase(freshUserId('files')));
    await db.files.put({
      id: 'file-1',
      userSub: '7',
      companyId: 1,
      documentType: 'TODO_ATTACHMENT',
      blob: new Blob(['报价单内容'], { type: 'text/plain' }),
      name: '报价单.txt',
      contentType: 'text/plain',
      size: 15,
      uploaded: null,
      createdAt: 0,
    });
    const stored = await db.files.get('file-1');
    expect(stored?.blob).toBeInstanceOf(Blob);
    expect(await stored?.blob?.text()).toBe('报价单内容');
  });
});
