// A large page (a first sync's) reads only the stored rows its id range holds instead of every key
// it touches; a page whose range holds many more rows reads key by key. Either way the older pulled
// row is skipped, totals and number columns move by the rows that were there, exactly as a recount.
import './rows';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedChange } from '../../src/contract/feedRows';
import type { PurchasingDb } from '../../src/data/db';
import { readNumberColumn } from '../../src/data/lists/numberColumn';
import { recountTotals } from '../../src/data/totals';
import { applyChanges, applyRows, PROBE_FROM_KEYS } from '../../src/data/writes';
import { freshDb, sheet } from './rows';

let db: PurchasingDb;
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete({ disableAutoOpen: true });
});

const totals = async (): Promise<Record<string, number>> =>
  Object.fromEntries((await db.listTotals.toArray()).map((row) => [row.key, row.count]));

/** The kept totals, then the same counted again from the indexes: they must be equal. */
async function keptAndRecounted() {
  const kept = await totals();
  await recountTotals(db, 1);
  return { kept, recounted: await totals() };
}

const upsert = (id: number, version: number, state = 'INQUIRY_REPLIED'): FeedChange => ({
  table: 'sheets',
  op: 'upsert',
  id: String(id),
  row: sheet(id, { state, version, name: `XJ-${id}-v${version}` }),
});

/** Every bulkGet of the sheets table from now on: the keys asked for, call by call. */
function sheetReads() {
  // Dexie hands out its tables per transaction, so the spy sits on their shared prototype.
  const spy = vi.spyOn(Object.getPrototypeOf(db.sheets) as PurchasingDb['sheets'], 'bulkGet');
  const tableOf = (i: number) => (spy.mock.contexts[i] as { name?: string } | undefined)?.name;
  return () => spy.mock.calls.filter((_, i) => tableOf(i) === 'sheets').map(([keys]) => keys);
}

const ids = (from: number, count: number, step = 1) =>
  Array.from({ length: count }, (_, i) => from + i * step);

describe('applyChanges: a large page', () => {
  it('reads only the stored rows of its id range, and keeps a newer one', async () => {
    db = freshDb('wp-probe');
    // Three rows of the page's range are there already: 105 older, 110 newer than the page's.
    await applyRows(db, 1, 'sheets', [
      sheet(105, { state: 'DRAFT', version: 1 }),
      sheet(110, { state: 'DRAFT', version: 900 }),
      sheet(150, { state: 'DRAFT', version: 1 }),
    ]);
    const reads = sheetReads();
    const page = ids(100, 100).map((id) => upsert(id, 500));
    const applied = await applyChanges(db, 1, page, { keepNewer: true });

    expect(reads()).toEqual([
      [
        [1, 105],
        [1, 110],
        [1, 150],
      ],
    ]);
    expect(applied.map((change) => change.id)).not.toContain('110');
    expect(applied).toHaveLength(99);
    expect((await db.sheets.get([1, 110]))?.version).toBe(900);
    expect((await db.sheets.get([1, 105]))?.state).toBe('INQUIRY_REPLIED');
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual({ 'sheets:1:ALL': 100, 'sheets:1:REPLIED': 99, 'sheets:1:INQUIRY': 1 });
    expect(kept).toEqual(recounted);
    // The number column holds each row once, as last written.
    const column = (await readNumberColumn(db, 1, 'sheets')).map((c) => c.text).join('');
    expect(column.match(/\n/g)).toHaveLength(100);
    expect(column).toContain('xj-105-v500');
    expect(column).not.toContain('xj20250101000105');
  });

  it('reads nothing at all into an empty table (a first sync)', async () => {
    db = freshDb('wp-empty');
    const reads = sheetReads();
    expect(PROBE_FROM_KEYS).toBeLessThanOrEqual(100);
    await applyChanges(
      db,
      1,
      ids(1, 100).map((id) => upsert(id, 1)),
    );
    expect(reads()).toEqual([]);
    expect(await db.sheets.count()).toBe(100);
  });

  it('reads key by key when its id range holds many more stored rows', async () => {
    db = freshDb('wp-spread');
    await applyRows(
      db,
      1,
      'sheets',
      ids(1, 400).map((id) => sheet(id, { state: 'DRAFT', version: id === 6 ? 900 : 1 })),
    );
    const reads = sheetReads();
    // Every fifth row of 1..400: the range holds 400 rows, more than twice the page's 80 keys.
    const page = ids(1, 80, 5).map((id) => upsert(id, 500));
    const applied = await applyChanges(db, 1, page, { keepNewer: true });

    expect(reads().map((keys) => keys.length)).toEqual([80]);
    expect(applied.map((change) => change.id)).not.toContain('6');
    expect(applied).toHaveLength(79);
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual({ 'sheets:1:ALL': 400, 'sheets:1:INQUIRY': 321, 'sheets:1:REPLIED': 79 });
    expect(kept).toEqual(recounted);
  });

  it('counts a row of the page that another company also stores as new in this one', async () => {
    db = freshDb('wp-company');
    await applyRows(db, 2, 'sheets', [sheet(120, { company_id: 2, version: 1 })]);
    await applyChanges(
      db,
      1,
      ids(100, 100).map((id) => upsert(id, 500)),
    );
    expect(await totals()).toMatchObject({ 'sheets:1:ALL': 100, 'sheets:2:ALL': 1 });
    expect((await db.sheets.get([2, 120]))?.version).toBe(1);
  });
});
