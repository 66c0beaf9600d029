// A database a newer app upgraded, read by this older app after a rollback (security review L14).
// The older code must not write there (it would store rows without the newer fields), but the
// user's unsent changes must not be locked away either: Dexie opened with no `version()` takes
// whatever schema the database has, and only the outbox is read, in one read-only transaction.
// Nothing is written, upgraded or deleted; the newer app finds everything as it left it.
import Dexie from 'dexie';
import { type OpenOptions, userDatabaseName } from './db';

export interface OutdatedSnapshot {
  /** The schema version the newer app left (IndexedDB's version / 10, as Dexie stores it). */
  version: number;
  /** The outbox entries as stored, oldest first; the newer app's shape may differ from ours. */
  outbox: unknown[];
}

const seqOf = (entry: unknown): number => {
  if (typeof entry !== 'object' || entry === null || !('seq' in entry)) return 0;
  return typeof entry.seq === 'number' ? entry.seq : 0;
};

/**
 * Reads the outbox of `userId`'s database whatever its version; null when there is no database
 * or no outbox table. For the notice an older app shows instead of locking the user out.
 */
export async function readOutdatedOutbox(
  userId: string,
  options: Pick<OpenOptions, 'indexedDB' | 'IDBKeyRange'> = {},
): Promise<OutdatedSnapshot | null> {
  const dexieOptions: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {};
  if (options.indexedDB) dexieOptions.indexedDB = options.indexedDB;
  if (options.IDBKeyRange) dexieOptions.IDBKeyRange = options.IDBKeyRange;
  const db = new Dexie(userDatabaseName(userId), dexieOptions);
  // A newer app's upgrade (or a sign-out's delete) must not wait for this reader.
  db.on('versionchange', () => {
    db.close({ disableAutoOpen: true });
    return false;
  });
  try {
    // With no version declared, Dexie refuses to create a database that is not there.
    const opened = await db.open().then(
      () => true,
      (error: unknown) => {
        if (error instanceof Error && error.name === 'NoSuchDatabaseError') return false;
        throw error;
      },
    );
    if (!opened) return null;
    const version = db.verno;
    if (!db.tables.some((table) => table.name === 'outbox')) return { version, outbox: [] };
    const outbox = await db.transaction('r', 'outbox', () => db.table('outbox').toArray());
    return { version, outbox: outbox.sort((a, b) => seqOf(a) - seqOf(b)) };
  } finally {
    db.close({ disableAutoOpen: true });
  }
}
