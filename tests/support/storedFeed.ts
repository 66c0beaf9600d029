// The company's row of a table as the feed last stored it (server/sync/storedRows.ts's text, parsed):
// what lists, details and owner changes read, for tests that hold it equal to the projection.
import { sql } from 'drizzle-orm';
import type { Reader } from '../../server/db/database';
import { storedRowOf, storedTextSql } from '../../server/sync/storedRows';
import type { FeedRowOf, SyncTable } from '../../src/contract/feedRows';

export async function storedFeedRow<T extends SyncTable>(
  db: Reader,
  table: T,
  companyId: number,
  id: number,
): Promise<FeedRowOf[T] | null> {
  const result = (await db.execute(
    sql`select ${storedTextSql(table, companyId, id)} as row_text`,
  )) as unknown as { rows: Array<{ row_text: string | null }> };
  return storedRowOf<T>(result.rows[0]?.row_text);
}
