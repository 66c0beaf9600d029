// Bench-scale data for one company (`npm run seed -- --sheets 50000 --orders 50000 --todos 20000`):
// the same builders as the demo, written in chunks of ~1000 documents per write transaction
// (multi-row inserts, projections by the batch loaders, one multi-row feed insert per chunk), so
// it runs in minutes on PGlite and PostgreSQL, and a server sharing the PostgreSQL keeps working
// (each chunk holds the sync write lock only briefly and pokes the company's clients).
//
// Counts are exact: `sheets` sheets, `orders` orders and `todos` to-dos. Up to half of the sheets
// become orders (they are in an order state and link their order); orders beyond those are
// stored without their sheet.

import type { SheetState } from '../../../src/domain/purchase/sheetStates';
import type { Database } from '../../db/database';
import { orderLines, orders, sheetLines, sheets, todos } from '../../db/schema/index';
import { bulkWrite } from '../../sync/write';
import { loadSeedContext, type SeedContext } from './bulkContext';
import { assignIds, type BuiltDocument, buildDocument } from './documents';
import { FeedBuffer, feedBrands, feedRows, feedSupplierRows } from './feed';
import {
  buildMail,
  buildServiceMessage,
  buildThread,
  stageOf,
  type ThreadTarget,
} from './messages';
import { insertOrderDocuments, prepareOrderDocuments } from './orderDocuments';
import { Random } from './random';
import { insertAll, reserveIds } from './store';
import { dayStart } from './timeline';

const OPEN_STATES: ReadonlyArray<readonly [SheetState, number]> = [
  ['DRAFT', 8],
  ['INQUIRY_WAITING', 3],
  ['DELAY_INQUIRY', 1],
  ['INQUIRY_SENT', 10],
  ['INQUIRY_PUSH', 2],
  ['EXPENSE_EXAMINE', 1],
  ['EXPENSE_APPROVED', 1],
  ['INQUIRY_REPLIED', 8],
  ['FOLLOWED_UP', 4],
  ['QUOTATION_SENT', 8],
  ['QUOTATION_REFUSE', 3],
  ['CONTRACT_AUDITING', 2],
  ['CONTRACT_SENT', 1],
  ['CANCELLED', 6],
];

const ORDER_STATES: ReadonlyArray<readonly [SheetState, number]> = [
  ['CONTRACT_SIGNED', 3],
  ['CONTRACT_ENFORCED', 3],
  ['ORDER_PLACED', 3],
  ['ORDER_CONFIRMED', 3],
  ['OVERSEA_PARTIAL', 1],
  ['OVERSEA_RECEIVED', 2],
  ['EXPORTED', 2],
  ['IMPORTED', 2],
  ['DOMESTIC_PARTIAL', 1],
  ['DOMESTIC_RECEIVED', 2],
  ['DELIVERED', 3],
  ['SIGNED', 20],
  ['SIGN', 2],
  ['CANCEL_REQUESTED', 1],
  ['CANCEL_CONFIRMED', 2],
];

export type BulkOptions = {
  sheets: number;
  orders: number;
  todos: number;
  /** The company to fill; default the first buyer company. */
  companyId?: number;
  seed: number;
  now?: Date;
  /** Documents per write transaction. */
  chunkSize?: number;
  onProgress?: (progress: BulkProgress) => void;
};

export type BulkProgress = {
  phase: 'sheets' | 'orders' | 'todos';
  done: number;
  total: number;
  /** Rows written so far, feed entries included. */
  rows: number;
  elapsedMs: number;
};

export type BulkSummary = {
  company: { id: number; name: string };
  sheets: number;
  orders: number;
  todos: number;
  /** Rows written: documents, lines, to-dos and feed entries. */
  rows: number;
  feedEntries: number;
  elapsedMs: number;
};

type Writer = {
  rows: number;
  feedEntries: number;
  targets: ThreadTarget[];
  /** Document fields, boxes and invoices come from this stream. */
  documentsRng: Random;
  anchorMs: number;
  ordersWritten: number;
};

