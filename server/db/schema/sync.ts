// The sync feed's storage (DESIGN §3, §4). Every synced row carries a `version` from one
// sequence; `sync_changes` holds, per company, the latest change of every row that company can
// see (an upsert with the row as the company sees it, or a delete tombstone), so the feed is one
// index range scan: `where company_id = $1 and version > $cursor order by version`. The feed
// serves `row_text` (the row's JSON as written, never parsed again); `row` is the same value as
// jsonb for queries, tests and old migrations that patch rows in SQL.

import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { SyncTable } from '../../../src/contract/feedRows';

export const syncVersionSequence = pgSequence('sync_version', { startWith: 1 });

/** A row's version: a fresh value of the one sequence on insert; writers bump it on update. */
export const syncVersion = () =>
  bigint('version', { mode: 'number' }).notNull().default(sql`nextval('sync_version')`);

export type SyncOp = 'upsert' | 'delete';

export const syncChanges = pgTable(
  'sync_changes',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    /** The client table the row goes to (`sheets`, `orders`, `todos`, `staff`, `companies`, `brands` ...). */
    tableName: text('table_name').$type<SyncTable>().notNull(),
    rowId: text('row_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    op: text('op').$type<SyncOp>().notNull(),
    /** The row as this company sees it; null for a delete. */
    row: jsonb('row'),
    /**
     * The same row as the JSON text the feed sends (ChangeSet writes JSON.stringify of the
     * projection; rows stored before migration 0007 hold jsonb's text, an equal value); null for
     * a delete. Whoever rewrites `row` in SQL must rewrite this too.
     */
    rowText: text('row_text'),
    /** When the change was recorded: tombstones older than the retention are purged. */
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.tableName, t.rowId] }),
    index('sync_changes_feed_idx').on(t.companyId, t.version),
  ],
);
