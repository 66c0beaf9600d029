// Puts seeded rows into the sync feed the way the API does: each row projected by the batch
// loaders of server/sync/projections/ and queued in the transaction's ChangeSet for every
// company that may see it — sheets and orders their owner company, to-dos the sending and the
// receiving company, staff their company, a company itself and (a supplier) every buyer with an
// order from it, brands every company whose sheets or orders name them.

import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { SyncTable } from '../../../src/contract/feedRows';
import type { Tx } from '../../db/database';
import { orders, sheets, syncChanges } from '../../db/schema/index';
import type { ChangeSet } from '../../sync/changeSet';
import { loadBrandRows } from '../../sync/projections/brands';
import {
  companyAudiences,
  loadCompanyRows,
  publishCompanyRow,
} from '../../sync/projections/companies';
import { loadOrderRows } from '../../sync/projections/orders';
import { loadSheetRows } from '../../sync/projections/sheets';
import { loadStaffRows } from '../../sync/projections/staff';
import { loadTodoRows } from '../../sync/projections/todos';

// Loader queries use `in (...)` lists; keep them to a size both drivers plan quickly.
const BATCH = 1000;

async function inBatches(
  ids: readonly number[],
  fn: (batch: number[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH) await fn(ids.slice(start, start + BATCH));
}

const idOf = (value: unknown): number => Number(value);

/** Where feed entries go: the transaction's ChangeSet, or a FeedBuffer for bulk writes. */
export type FeedSink = Pick<ChangeSet, 'upsert'>;

type Entry = {
  company_id: number;
  table_name: SyncTable;
  row_id: string;
  version: number;
  op: 'upsert';
  /** The row's JSON as the feed sends it (ChangeSet.flush writes the same). */
  row_text: string;
};

/**
 * Feed entries written as ChangeSet.flush writes them (same columns, same upsert on the primary
 * key) but in one JSON-expanded statement per 1000 entries, several times faster for bulk data;
 * the companies' pokes still go out through the ChangeSet on commit.
 */
export class FeedBuffer implements FeedSink {
  private readonly entries = new Map<string, Entry>();

  upsert(
    table: SyncTable,
    row: { id: number | string; version: number },
    companyIds: number[],
  ): void {
    for (const companyId of new Set(companyIds)) {
      this.entries.set(`${companyId}/${table}/${row.id}`, {
        company_id: companyId,
        table_name: table,
        row_id: String(row.id),
        version: row.version,
        op: 'upsert',
        row_text: JSON.stringify(row),
      });
    }
  }

  async flush(tx: Tx, changes: ChangeSet): Promise<number> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    for (let start = 0; start < entries.length; start += BATCH) {
      const json = JSON.stringify(entries.slice(start, start + BATCH));
      await tx.execute(sql`
        insert into ${syncChanges} (company_id, table_name, row_id, version, op, row, row_text)
        select company_id, table_name, row_id, version, op, row_text::jsonb, row_text
        from jsonb_populate_recordset(null::${syncChanges}, ${json}::jsonb)
        on conflict (company_id, table_name, row_id) do update
        set version = excluded.version, op = excluded.op, row = excluded.row,
            row_text = excluded.row_text, changed_at = excluded.changed_at`);
    }
    const newest = new Map<number, number>();
    for (const e of entries)
      newest.set(e.company_id, Math.max(newest.get(e.company_id) ?? 0, e.version));
    for (const [companyId, version] of newest) changes.emit(`sync.poke.${companyId}`, { version });
    return entries.length;
  }
}

export type FeedIds = {
  sheets?: readonly number[];
  orders?: readonly number[];
  todos?: readonly number[];
  staff?: readonly number[];
  companies?: readonly number[];
};

