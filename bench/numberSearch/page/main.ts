// The number search bench's page: the product's list engine (src/data/lists) over IndexedDB in
// the browser, with the product's 'find' entries (the number forwards and reversed: starts or
// ends with) in one database and, in another with the same rows and schema, the design measured
// for "contains": every suffix of each number, so a text inside a number is one prefix range.
// It times what each costs to write and to answer, beside a plain scan and an in-memory column
// of numbers; bench/number-search.ts drives it and prints. Times are taken on the page's clock.
import type { Collection } from 'dexie';
import { PurchasingDb } from '../../../src/data/db';
import {
  type StoredOrder,
  type StoredSheet,
  storedOrder,
  storedSheet,
} from '../../../src/data/derive';
import {
  FIND_FIELD,
  findPrefixes,
  LIST_KEYS_INDEX,
  type ListEntry,
  sheetSlotsOf,
} from '../../../src/data/lists/listIndex';
import {
  type IndexRange,
  rowIdsInRanges,
  startsWithRange,
} from '../../../src/data/lists/listStreams';
import { orderListWindow } from '../../../src/data/lists/orderListQuery';
import { sheetListWindow } from '../../../src/data/lists/sheetListQuery';
import type { ListQuery } from '../../../src/domain/list/listQuery';
import type { Figures, NumberBench, Timed, WriteCost, WriteFigures } from '../protocol';
import { benchOrder, benchSheet, generator, numbers } from '../rows';

const COMPANY = 1;
const TIME_ZONE = 'Asia/Shanghai';
/** The engine's feed page size: rows are written a page per transaction, as a pull does. */
const PAGE = 1000;
const WHOLE = '>';
const SUFFIX = '~';

/** The suffix design's 'find' entries: each number whole and every proper suffix of it. */
function withSuffixFinds<T extends StoredSheet | StoredOrder>(
  row: T,
  numbers: Array<string | null>,
): T {
  const entries = row.list_keys ?? [];
  const slot = entries[0]?.[1] ?? '';
  const values = new Set<string>();
  for (const number of numbers) {
    if (!number) continue;
    const text = number.toLowerCase();
    values.add(`${WHOLE}${text}`);
    for (let at = 1; at < text.length; at++) values.add(`${SUFFIX}${text.slice(at)}`);
  }
  const finds = [...values].map((value): ListEntry => [COMPANY, slot, FIND_FIELD, 0, value]);
  return { ...row, list_keys: [...entries.filter((e) => e[2] !== FIND_FIELD), ...finds] };
}

const usage = async () => (await navigator.storage.estimate()).usage ?? 0;

let product: PurchasingDb | null = null;
let suffixes: PurchasingDb | null = null;
let sheetNumbers: string[] = [];

function opened(): { product: PurchasingDb; suffixes: PurchasingDb } {
  if (!product || !suffixes) throw new Error('fill first');
  return { product, suffixes };
}

type Design = 'product' | 'suffixes';

/**
 * Writes the bench rows into `db` with one design's entries, a page per transaction, built a
 * page at a time (the rows of 100k would not fit twice in the page's memory). Only the writes
 * are timed; the same seed gives both designs the same rows.
 */
async function writeRows(
  db: PurchasingDb,
  design: Design,
  sheetNos: Array<[string, string]>,
  orderNos: Array<[string, string]>,
): Promise<WriteCost> {
  const random = generator(13);
  const cost: WriteCost = { sheetMs: 0, orderMs: 0, entries: 0, bytes: 0 };
  const put = async (table: 'sheets' | 'orders', rows: Array<StoredSheet | StoredOrder>) => {
    cost.entries += rows.reduce((sum, row) => sum + (row.list_keys?.length ?? 0), 0);
    const t0 = performance.now();
    await db.table(table).bulkPut(rows);
    return performance.now() - t0;
  };
  for (let at = 0; at < sheetNos.length; at += PAGE) {
    const rows = sheetNos.slice(at, at + PAGE).map((n, i) => {
      const row = storedSheet(COMPANY, benchSheet(at + i, n, COMPANY, random));
      return design === 'suffixes' ? withSuffixFinds(row, [row.name]) : row;
    });
    cost.sheetMs += await put('sheets', rows);
    if ((at / PAGE) % 20 === 0) console.info(`${design}: ${at} sheets written`);
  }
  for (let at = 0; at < orderNos.length; at += PAGE) {
    const rows = orderNos.slice(at, at + PAGE).map((n, i) => {
      const inquiry = sheetNumbers[at + i] ?? null;
      const row = storedOrder(COMPANY, benchOrder(at + i, n, COMPANY, random, inquiry));
      return design === 'suffixes' ? withSuffixFinds(row, [row.name, row.inquiry_no]) : row;
    });
    cost.orderMs += await put('orders', rows);
    if ((at / PAGE) % 20 === 0) console.info(`${design}: ${at} orders written`);
  }
  return cost;
}

