// The pull's own connection (PurchasingDb.forPulls): pulled pages are written with `relaxed`
// durability beside the outbox's `strict` connection, to the same database, and that second
// connection never outlives the first nor blocks another tab's upgrade or a sign-out's delete.
import './rows';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deleteUserDatabase,
  openUserDatabase,
  PurchasingDb,
  userDatabaseName,
} from '../../src/data/db';
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

/** Dexie closes a connection synchronously; the pull connection's close follows its open. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PurchasingDb.forPulls', () => {
  it('is a second, relaxed connection to the same database, opened once', async () => {
    const db = track(await openUserDatabase(freshUserId('pulls')));
    const pulls = await db.forPulls();
    expect(pulls).not.toBe(db);
    expect(pulls.name).toBe(db.name);
    expect(pulls._options.chromeTransactionDurability).toBe('relaxed');
    expect(db._options.chromeTransactionDurability).toBe('strict');
    expect(await db.forPulls()).toBe(pulls);
    await applyRows(pulls, 1, 'sheets', [sheet(1)]);
    expect(await db.sheets.count()).toBe(1);
  });

  it('is the connection itself when that is not strict', async () => {
    const db = track(new PurchasingDb(`purchasing-u${freshUserId('relaxed')}`));
    expect(await db.forPulls()).toBe(db);
  });

  it('closes with the main connection, and a reopened one gets a new pull connection', async () => {
    const db = track(await openUserDatabase(freshUserId('pulls-close')));
    const pulls = await db.forPulls();
    db.close();
    await settle();
    expect(pulls.isOpen()).toBe(false);
    await db.open();
    const again = await db.forPulls();
    expect(again).not.toBe(pulls);
    await applyRows(again, 1, 'sheets', [sheet(2)]);
    expect(await db.sheets.count()).toBe(1);
  });

  it('closes for good when another tab upgrades, without blocking it', async () => {
    const userId = freshUserId('pulls-upgraded');
    const db = track(await openUserDatabase(userId));
    const pulls = await db.forPulls();
    const newer = track(new Dexie(userDatabaseName(userId)));
    newer.version(SCHEMA_VERSION + 1).stores({
      ...STORES_V1,
      ...STORES_V2,
      ...STORES_V3,
      ...STORES_V4,
      newer: 'id',
    });
    await newer.open(); // would be blocked while either connection stayed open
    expect(pulls.isOpen()).toBe(false);
    const write = await applyRows(pulls, 1, 'sheets', [sheet(1)]).catch((error: unknown) => error);
    expect(classifyStorageError(write)).toBe('connection-lost');
    // A closed main connection hands out itself: its writes fail as the main one's do.
    expect(await db.forPulls()).toBe(db);
  });

  it("lets a sign-out's delete through", async () => {
    const userId = freshUserId('pulls-deleted');
    const db = await openUserDatabase(userId);
    const pulls = await db.forPulls();
    await applyRows(pulls, 1, 'sheets', [sheet(1)]);
    await deleteUserDatabase(userId); // would wait for ever on an open connection
    expect(pulls.isOpen()).toBe(false);
    expect((await indexedDB.databases()).map((info) => info.name)).not.toContain(
      userDatabaseName(userId),
    );
  });
});
