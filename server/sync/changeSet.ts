// What one write transaction changed, as the sync feed and the live channel will tell it: each
// synced row as each company that can see it sees it, plus the live events to send. Collected
// while the handler runs, written to `sync_changes` and NOTIFYed inside the same transaction, so
// a change is in the feed and on the channel exactly when (and only if) it commits.
import { sql } from 'drizzle-orm';
import type { FeedRowOf, SyncTable } from '../../src/contract/feedRows';
import { TOPICS } from '../../src/domain/todos/topics';
import type { Tx } from '../db/database';
import { syncChanges } from '../db/schema/index';
import { encodeLiveEvent, LIVE_CHANNEL, type NotifyEvent } from '../live/notify';

type Entry = {
  companyId: number;
  table: SyncTable;
  rowId: string;
  version: number;
  row: FeedRowOf[SyncTable] | null;
};

export class ChangeSet {
  private readonly entries = new Map<string, Entry>();
  private readonly events: NotifyEvent[] = [];

  /** `row` (which must carry its new `version`) changed; these companies see it. */
  upsert<T extends SyncTable>(table: T, row: FeedRowOf[T], companyIds: readonly number[]) {
    for (const companyId of new Set(companyIds)) {
      this.entries.set(`${companyId}/${table}/${row.id}`, {
        companyId,
        table,
        rowId: String(row.id),
        version: row.version,
        row,
      });
    }
  }

  /** The row was deleted, or left these companies' view: they get a tombstone. */
  remove(table: SyncTable, id: number | string, version: number, companyIds: readonly number[]) {
    for (const companyId of new Set(companyIds)) {
      this.entries.set(`${companyId}/${table}/${id}`, {
        companyId,
        table,
        rowId: String(id),
        version,
        row: null,
      });
    }
  }

  /** A live event to publish when the transaction commits. */
  emit(topic: string, payload: unknown) {
    this.events.push({ topic, payload });
  }

  get companyIds(): number[] {
    return [...new Set([...this.entries.values()].map((entry) => entry.companyId))];
  }

  get isEmpty(): boolean {
    return this.entries.size === 0 && this.events.length === 0;
  }

  /** Writes the feed entries and queues the NOTIFYs (delivered by PostgreSQL on commit). */
  async flush(tx: Tx): Promise<void> {
    const entries = [...this.entries.values()];
    for (let start = 0; start < entries.length; start += 500) {
      const chunk = entries.slice(start, start + 500);
      await tx
        .insert(syncChanges)
        .values(
          chunk.map((e) => {
            // Serialized once: the feed sends these bytes as they are (routes/sync.ts).
            const text = e.row ? JSON.stringify(e.row) : null;
            return {
              companyId: e.companyId,
              tableName: e.table,
              rowId: e.rowId,
              version: e.version,
              op: e.row ? ('upsert' as const) : ('delete' as const),
              row: text === null ? null : sql`${text}::jsonb`,
              rowText: text,
            };
          }),
        )
        .onConflictDoUpdate({
          target: [syncChanges.companyId, syncChanges.tableName, syncChanges.rowId],
          set: {
            version: sql`excluded.version`,
            op: sql`excluded.op`,
            row: sql`excluded.row`,
            rowText: sql`excluded.row_text`,
            changedAt: sql`excluded.changed_at`,
          },
        });
    }
    const pokes = new Map<number, number>();
    for (const e of entries)
      pokes.set(e.companyId, Math.max(pokes.get(e.companyId) ?? 0, e.version));
    const at = Date.now();
    const events: NotifyEvent[] = [
      ...[...pokes].map(([companyId, version]) => ({
        topic: TOPICS.syncPoke(companyId),
        payload: { version },
      })),
      ...this.events,
    ].map((event) => ({ ...event, at }));
    // NOTIFY payloads are capped at 8000 bytes: large events go out in chunks the bus reassembles.
    for (const event of events) {
      for (const message of encodeLiveEvent(event)) {
        await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${message})`);
      }
    }
  }
}
