// The sign-in's own IndexedDB database, `purchasing-auth`: oidc-client-ts's user (tokens and
// profile) in one place that every context of the origin can read, the pages and the service
// worker alike (it has no Web Storage). No `window` here, so the service worker can import it.
import Dexie, { type DexieOptions, type Table } from 'dexie';
import { z } from 'zod';

export const AUTH_DB_NAME = 'purchasing-auth';

/**
 * DO NOT CHANGE WITHOUT A MIGRATION. Stored on every device: a later version may add tables, but
 * `entries` keeps its shape, so a page of an older release that reopens the database at a newer
 * version (Dexie's default after another context's upgrade) still reads the user.
 */
export const AUTH_STORES = {
  /** oidc-client-ts's StateStore: its key (`user:<authority>:<clientId>`) → its serialized value. */
  entries: 'key',
  /** The background delivery's target (backgroundTarget.ts): one row, key `current`. */
  target: 'key',
} as const;

/** Version 1 held the user only; version 2 adds `target` (no data moves). */
const AUTH_STORES_V1 = { entries: AUTH_STORES.entries } as const;

/** One entry as oidc-client-ts wrote it, checked on read (a value the library cannot parse is absent). */
export const authEntrySchema = z.object({ key: z.string(), value: z.string() });
export type AuthEntry = z.infer<typeof authEntrySchema>;

/** The `target` row as stored: its key and the value backgroundTarget.ts checks on read. */
export interface StoredTarget {
  key: string;
  value: unknown;
}

export class AuthDb extends Dexie {
  declare readonly entries: Table<AuthEntry, string>;
  declare readonly target: Table<StoredTarget, string>;

  constructor(name: string = AUTH_DB_NAME, options: DexieOptions = {}) {
    // Strict: a refresh token is single-use (rotation), so a rotated one lost to a crash after a
    // relaxed commit would be spent again at the next renewal, and the provider revokes the grant.
    super(name, { chromeTransactionDurability: 'strict', ...options });
    this.version(1).stores(AUTH_STORES_V1);
    this.version(2).stores(AUTH_STORES);
  }
}
