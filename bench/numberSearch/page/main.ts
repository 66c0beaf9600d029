// The number search bench's page: the product's list engine (src/data/lists) over IndexedDB in
// the browser. Rows are written a feed page per transaction with the number column kept beside
// them (src/data/lists/numberColumn.ts), the column's share of each write timed apart. It times
// the screen reads ("contains" through the column), the filter step of the column next to the
// earlier starts-or-ends ranges of the 'find' entries (still in list_keys), a plain scan, and
// the column's read and indexOf apart; bench/number-search.ts drives it and prints.
import type { Collection } from 'dexie';
import { PurchasingDb } from '../../../src/data/db';
import {
  type StoredOrder,
  type StoredSheet,
  storedOrder,
  storedSheet,
} from '../../../src/data/derive';
import { FIND_FIELD, findPrefixes, sheetSlotsOf } from '../../../src/data/lists/listIndex';
import {
  type IndexRange,
  rowIdsInRanges,
  startsWithRange,
} from '../../../src/data/lists/listStreams';
import {
  idsContaining,
  numberRecords,
  readNumberColumn,
  writeNumberRecords,
} from '../../../src/data/lists/numberColumn';
import { orderListWindow } from '../../../src/data/lists/orderListQuery';
import { sheetListWindow } from '../../../src/data/lists/sheetListQuery';
import type { ListQuery } from '../../../src/domain/list/listQuery';
import type { Figures, NumberBench, Timed, WriteCost, WriteFigures } from '../protocol';
import { benchOrder, benchSheet, generator, numbers } from '../rows';

const COMPANY = 1;
const TIME_ZONE = 'Asia/Shanghai';
/** The engine's feed page size: rows are written a page per transaction, as a pull does. */
const PAGE = 1000;

const usage = async () => (await navigator.storage.estimate()).usage ?? 0;

let product: PurchasingDb | null = null;
let sheetNumbers: string[] = [];

function opened(): PurchasingDb {
  if (!product) throw new Error('fill first');
  return product;
}

/**
 * Writes the bench rows into `db` a feed page per transaction, as a pull does, built a page at a
 * time (the rows of 100k would not fit twice in the page's memory): the rows, then the page's
 * number records in the same transaction. Each share is timed apart.
 */
async function writeRows(
  db: PurchasingDb,
  sheetNos: Array<[string, string]>,
  orderNos: Array<[string, string]>,
): Promise<WriteCost> {
  const random = generator(13);
  const cost: WriteCost = { sheetMs: 0, orderMs: 0, columnMs: 0, entries: 0, bytes: 0 };
  const put = async (table: 'sheets' | 'orders', rows: Array<StoredSheet | StoredOrder>) => {
    cost.entries += rows.reduce((sum, row) => sum + (row.list_keys?.length ?? 0), 0);
    let rowsMs = 0;
    await db.transaction('rw', [db.table(table), db.numberColumns], async () => {
      const t0 = performance.now();
      // The writer reads the rows a page touches first (writes.ts): none here, all are new.
      await db.table(table).bulkPut(rows);
      const t1 = performance.now();
      rowsMs = t1 - t0;
      const records = new Map(rows.map((row) => [row.id, numberRecords(table, row)]));
      await writeNumberRecords(db, COMPANY, table, records);
      cost.columnMs += performance.now() - t1;
    });
    return rowsMs;
  };
  for (let at = 0; at < sheetNos.length; at += PAGE) {
    const rows = sheetNos
      .slice(at, at + PAGE)
      .map((n, i) => storedSheet(COMPANY, benchSheet(at + i, n, COMPANY, random)));
    cost.sheetMs += await put('sheets', rows);
    if ((at / PAGE) % 20 === 0) console.info(`${at} sheets written`);
  }
  for (let at = 0; at < orderNos.length; at += PAGE) {
    const rows = orderNos.slice(at, at + PAGE).map((n, i) => {
      const inquiry = sheetNumbers[at + i] ?? null;
      return storedOrder(COMPANY, benchOrder(at + i, n, COMPANY, random, inquiry));
    });
    cost.orderMs += await put('orders', rows);
    if ((at / PAGE) % 20 === 0) console.info(`${at} orders written`);
  }
  return cost;
}

async function fill(count: number): Promise<WriteFigures> {
  await PurchasingDb.delete('bench-number-product');
  const sheetNos = numbers('XJ', count, generator(11));
  const orderNos = numbers('PO', count, generator(12));
  sheetNumbers = sheetNos.map(([name]) => name);
  const before = await usage();
  product = new PurchasingDb('bench-number-product');
  await product.open();
  const written = await writeRows(product, sheetNos, orderNos);
  const after = await usage();
  const columns = [
    ...(await readNumberColumn(product, COMPANY, 'sheets')),
    ...(await readNumberColumn(product, COMPANY, 'orders')),
  ];
  console.info('written');
  return {
    rows: count,
    product: { ...written, bytes: after - before },
    columnChars: columns.reduce((sum, c) => sum + c.text.length, 0),
    columnBuckets: columns.length,
  };
}

