// A rolled-back (older) app and a database a newer app upgraded (security review L14): the older
// app refuses to open it for writing, but reads the unsent outbox entries so the user can see
// and keep them, and changes nothing in the database.
import './rows';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { openUserDatabase, SchemaOutdatedError, userDatabaseName } from '../../src/data/db';
import { readOutdatedOutbox } from '../../src/data/readOnly';
import { SCHEMA_VERSION, STORES_V1, STORES_V2, STORES_V3 } from '../../src/data/schema';
import { readEntry } from '../../src/sync/core/storedEntry';
import { createSheet, entry, sheetOwner } from '../sync/core/fixtures';
import { freshUserId } from './rows';

const names = new Set<string>();
afterEach(async () => {
  for (const name of names) await Dexie.delete(name);
  names.clear();
});

/** What a newer build leaves: a higher version, an extra table, and its outbox entries. */
async function newerBuildDatabase(userId: string) {
  const name = userDatabaseName(userId);
  names.add(name);
  const db = new Dexie(name);
  db.version(SCHEMA_VERSION + 2).stores({
    ...STORES_V1,
    ...STORES_V2,
    ...STORES_V3,
    drafts: 'id, updatedAt',
  });
  const entries = [
    entry(2, sheetOwner(5, 3)),
    entry(1, createSheet(-1)),
    // An entry of a mutation type only the newer build knows.
    { ...entry(3, sheetOwner(6, 1)), type: 'sheet.archive', payload: { id: 6 } },
  ];
  await db.table('outbox').bulkPut(entries);
  await db.table('drafts').put({ id: 'd1', updatedAt: 1 });
  await db.table('meta').put({ key: 'schema', version: SCHEMA_VERSION + 2, upgradedAt: 1 });
  db.close();
  return entries;
}

/** The whole database as raw IndexedDB sees it: version, stores, and every record. */
async function dump(userId: string) {
  const db = new Dexie(userDatabaseName(userId));
  await db.open();
  const tables: Record<string, unknown[]> = {};
  for (const table of db.tables) tables[table.name] = await table.toArray();
  const result = { version: db.verno, tables };
  db.close();
  return result;
}

describe('an older app on a database a newer app upgraded', () => {
  it('does not open it for writing, but reads the unsent entries, oldest first', async () => {
    const userId = freshUserId('rollback');
    const entries = await newerBuildDatabase(userId);
    await expect(openUserDatabase(userId)).rejects.toBeInstanceOf(SchemaOutdatedError);

    const snapshot = await readOutdatedOutbox(userId);
    expect(snapshot?.version).toBe(SCHEMA_VERSION + 2);
    expect(snapshot?.outbox).toEqual([entries[1], entries[0], entries[2]]);
    // What this app can still read is shown as its own entries; the rest stays raw, not lost.
    expect(snapshot?.outbox.map((raw) => readEntry(raw).ok)).toEqual([true, true, false]);
  });

  it('changes nothing in the database', async () => {
    const userId = freshUserId('rollback');
    await newerBuildDatabase(userId);
    const before = await dump(userId);
    await expect(openUserDatabase(userId)).rejects.toBeInstanceOf(SchemaOutdatedError);
    await readOutdatedOutbox(userId);
    await readOutdatedOutbox(userId);
    expect(await dump(userId)).toEqual(before);
    expect(before.tables.drafts).toEqual([{ id: 'd1', updatedAt: 1 }]);
  });

  it('does not hold up the newer app: it upgrades while the notice is shown', async () => {
    const userId = freshUserId('rollback');
    await newerBuildDatabase(userId);
    await readOutdatedOutbox(userId);
    const newer = new Dexie(userDatabaseName(userId));
    newer.version(SCHEMA_VERSION + 3).stores({ ...STORES_V3, drafts: 'id, updatedAt' });
    await newer.open();
    expect(newer.verno).toBe(SCHEMA_VERSION + 3);
    newer.close();
  });

  it('reads nothing, and creates nothing, when the user has no database', async () => {
    const userId = freshUserId('nobody');
    names.add(userDatabaseName(userId));
    expect(await readOutdatedOutbox(userId)).toBeNull();
    expect(await Dexie.exists(userDatabaseName(userId))).toBe(false);
  });
});