async function fill(count: number): Promise<WriteFigures> {
  for (const name of ['bench-number-product', 'bench-number-suffixes']) {
    await PurchasingDb.delete(name);
  }
  const sheetNos = numbers('XJ', count, generator(11));
  const orderNos = numbers('PO', count, generator(12));
  sheetNumbers = sheetNos.map(([name]) => name);
  // One design after the other: each database's storage is the growth it caused.
  const before = await usage();
  product = new PurchasingDb('bench-number-product');
  await product.open();
  const today = await writeRows(product, 'product', sheetNos, orderNos);
  const between = await usage();
  suffixes = new PurchasingDb('bench-number-suffixes');
  await suffixes.open();
  const suffix = await writeRows(suffixes, 'suffixes', sheetNos, orderNos);
  const after = await usage();
  console.info('written');
  return {
    rows: count,
    product: { ...today, bytes: between - before },
    suffixes: { ...suffix, bytes: after - between },
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

/** The product's filter step (listPlan.ts): numbers starting or ending with the text. */
const productRanges = (text: string) => slotRanges(findPrefixes(text));

/** The suffix design's filter step: the whole numbers and suffixes starting with the text. */
const suffixRanges = (text: string) => {
  const lower = text.toLowerCase();
  return slotRanges([`${WHOLE}${lower}`, `${SUFFIX}${lower}`]);
};

/** A plain scan: every sheet of the company read and tested for "contains". */
function scan(db: PurchasingDb, text: string): Promise<number> {
  const lower = text.toLowerCase();
  const all: Collection = db.sheets
    .where('[company_id+id]')
    .between([COMPANY, -Infinity], [COMPANY, Infinity]);
  return all.filter((row: StoredSheet) => row.name.toLowerCase().includes(lower)).count();
}

/**
 * The other design: every number of the company held in memory, one string, searched with
 * indexOf. Built from the whole-number entries (keys only); keeping it current as rows change
 * is its real cost, and not measured here.
 */
async function memoryColumn(db: PurchasingDb) {
  const t0 = performance.now();
  const numbers: string[] = [];
  for (const slot of sheetSlotsOf('ALL')) {
    await db.sheets
      .where(LIST_KEYS_INDEX)
      .between([COMPANY, slot, FIND_FIELD, 0, '>'], [COMPANY, slot, FIND_FIELD, 0, '>\uffff'])
      .eachKey((key) => {
        numbers.push(String((key as unknown[])[4]).slice(1));
      });
  }
  const text = `\n${numbers.join('\n')}\n`;
  const buildMs = performance.now() - t0;
  const search = (needle: string): number => {
    let found = 0;
    const lower = needle.toLowerCase();
    for (let at = text.indexOf(lower); at !== -1; at = text.indexOf(lower, at + 1)) found += 1;
    return found;
  };
  return { buildMs, chars: text.length, rows: numbers.length, search };
}

async function measure(rounds: number): Promise<Figures> {
  const dbs = opened();
  const samples = fragments(rounds, [2, 3, 4, 5, 6, 8]);
  // In every number (a year, a digit pair) or in many (a month and day, a day's first number).
  const heavy = ['2025', '20', '0101', '000001'];
  const texts = [...samples, ...heavy];
  // Warm-up: the first reads of a database open its files.
  await windows(dbs.product, '0000');
  await rowIdsInRanges(dbs.suffixes, suffixRanges('0000'));
  console.info('measuring the screen reads');
  const results: Timed[] = [];
  for (const text of texts) results.push(...(await windows(dbs.product, text)));

  console.info('measuring the filter steps');
  const filterStep: Timed[] = [];
  for (const text of texts) {
    const today = await timed(() => rowIdsInRanges(dbs.product, productRanges(text)));
    const suffix = await timed(() => rowIdsInRanges(dbs.suffixes, suffixRanges(text)));
    filterStep.push({ what: 'product', text, ms: today.ms, matches: today.value.size });
    filterStep.push({ what: 'suffixes', text, ms: suffix.ms, matches: suffix.value.size });
  }

  console.info('measuring scans');
  const scans: Timed[] = [];
  for (const text of samples.slice(0, 3)) {
    const result = await timed(() => scan(dbs.product, text));
    scans.push({ what: 'scan', text, ms: result.ms, matches: result.value });
  }

  console.info('building the in-memory column');
  const column = await memoryColumn(dbs.product);
  const memory: Timed[] = texts.map((text) => {
    const t0 = performance.now();
    const matches = column.search(text);
    return { what: 'memory', text, ms: performance.now() - t0, matches };
  });
  return {
    windows: results,
    heavy,
    filterStep,
    scans,
    memory,
    memoryBuildMs: column.buildMs,
    memoryChars: column.chars,
    memoryRows: column.rows,
  };
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