/** Queues the rows with these ids for the companies that see them; returns the entries queued. */
export async function feedRows(tx: Tx, changes: FeedSink, ids: FeedIds): Promise<number> {
  let entries = 0;
  await inBatches(ids.sheets ?? [], async (batch) => {
    for (const row of (await loadSheetRows(tx, batch)).values()) {
      changes.upsert('sheets', row, [idOf(row.company_id)]);
      entries++;
    }
  });
  await inBatches(ids.orders ?? [], async (batch) => {
    for (const row of (await loadOrderRows(tx, batch)).values()) {
      changes.upsert('orders', row, [idOf(row.company_id)]);
      entries++;
    }
  });
  await inBatches(ids.todos ?? [], async (batch) => {
    for (const row of (await loadTodoRows(tx, batch)).values()) {
      const seenBy = [...new Set([idOf(row.from_company_id), idOf(row.to_company_id)])];
      changes.upsert('todos', row, seenBy);
      entries += seenBy.length;
    }
  });
  await inBatches(ids.staff ?? [], async (batch) => {
    for (const row of (await loadStaffRows(tx, batch)).values()) {
      changes.upsert('staff', row, [idOf(row.company_id)]);
      entries++;
    }
  });
  await inBatches(ids.companies ?? [], async (batch) => {
    const audiences = await companyAudiences(tx, batch);
    for (const row of (await loadCompanyRows(tx, batch)).values()) {
      const seenBy = audiences.get(row.id) ?? [row.id];
      publishCompanyRow(changes, row, seenBy);
      entries += seenBy.length;
    }
  });
  return entries;
}

/** Queues each supplier's company row for these buyers when they have orders from it. */
export async function feedSupplierRows(
  tx: Tx,
  changes: FeedSink,
  buyerIds: readonly number[],
): Promise<number> {
  if (buyerIds.length === 0) return 0;
  const pairs = await tx
    .selectDistinct({ supplierId: orders.supplierCompanyId, buyerId: orders.companyId })
    .from(orders)
    .where(inArray(orders.companyId, [...buyerIds]));
  const rows = await loadCompanyRows(tx, [...new Set(pairs.map((p) => p.supplierId))]);
  let entries = 0;
  for (const { supplierId, buyerId } of pairs) {
    const row = rows.get(supplierId);
    if (!row || supplierId === buyerId) continue;
    publishCompanyRow(changes, row, [buyerId]);
    entries++;
  }
  return entries;
}

/** Brand ids each company's sheets and orders name (optionally only for some companies). */
export async function brandsSeenBy(
  tx: Tx,
  companyIds?: readonly number[],
): Promise<Map<number, number[]>> {
  const sheetScope = companyIds ? inArray(sheets.companyId, [...companyIds]) : sql`true`;
  const orderScope = companyIds ? inArray(orders.companyId, [...companyIds]) : sql`true`;
  const pairs = await tx
    .selectDistinct({ companyId: sheets.companyId, brandId: sheets.brandId })
    .from(sheets)
    .where(and(isNotNull(sheets.brandId), sheetScope))
    .union(
      tx
        .selectDistinct({ companyId: orders.companyId, brandId: orders.brandId })
        .from(orders)
        .where(and(isNotNull(orders.brandId), orderScope)),
    );
  const byBrand = new Map<number, number[]>();
  for (const { companyId, brandId } of pairs) {
    if (brandId === null) continue;
    byBrand.set(brandId, [...(byBrand.get(brandId) ?? []), companyId]);
  }
  return byBrand;
}

/** Queues every brand for the companies whose documents name it; returns the entries queued. */
export async function feedBrands(
  tx: Tx,
  changes: FeedSink,
  companyIds?: readonly number[],
): Promise<number> {
  const byBrand = await brandsSeenBy(tx, companyIds);
  let entries = 0;
  await inBatches([...byBrand.keys()], async (batch) => {
    for (const row of (await loadBrandRows(tx, batch)).values()) {
      const seenBy = byBrand.get(row.id) ?? [];
      changes.upsert('brands', row, seenBy);
      entries += seenBy.length;
    }
  });
  return entries;
}
