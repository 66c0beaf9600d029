// Bulk writing for the seeds: ids reserved from the tables' own identity sequences (so rows can
// point at each other before they are inserted, and a server writing to the same PostgreSQL never
// collides with them), multi-row inserts in chunks, and sequences moved past explicit ids.

import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database';

/** Tables whose ids the seeds allocate themselves (all have an identity `id`). */
export type SeededTable =
  | 'companies'
  | 'accounts'
  | 'contacts'
  | 'brands'
  | 'products'
  | 'banks'
  | 'sheets'
  | 'orders'
  | 'todos'
  | 'logistics_boxes'
  | 'invoices';

function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** `count` fresh ids of the table, ascending (consecutive on a quiet database). */
export async function reserveIds(tx: Tx, table: SeededTable, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as id
        from generate_series(1, ${count}::int)`,
  );
  return rowsOf<{ id: string | number }>(result)
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
}

/** After inserting explicit ids (customer service 9428 ...): the next default id comes after them. */
export async function moveSequencePast(tx: Tx, table: SeededTable): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'),
          (select coalesce(max(id), 1) from ${sql.identifier(table)}))`,
  );
}

/**
 * The rows as one JSON array keyed by column name, expanded by PostgreSQL itself
 * (`jsonb_populate_recordset`): one parameter instead of one per value, which makes a 1000-row
 * insert several times faster on PGlite and PostgreSQL alike. Columns no row names keep their
 * defaults (the sync `version` among them). Not for bytea columns (JSON has no bytes).
 */
export function jsonInsert<T extends PgTable>(
  table: T,
  rows: ReadonlyArray<PgInsertValue<T>>,
): SQL {
  const columns = getTableColumns(table) as Record<
    string,
    { name: string; notNull: boolean; hasDefault: boolean }
  >;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (key) => key in columns,
  );
  const names = keys.map((key) => columns[key]?.name ?? key);
  for (const [i, key] of keys.entries()) {
    const column = columns[key];
    // A row without a value for a NOT NULL column would get NULL here, not the default.
    if (
      column?.notNull &&
      rows.some((row) => (row as Record<string, unknown>)[key] === undefined)
    ) {
      throw new Error(`jsonInsert: every row needs ${getTableName(table)}.${names[i]}`);
    }
  }
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key] ?? null]),
      ),
    ),
  );
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const target = sql.identifier(getTableName(table));
  return sql`insert into ${target} (${list}) select ${list} from jsonb_populate_recordset(null::${target}, ${json}::jsonb)`;
}

/** Inserts the rows in chunks of `chunkSize`, one statement each. */
export async function insertAll<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: ReadonlyArray<PgInsertValue<T>>,
  chunkSize = 1000,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    await tx.execute(jsonInsert(table, rows.slice(start, start + chunkSize)));
  }
}
