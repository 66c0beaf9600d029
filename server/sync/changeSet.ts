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
import { syncChanges } from '../db/schema/index';
import { encodeLiveEvent, LIVE_CHANNEL, type NotifyEvent } from '../live/notify';

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
   * A data-modifying statement (insert, update, delete) committed with the change: it runs as a
   * CTE of the flush's first NOTIFY, a round trip fewer than a statement of its own (alone when
   * there is nothing to notify). Its result is not read. One per change set.
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
   * feed-order lock to the commit: one statement that takes the lock and writes up to 500
   * entries (more: one more statement per 500), then the NOTIFYs, the first carrying the
   * statement alongside (`writeAlongside`).
   */
  async flush(tx: Tx): Promise<void> {
    // Serialized before the lock, once: the feed sends these bytes as they are (routes/sync.ts).
    const values = [...this.entries.values()].map(
      (e) =>
        sql`(${e.companyId}::bigint, ${e.table}, ${e.rowId}, ${e.row ? 'upsert' : 'delete'}, ${e.row ? JSON.stringify(e.row) : null}::text)`,
    );
    const pokes = new Map<number, number>();
    for (let start = 0; start < values.length; start += 500) {
      // The lock is the CTE the rows are joined to: no version is handed out before it is held.
      const written = (await tx.execute(sql`
        with feed_order as materialized (select pg_advisory_xact_lock(${ADVISORY_LOCKS.feedOrder}))
        insert into ${syncChanges} (company_id, table_name, row_id, version, op, row, row_text)
        select v.company_id, v.table_name, v.row_id, nextval('sync_version'), v.op,
          v.row_text::jsonb, v.row_text
        from feed_order, (values ${sql.join(values.slice(start, start + 500), sql`, `)})
          as v(company_id, table_name, row_id, op, row_text)
        on conflict (company_id, table_name, row_id) do update
          set version = excluded.version, op = excluded.op, row = excluded.row,
            row_text = excluded.row_text, changed_at = excluded.changed_at
        returning company_id, version`)) as unknown as {
        rows: Array<{ company_id: string | number; version: string | number }>;
      };
      for (const { company_id, version } of written.rows) {
        const companyId = Number(company_id);
        pokes.set(companyId, Math.max(pokes.get(companyId) ?? 0, Number(version)));
      }
    }
    const at = Date.now();
    const events: NotifyEvent[] = [
      ...[...pokes].map(([companyId, version]) => ({
        topic: TOPICS.syncPoke(companyId),
        payload: { version },
      })),
      ...this.events,
    ].map((event) => ({ ...event, at }));
    // NOTIFY payloads are capped at 8000 bytes: large events go out in chunks the bus reassembles.
    let alongside = this.alongside;
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