/** Middle fragments of stored numbers: `count` of them, lengths drawn from `lengths`. */
function fragments(count: number, lengths: readonly number[]): string[] {
  const random = generator(5);
  return Array.from({ length: count }, (_, i) => {
    const number = sheetNumbers[Math.floor(random() * sheetNumbers.length)] ?? '';
    const length = lengths[i % lengths.length] ?? 4;
    const start = 1 + Math.floor(random() * (number.length - length - 1));
    return number.slice(start, start + length);
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await run();
  return { ms: performance.now() - t0, value };
}

const query = (name: string): ListQuery => ({ filters: { name }, pageNum: 1, pageSize: 50 });

/** The product's screen read: the first 50 rows of the filtered list and its total. */
async function windows(db: PurchasingDb, text: string): Promise<Timed[]> {
  const window = { companyId: COMPANY, timeZone: TIME_ZONE, offset: 0, limit: 50 };
  const sheets = await timed(() =>
    sheetListWindow(db, { ...window, listType: 'ALL', query: query(text) }),
  );
  const orders = await timed(() =>
    orderListWindow(db, { ...window, tab: 'ALL', query: query(text) }),
  );
  return [
    { what: 'sheets', text, ms: sheets.ms, matches: sheets.value.total },
    { what: 'orders', text, ms: orders.ms, matches: orders.value.total },
  ];
}

const slotRanges = (values: string[]): IndexRange[] =>
  sheetSlotsOf('ALL').flatMap((slot) =>
    values.map((value) => startsWithRange('sheets', [COMPANY, slot, FIND_FIELD], value)),
  );

/** The earlier filter step (starts or ends with): two ranges of the 'find' entries per slot. */
const productRanges = (text: string) => slotRanges(findPrefixes(text));

/** A plain scan: every sheet of the company read and tested for "contains". */
function scan(db: PurchasingDb, text: string): Promise<number> {
  const lower = text.toLowerCase();
  const all: Collection = db.sheets
    .where('[company_id+id]')
    .between([COMPANY, -Infinity], [COMPANY, Infinity]);
  return all.filter((row: StoredSheet) => row.name.toLowerCase().includes(lower)).count();
}

async function measure(rounds: number): Promise<Figures> {
  const db = opened();
  const samples = fragments(rounds, [2, 3, 4, 5, 6, 8]);
  // In every number (a year, a digit pair, one digit) or in many (a month and day, a day's first
  // number): reported apart.
  const heavy = ['2025', '20', '0101', '000001', '7'];
  const texts = [...samples, ...heavy];
  // Warm-up: the first reads of a database open its files.
  await windows(db, '0000');
  await rowIdsInRanges(db, productRanges('0000'));
  console.info('measuring the screen reads');
  const results: Timed[] = [];
  for (const text of texts) results.push(...(await windows(db, text)));

  console.info('measuring the filter steps');
  const filterStep: Timed[] = [];
  const slots = sheetSlotsOf('ALL');
  const wanted = new Set(slots);
  for (const text of texts) {
    const ends = await timed(() => rowIdsInRanges(db, productRanges(text)));
    filterStep.push({ what: 'ends', text, ms: ends.ms, matches: ends.value.size });
    const read = await timed(() => readNumberColumn(db, COMPANY, 'sheets'));
    const t0 = performance.now();
    const found = idsContaining(read.value, text, wanted);
    const scanMs = performance.now() - t0;
    filterStep.push({ what: 'column', text, ms: read.ms + scanMs, matches: found.size });
    filterStep.push({ what: 'columnRead', text, ms: read.ms, matches: read.value.length });
    filterStep.push({ what: 'columnScan', text, ms: scanMs, matches: found.size });
  }

  console.info('measuring scans');
  const scans: Timed[] = [];
  for (const text of samples.slice(0, 3)) {
    const result = await timed(() => scan(db, text));
    scans.push({ what: 'scan', text, ms: result.ms, matches: result.value });
  }
  return { windows: results, heavy, filterStep, scans };
}

/** Errors cross page.evaluate by message only: name the DOMException (a quota, an abort). */
const named =
  <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
  (...args: A): Promise<R> =>
    run(...args).catch((error: unknown) => {
      throw error instanceof Error ? new Error(`${error.name}: ${error.message}`) : error;
    });

const api: NumberBench = { fill: named(fill), measure: named(measure) };
Object.assign(window, { numberBench: api });
