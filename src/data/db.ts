// Opening, closing and deleting the local database of one signed-in user. Each user has their
// own database, so two people on one phone never see each other's data (DESIGN §4). A tab whose
// code is older than the database's schema must not write to it: it is told to reload instead.
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type {
  RowKey,
  StoredBrand,
  StoredCompany,
  StoredOrder,
  StoredSheet,
  StoredStaff,
  StoredTodo,
} from './derive';
import type { NumberColumn } from './lists/numberColumn';
import type { MetaRow } from './meta';
import type { PendingFile, StoredOutboxEntry } from './outboxTypes';
import { declareSchema, SCHEMA_VERSION } from './schema';
import type { ListTotal } from './totals';

export class PurchasingDb extends Dexie {
  declare readonly sheets: Table<StoredSheet, RowKey>;
  declare readonly orders: Table<StoredOrder, RowKey>;
  declare readonly todos: Table<StoredTodo, RowKey>;
  declare readonly staff: Table<StoredStaff, RowKey>;
  declare readonly companies: Table<StoredCompany, RowKey>;
  declare readonly brands: Table<StoredBrand, RowKey>;
  declare readonly outbox: Table<StoredOutboxEntry, string>;
  declare readonly files: Table<PendingFile, string>;
  declare readonly meta: Table<MetaRow, string>;
  declare readonly listTotals: Table<ListTotal, string>;
  declare readonly numberColumns: Table<NumberColumn, [number, string, number]>;

  /** The `relaxed` connection pulls write through (forPulls), opened on first use. */
  private pullConnection: Promise<PurchasingDb> | null = null;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    declareSchema(this);
  }

  /**
   * The connection a pull writes its pages through: a second one to the same database with
   * `relaxed` durability (no flush to disk per commit; 10–13% of a first sync, docs/footguns.md
   * "IndexedDB figures"). Safe because IndexedDB commits in order whatever the durability and the
   * backend journals them in that order: a crash can only lose the newest relaxed commits, each
   * whole (rows with their cursor, pulled again), and a later `strict` commit (the outbox's)
   * makes every earlier one durable. This connection itself is `this` when it is not `strict` or
   * when it was closed on purpose (its writes fail as this one's do).
   */
  forPulls(): Promise<PurchasingDb> {
    if (this._options.chromeTransactionDurability !== 'strict' || this.hasBeenClosed()) {
      return Promise.resolve(this);
    }
    if (!this.pullConnection) {
      const opening = openPullConnection(this.name, this._options);
      this.pullConnection = opening;
      // A failed open is tried again by the next pull.
      opening.catch(() => {
        if (this.pullConnection === opening) this.pullConnection = null;
      });
    }
    return this.pullConnection;
  }

  /** Closes the pull connection with this one (a reopen after a lost connection makes a new one). */
  override close(options?: { disableAutoOpen: boolean }): void {
    const pulls = this.pullConnection;
    this.pullConnection = null;
    void pulls?.then(
      (db) => db.close({ disableAutoOpen: true }),
      () => undefined,
    );
    super.close(options);
  }
}

async function openPullConnection(name: string, options: DexieOptions): Promise<PurchasingDb> {
  const db = new PurchasingDb(name, { ...options, chromeTransactionDurability: 'relaxed' });
  // As openUserDatabase's: closed for good on another tab's upgrade or a delete (the session
  // ends through the main connection, which hears the same event).
  db.on('versionchange', () => {
    db.close({ disableAutoOpen: true });
    return false;
  });
  await db.open();
  const opened = db.backendDB().version / 10;
  if (opened > SCHEMA_VERSION) {
    db.close({ disableAutoOpen: true });
    throw new SchemaOutdatedError(opened);
  }
  return db;
}

/**
 * One more connection to an open user database, by its name, for a worker that reads it beside
 * the tab (the list export): closed for good on another tab's upgrade or a delete, and refused
 * when the database is newer than this code, as the pull connection.
 */
export function openReadingConnection(name: string): Promise<PurchasingDb> {
  return openPullConnection(name, { chromeTransactionDurability: 'relaxed' });
}