/**
 * Gives a chunk of built documents their ids (in order of creation), inserts and feeds them, in
 * one write transaction. `withSheets` false keeps only the orders.
 */
async function writeDocuments(
  database: Database,
  docs: BuiltDocument[],
  withSheets: boolean,
  state: Writer,
): Promise<void> {
  docs.sort((a, b) => Date.parse(a.sheet.createTime) - Date.parse(b.sheet.createTime));
  await bulkWrite(database.db, async (tx, changes) => {
    const sheetIds = withSheets ? await reserveIds(tx, 'sheets', docs.length) : [];
    const orderIds = await reserveIds(tx, 'orders', docs.filter((d) => d.order).length);
    docs.forEach((doc, i) => {
      assignIds(doc, {
        sheetId: withSheets ? (sheetIds[i] ?? 0) : null,
        orderId: doc.order ? (orderIds.shift() ?? 0) : null,
      });
    });
    const kept = withSheets ? docs : [];
    // Past the first three orders, so bulk orders get excluded lines only by chance.
    const excluded = await prepareOrderDocuments(
      tx,
      state.documentsRng,
      docs,
      3 + state.ordersWritten,
    );
    const orderRows = docs.flatMap((d) => (d.order ? [d.order] : []));
    state.ordersWritten += orderRows.length;
    const lineRows = kept.flatMap((d) => d.lines);
    const orderLineRows = [...docs.flatMap((d) => d.orderLines), ...excluded];
    await insertAll(tx, orders, orderRows);
    await insertAll(tx, orderLines, orderLineRows);
    await insertOrderDocuments(tx, state.documentsRng, orderRows, state.anchorMs);
    await insertAll(
      tx,
      sheets,
      kept.map((d) => d.sheet),
    );
    await insertAll(tx, sheetLines, lineRows);
    const feed = new FeedBuffer();
    await feedRows(tx, feed, {
      sheets: kept.map((d) => d.sheet.id),
      orders: orderRows.map((o) => o.id),
    });
    const entries = await feed.flush(tx, changes);
    state.rows += kept.length + lineRows.length + orderRows.length + orderLineRows.length + entries;
    state.feedEntries += entries;
  });
}

function targetOf(context: SeedContext, doc: BuiltDocument): ThreadTarget {
  const owner = context.owners.find((o) => o.id === doc.sheet.ownerContactId) ?? context.owners[0];
  const order = doc.order;
  return {
    module: order ? 'ORDER' : 'INQUERY_QUOTATION_SHEET',
    stage: stageOf(doc.sheet.state, order !== null),
    moduleId: order ? order.id : doc.sheet.id,
    moduleNumber: order ? order.name : doc.sheet.name,
    buyerCompanyId: context.company.id,
    buyer: owner ?? { id: 0, name: '' },
    supplierCompanyId: context.parties.supplierCompanyId,
    sales: context.parties.salesContact,
    startMs: Date.parse(order?.createTime ?? doc.sheet.createTime),
  };
}

