// A list's total (count(*) of every row the filters keep) is counted again only when the
// company's feed has moved: every change to a company's rows is recorded in its feed under a new,
// higher version (versions in commit order, write.ts), so the feed's head version names the
// state a count was taken in. Counting a 20k-row list took ~2 ms of PostgreSQL's time per page,
// most of what a list page cost the database (bench/server.ts).
import { sql } from 'drizzle-orm';
import type { Reader } from '../db/database';
import { syncChanges } from '../db/schema/index';

/** The newest version in the company's feed (0 for none): one step down the feed index. */
export const feedHeadSql = (companyId: number) =>
  sql`(select coalesce(max(${syncChanges.version}), 0) from ${syncChanges}
    where ${syncChanges.companyId} = ${companyId})`;

export async function feedHead(db: Reader, companyId: number): Promise<number> {
  const result = (await db.execute(sql`select ${feedHeadSql(companyId)} as head`)) as unknown as {
    rows: Array<{ head: string | number }>;
  };
  return Number(result.rows[0]?.head ?? 0);
}

/** How many (company, list, filters) totals a process keeps; the oldest goes first. */
export const LIST_TOTALS_KEPT = 2_000;

export class ListTotals {
  private readonly kept = new Map<string, { head: number; total: number }>();

  constructor(private readonly max = LIST_TOTALS_KEPT) {}

  /**
   * The total of `key` (the company, the list and its filters) as of feed version `head`, read
   * before `count` runs: a write committed in between makes the next request's head newer, so a
   * count newer than its head is never kept past that write.
   */
  async total(key: string, head: number, count: () => Promise<number>): Promise<number> {
    const known = this.kept.get(key);
    if (known && known.head === head) return known.total;
    const total = await count();
    this.kept.delete(key);
    if (this.kept.size >= this.max) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(key, { head, total });
    return total;
  }
}
