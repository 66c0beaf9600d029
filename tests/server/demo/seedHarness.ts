// Helpers for the seed tests: raw table dumps (to compare two seeded databases) and the feed
// entries every synced row should have, computed from the tables independently of the seed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/database';

export type Row = Record<string, unknown>;

export async function rows(db: Db, query: string): Promise<Row[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: Row[] };
  return result.rows;
}

/** Every column but the ones that legitimately differ between runs (salted hashes, wall-clock stamps). */
export const DUMPS: Record<string, string> = {
  companies: 'select * from companies order by id',
  accounts:
    'select id, username, name, mobile, timezone, disabled, created_at, version from accounts order by id',
  contacts: 'select * from contacts order by id',
  brands: 'select * from brands order by id',
  products: 'select * from products order by id',
  banks: 'select * from banks order by id',
  hs_codes: 'select * from hs_codes order by id',
  customs_names: 'select * from customs_names order by id',
  news: 'select * from news order by id',
  sheets: 'select * from sheets order by id',
  sheet_lines: 'select * from sheet_lines order by id',
  orders: 'select * from orders order by id',
  order_lines: 'select * from order_lines order by id',
  todos: 'select * from todos order by id',
  files:
    "select id, company_id, object_name, file_name, content_type, size, document_type, entity_id, uploaded_by, encode(data, 'hex') as data, created_at from files order by id",
  sync_changes:
    'select company_id, table_name, row_id, version, op, row from sync_changes order by company_id, table_name, row_id',
};

/** Rows as plain JSON (pg and PGlite hand back dates and bigints differently; compare values). */
export function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

export type FeedKey = `${number}/${string}/${string}`;

/** Who should see what: (company, client table, row id) for every synced row, from the tables. */
export async function expectedFeed(db: Db): Promise<Set<FeedKey>> {
  const keys = new Set<FeedKey>();
  const add = (company: unknown, table: string, id: unknown) =>
    keys.add(`${Number(company)}/${table}/${String(id)}`);
  for (const r of await rows(db, 'select id, company_id from sheets'))
    add(r.company_id, 'sheets', r.id);
  for (const r of await rows(db, 'select id, company_id from orders'))
    add(r.company_id, 'orders', r.id);
  for (const r of await rows(db, 'select id, from_company_id, to_company_id from todos')) {
    add(r.from_company_id, 'todos', r.id);
    add(r.to_company_id, 'todos', r.id);
  }
  for (const r of await rows(db, 'select id, company_id from contacts'))
    add(r.company_id, 'staff', r.id);
  for (const r of await rows(db, 'select id from companies')) add(r.id, 'companies', r.id);
  // A supplier's row reaches each buyer with an order from it (party B of the documents).
  for (const r of await rows(db, 'select distinct company_id, supplier_company_id from orders'))
    add(r.company_id, 'companies', r.supplier_company_id);
  const brandPairs = await rows(
    db,
    `select company_id, brand_id from sheets where brand_id is not null
     union select company_id, brand_id from orders where brand_id is not null`,
  );
  for (const r of brandPairs) add(r.company_id, 'brands', r.brand_id);
  return keys;
}

export async function actualFeed(db: Db): Promise<Set<FeedKey>> {
  const feed = await rows(db, 'select company_id, table_name, row_id from sync_changes');
  return new Set(
    feed.map(
      (r) => `${Number(r.company_id)}/${String(r.table_name)}/${String(r.row_id)}` as FeedKey,
    ),
  );
}
