// What one write transaction changed, as the sync feed and the live channel will tell it: each
// synced row as each company that can see it sees it, plus the live events to send. Collected
// while the handler runs, written to `sync_changes` and NOTIFYed inside the same transaction, so
// a change is in the feed and on the channel exactly when (and only if) it commits. Each entry's
// feed version is handed out as it is written, under the feed-order lock (write.ts), so feed
// versions commit in order; the row it carries keeps its own version (If-Match, newer-row checks).
import { type SQL, sql } from 'drizzle-orm';
import type { FeedRowOf, SyncTable } from '../../src/contract/feedRows';
import { TOPICS } from '../../src/domain/todos/topics';
import { ADVISORY_LOCKS } from '../db/advisoryLocks';
import type { Tx } from '../db/database';
import { executePrepared } from '../db/prepared';
import { syncChanges } from '../db/schema/index';
import { encodeLiveEvent, LIVE_CHANNEL, type NotifyEvent } from '../live/notify';

/** Feed writes of up to this many entries run as prepared statements (db/prepared.ts). */
const PREPARED_BATCH = 8;

type Entry = {
  companyId: number;
  table: SyncTable;
  rowId: string;
  row: FeedRowOf[SyncTable] | null;
};

export class ChangeSet {
  private readonly entries = new Map<string, Entry>();
  private readonly events: NotifyEvent[] = [];
  private alongside: SQL | undefined;

  /** `row` (carrying its new `version`) changed; these companies see it. */
  upsert<T extends SyncTable>(table: T, row: FeedRowOf[T], companyIds: readonly number[]) {
    for (const companyId of new Set(companyIds)) {
      this.entries.set(`${companyId}/${table}/${row.id}`, {
        companyId,
        table,
        rowId: String(row.id),
        row,
      });
    }
  }

  /** The row was deleted, or left these companies' view: they get a tombstone. */
  remove(table: SyncTable, id: number | string, companyIds: readonly number[]) {
    for (const companyId of new Set(companyIds)) {
      this.entries.set(`${companyId}/${table}/${id}`, {
        companyId,
        table,
        rowId: String(id),
        row: null,
      });
    }
  }

  /** A live event to publish when the transaction commits. */
  emit(topic: string, payload: unknown) {
    this.events.push({ topic, payload });
  }

  /**
   * A data-modifying statement (insert, update, delete; no RETURNING clause) committed with the
   * change: it runs as a CTE of the flush's first statement, a round trip fewer than a statement
   * of its own (alone when there is nothing to flush). One per change set.
   */
  writeAlongside(statement: SQL) {
    if (this.alongside) throw new Error('ChangeSet: one statement alongside per change set');
    this.alongside = statement;
  }

  get companyIds(): number[] {
    return [...new Set([...this.entries.values()].map((entry) => entry.companyId))];
  }

  get isEmpty(): boolean {
    return this.entries.size === 0 && this.events.length === 0;
  }

  /**
   * Writes the feed entries and queues the NOTIFYs (delivered by PostgreSQL on commit). From the
   * feed-order lock to the commit: one statement that takes the lock, writes up to 500 entries
   * and pokes each company they touch with its newest feed version (more entries: one more
   * statement per 500, each poking its own), then the other events' NOTIFYs. The statement
   * alongside (`writeAlongside`) runs in the first statement, before the lock is taken: a wait
   * it meets (another transaction's uncommitted key) is never a wait under the lock.
   */
  async flush(tx: Tx): Promise<void> {
    // Serialized before the lock, once: the feed sends these bytes as they are (routes/sync.ts).
    const entries = [...this.entries.values()];
    const at = Date.now();
    let alongside = this.alongside;
    for (let start = 0; start < entries.length; start += 500) {
      const batch = entries.slice(start, start + 500);
      const values = batch.map(
        (e) =>
          sql`(${e.companyId}::bigint, ${e.table}, ${e.rowId}, ${e.row ? 'upsert' : 'delete'}, ${e.row ? JSON.stringify(e.row) : null}::text)`,
      );
      const topics = [...new Set(batch.map((e) => e.companyId))].map(
        (companyId) => sql`(${companyId}::bigint, ${TOPICS.syncPoke(companyId)})`,
      );
      // The lock is the CTE the rows are joined to: no version is handed out before it is held.
      // The poke is the JSON `encodeLiveEvent` makes of { topic, payload: { version }, at }.
      const statement = sql`
        with ${alongside ? sql`alongside as (${alongside} returning 1), ` : sql``}
        feed_order as materialized (
          select pg_advisory_xact_lock(${ADVISORY_LOCKS.feedOrder})
          ${alongside ? sql`from (select count(*) from alongside) as after_alongside` : sql``}
        ),
        written as (
          insert into ${syncChanges} (company_id, table_name, row_id, version, op, row, row_text)
          select v.company_id, v.table_name, v.row_id, nextval('sync_version'), v.op,
            v.row_text::jsonb, v.row_text
          from feed_order, (values ${sql.join(values, sql`, `)})
            as v(company_id, table_name, row_id, op, row_text)
          on conflict (company_id, table_name, row_id) do update
            set version = excluded.version, op = excluded.op, row = excluded.row,
              row_text = excluded.row_text, changed_at = excluded.changed_at
          returning company_id, version
        )
        select pg_notify(${LIVE_CHANNEL}, json_build_object('topic', t.topic,
            'payload', json_build_object('version', max(written.version)), 'at', ${at}::bigint)::text)
        from written join (values ${sql.join(topics, sql`, `)}) as t(company_id, topic)
          using (company_id)
        group by t.topic`;
      // A change of a few rows (a push) is prepared: its text recurs; a bulk write's does not.
      if (batch.length <= PREPARED_BATCH) await executePrepared(tx, statement);
      else await tx.execute(statement);
      alongside = undefined;
    }
    const events = this.events.map((event) => ({ ...event, at }));
    // NOTIFY payloads are capped at 8000 bytes: large events go out in chunks the bus reassembles.
    for (const event of events) {
      for (const message of encodeLiveEvent(event)) {
        const notify = sql`select pg_notify(${LIVE_CHANNEL}, ${message})`;
        await tx.execute(alongside ? sql`with alongside as (${alongside}) ${notify}` : notify);
        alongside = undefined;
      }
    }
    if (alongside) await tx.execute(alongside);
  }
}