export type OutdatedReason = 'newer-schema' | 'deleted';

export interface OpenOptions {
  /** For tests and workers: an IndexedDB other than the global one (fake-indexeddb in Node). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /**
   * Chromium's commit durability for this connection. `strict` (the default) is what the outbox
   * needs: an enqueued change survives a crash. A pull writes through a second, `relaxed`
   * connection (`PurchasingDb.forPulls`), since pulled rows can always be pulled again.
   */
  durability?: 'strict' | 'relaxed' | 'default';
  /**
   * Another tab upgraded the schema, or deleted the database (sign-out): this connection is
   * closed and stays closed; the app should reload (or go to sign-in).
   */
  onOutdated?: (reason: OutdatedReason) => void;
}

/** The database is newer than this code: the tab must reload to get the newer app. */
export class SchemaOutdatedError extends Error {
  override readonly name = 'SchemaOutdatedError';
  constructor(
    readonly installedVersion: number,
    readonly codeVersion: number = SCHEMA_VERSION,
  ) {
    super(`数据库版本 ${installedVersion} 高于应用版本 ${codeVersion}，请刷新页面`);
  }
}

export function userDatabaseName(userId: string): string {
  if (!/^[\w.@-]{1,200}$/.test(userId))
    throw new Error(`invalid user id for a database name: ${userId}`);
  return `purchasing-u${userId}`;
}

/** The schema version of an existing database (Dexie stores version × 10), or null when absent. */
async function installedVersion(factory: IDBFactory, name: string): Promise<number | null> {
  // databases() is missing on old Firefox; the check after opening still catches a newer schema.
  if (typeof factory.databases !== 'function') return null;
  const found = (await factory.databases()).find((info) => info.name === name);
  return found?.version ? found.version / 10 : null;
}

function dexieOptions(options: OpenOptions): DexieOptions {
  const result: DexieOptions = { chromeTransactionDurability: options.durability ?? 'strict' };
  if (options.indexedDB) result.indexedDB = options.indexedDB;
  if (options.IDBKeyRange) result.IDBKeyRange = options.IDBKeyRange;
  return result;
}

/**
 * Opens (creating or upgrading as needed) the database of `userId`, the token's subject. Rejects
 * with SchemaOutdatedError when the database was upgraded by a newer app: Dexie would otherwise
 * open it at its newer version and let this older code write rows without the newer fields.
 */
export async function openUserDatabase(
  userId: string,
  options: OpenOptions = {},
): Promise<PurchasingDb> {
  const name = userDatabaseName(userId);
  const factory = options.indexedDB ?? globalThis.indexedDB;
  const before = await installedVersion(factory, name);
  if (before !== null && before > SCHEMA_VERSION) throw new SchemaOutdatedError(before);

  const db = new PurchasingDb(name, dexieOptions(options));
  db.on('versionchange', (event: IDBVersionChangeEvent) => {
    // Close so the other tab's upgrade or delete can proceed, and stay closed: Dexie's default
    // handler (which `false` skips) would let the next query reopen the database at the newer
    // version, and this older code would write rows without the newer fields.
    db.close({ disableAutoOpen: true });
    options.onOutdated?.(event.newVersion ? 'newer-schema' : 'deleted');
    return false;
  });
  await db.open();
  const opened = db.backendDB().version / 10;
  if (opened > SCHEMA_VERSION) {
    db.close({ disableAutoOpen: true });
    throw new SchemaOutdatedError(opened);
  }
  return db;
}

/** Sign-out: removes the user's database. The app confirms pending outbox entries first. */
export async function deleteUserDatabase(
  userId: string,
  options: Pick<OpenOptions, 'indexedDB' | 'IDBKeyRange'> = {},
): Promise<void> {
  // Connections of other tabs get `versionchange` and close (see openUserDatabase), so the delete
  // is not blocked by them.
  await new Dexie(userDatabaseName(userId), dexieOptions(options)).delete({
    disableAutoOpen: true,
  });
}