export async function seedBulk(database: Database, options: BulkOptions): Promise<BulkSummary> {
  const started = Date.now();
  const context = await loadSeedContext(database.db, options.companyId);
  const anchorMs = dayStart(options.now ?? new Date());
  const chunk = Math.max(1, options.chunkSize ?? 1000);
  const root = new Random(options.seed);
  const state: Writer = {
    rows: 0,
    feedEntries: 0,
    targets: [],
    documentsRng: root.fork('bulk-order-documents'),
    anchorMs,
    ordersWritten: 0,
  };
  const report = (phase: BulkProgress['phase'], done: number, total: number) =>
    options.onProgress?.({ phase, done, total, rows: state.rows, elapsedMs: Date.now() - started });
  const build = (rng: Random, states: typeof OPEN_STATES): BuiltDocument =>
    buildDocument(
      rng,
      context.parties,
      {
        state: rng.weighted(states),
        brand: rng.pick(context.catalog),
        owner: rng.pick(context.owners),
        ccc: rng.chance(0.03),
        maxAgeDays: 730,
      },
      anchorMs,
    );

  // Sheets: `linked` of them (chosen by sequential sampling, so exactly that many) are orders.
  const linked = Math.min(options.orders, Math.floor(options.sheets / 2));
  const sheetRng = root.fork('bulk-sheets');
  let linkedLeft = linked;
  for (let done = 0; done < options.sheets; ) {
    const size = Math.min(chunk, options.sheets - done);
    const docs = Array.from({ length: size }, (_, i) => {
      const isOrder = sheetRng.next() * (options.sheets - done - i) < linkedLeft;
      if (isOrder) linkedLeft--;
      return build(sheetRng, isOrder ? ORDER_STATES : OPEN_STATES);
    });
    await writeDocuments(database, docs, true, state);
    for (const doc of docs) state.targets.push(targetOf(context, doc));
    done += size;
    report('sheets', done, options.sheets);
  }

  // Orders beyond the sheets: stored without their sheet.
  const standalone = options.orders - linked;
  const orderRng = root.fork('bulk-orders');
  for (let done = 0; done < standalone; ) {
    const size = Math.min(chunk, standalone - done);
    const docs = Array.from({ length: size }, () => build(orderRng, ORDER_STATES));
    await writeDocuments(database, docs, false, state);
    for (const doc of docs) state.targets.push(targetOf(context, doc));
    done += size;
    report('orders', done, standalone);
  }

  await writeTodos(
    database,
    context,
    root.fork('bulk-todos'),
    options.todos,
    anchorMs,
    chunk,
    state,
    (done) => report('todos', done, options.todos),
  );
  // Brands the new documents name that the company's clients have not been sent yet.
  await bulkWrite(database.db, async (tx, changes) => {
    const feed = new FeedBuffer();
    await feedBrands(tx, feed, [context.company.id]);
    await feedSupplierRows(tx, feed, [context.company.id]);
    const entries = await feed.flush(tx, changes);
    state.rows += entries;
    state.feedEntries += entries;
  });
  return {
    company: context.company,
    sheets: options.sheets,
    orders: options.orders,
    todos: options.todos,
    rows: state.rows,
    feedEntries: state.feedEntries,
    elapsedMs: Date.now() - started,
  };
}

async function writeTodos(
  database: Database,
  context: SeedContext,
  rng: Random,
  total: number,
  anchorMs: number,
  chunk: number,
  state: Writer,
  progress: (done: number) => void,
): Promise<void> {
  if (total <= 0) return;
  if (state.targets.length === 0) {
    throw new Error('To-dos need sheets or orders to talk about: add --sheets or --orders.');
  }
  for (let done = 0; done < total; ) {
    const size = Math.min(chunk, total - done);
    const rows = Array.from({ length: size }, () => {
      const target = rng.pick(state.targets);
      const roll = rng.next();
      if (roll < 0.05 && context.service)
        return buildServiceMessage(rng, target, context.service, anchorMs);
      if (roll < 0.1) return buildMail(rng, target, anchorMs);
      const [message] = buildThread(rng, target, anchorMs, 1);
      if (!message) throw new Error('buildThread answered no message');
      return message;
    });
    await bulkWrite(database.db, async (tx, changes) => {
      const ids = await reserveIds(tx, 'todos', size);
      const withIds = rows.map((row, i) => {
        const id = ids[i] ?? 0;
        return { ...row, id, mailId: row.type === 'MAIL' ? id : null };
      });
      await insertAll(tx, todos, withIds);
      const feed = new FeedBuffer();
      await feedRows(tx, feed, { todos: ids });
      const entries = await feed.flush(tx, changes);
      state.rows += size + entries;
      state.feedEntries += entries;
    });
    done += size;
    progress(done);
  }
}
