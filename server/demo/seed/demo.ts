// The demo database a fresh `npm start` opens: deterministic from a seed number and the day it
// runs (all times lie before that day's 00:00 in Shanghai), so two runs on the same day give the
// same rows and purchase numbers. Runs once, on an empty database, inside one write transaction
// that also fills the sync feed; concurrent servers on one PostgreSQL seed it once (the write
// lock serializes them and the second finds the companies already there).

import { count } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Database, Db, Tx } from '../../db/database';
import {
  companies,
  files,
  orderLines,
  orders,
  sheetLines,
  sheets,
  todos,
} from '../../db/schema/index';
import { bulkWrite } from '../../sync/write';
import { makeAttachment } from './attachments';
import { insertCompanySettings } from './companySettings';
import { planDemoDocuments, planDemoTodos } from './demoPlan';
import { insertCatalog, insertParties, insertReference } from './demoSetup';
import { assignIds, type BuiltDocument, buildDocument } from './documents';
import { feedBrands, feedRows } from './feed';
import { insertOrderDocuments, prepareOrderDocuments } from './orderDocuments';
import { DEMO_PASSWORD, DEMO_STAFF } from './parties';
import { Random } from './random';
import { insertAll, reserveIds } from './store';
import { dayStart } from './timeline';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountLines } from './parties';

/** The seed `npm start` uses unless told otherwise. */
export const DEFAULT_DEMO_SEED = 2026;

export type DemoSummary = {
  companies: number;
  accounts: number;
  sheets: number;
  orders: number;
  todos: number;
  feedEntries: number;
};

async function isEmpty(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * Fills an empty database with the demo; answers null (and changes nothing) when the database
 * already has companies, so the server may call it on every start.
 */
export async function seedDemoData(
  database: Database,
  options: { seed: number; now?: Date },
): Promise<DemoSummary | null> {
  // Cheap check first: a server calls this on every start, and hashing is slow on purpose.
  if (!(await isEmpty(database.db))) return null;
  const usernames = [...new Set(DEMO_STAFF.flatMap((s) => (s.username ? [s.username] : [])))];
  usernames.push('nocompany');
  // Hash before taking the write lock, then check again under it (another server may have won).
  // One hash for all: the demo password is published anyway, and each hash costs ~0.4 s.
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const hashes = new Map(usernames.map((u) => [u, demoHash] as const));
  const anchorMs = dayStart(options.now ?? new Date());
  const root = new Random(options.seed);

  return bulkWrite(database.db, async (tx, changes) => {
    if (!(await isEmpty(tx))) return null;
    const parties = await insertParties(tx, root.fork('parties'), anchorMs, hashes);
    const catalog = await insertCatalog(tx);
    await insertReference(tx, anchorMs);
    await insertCompanySettings(tx, parties);

    const rng = root.fork('documents');
    const plans = planDemoDocuments(rng, parties, catalog);
    // Numbered in order of creation, as a live system would have numbered them.
    const made = plans
      .map((p) => ({
        doc: buildDocument(rng, p.parties, p.plan, anchorMs),
        attachments: p.attachments,
      }))
      .sort((a, b) => Date.parse(a.doc.sheet.createTime) - Date.parse(b.doc.sheet.createTime));
    const sheetIds = await reserveIds(tx, 'sheets', made.length);
    const orderIds = await reserveIds(tx, 'orders', made.filter((m) => m.doc.order).length);
    const built: BuiltDocument[] = made.map((m, i) =>
      assignIds(m.doc, {
        sheetId: sheetIds[i] ?? 0,
        orderId: m.doc.order ? (orderIds.shift() ?? 0) : null,
      }),
    );
    // A draft carries two attachments on its first line (a photo and a PDF data sheet).
    const fileRows = [];
    const draft = made.find((m) => m.attachments)?.doc;
    const firstLine = draft?.lines[0];
    if (draft && firstLine) {
      const fileRng = root.fork('line-files');
      const base = {
        companyId: draft.sheet.companyId,
        uploadedBy: draft.sheet.ownerContactId ?? null,
        documentType: 'PRODUCT_ATTACHMENT' as const,
        entityId: String(draft.sheet.id),
        createdAt: draft.sheet.createTime,
      };
      const photo = makeAttachment(fileRng, {
        ...base,
        name: '铭牌照片.png',
        kind: 'png',
        title: 'Nameplate',
      });
      const sheetPdf = makeAttachment(fileRng, {
        ...base,
        name: 'datasheet.pdf',
        kind: 'pdf',
        title: `Datasheet ${firstLine.productArticleNo ?? ''}`,
      });
      firstLine.attachments = [photo.attachment, sheetPdf.attachment];
      fileRows.push(photo.file, sheetPdf.file);
    }
    // Document fields from their own streams, so the rows above keep their values.
    const excludedLines = await prepareOrderDocuments(tx, root.fork('order-documents'), built);
    const orderRows = built.flatMap((d) => (d.order ? [d.order] : []));
    await insertAll(tx, orders, orderRows);
    await insertAll(
      tx,
      orderLines,
      built.flatMap((d) => d.orderLines),
    );
    await insertAll(
      tx,
      sheets,
      built.map((d) => d.sheet),
    );
    await insertAll(
      tx,
      sheetLines,
      built.flatMap((d) => d.lines),
    );
    await insertAll(tx, orderLines, excludedLines);
    await insertOrderDocuments(tx, root.fork('logistics'), orderRows, anchorMs);

    const todoPlan = planDemoTodos(root.fork('todos'), parties, built, anchorMs);
    const todoIds = await reserveIds(tx, 'todos', todoPlan.todos.length);
    const todoRows = todoPlan.todos.map((t, i) => {
      const id = todoIds[i] ?? 0;
      return { ...t, id, mailId: t.type === 'MAIL' ? id : null };
    });
    const fileRng = root.fork('todo-files');
    for (const { index, name, kind, title } of todoPlan.attachments) {
      const row = todoRows[index];
      if (!row) continue;
      const made = makeAttachment(fileRng, {
        companyId: row.fromCompanyId,
        uploadedBy: row.fromContactsId ?? null,
        documentType: 'TODO_ATTACHMENT',
        entityId: String(row.id),
        name,
        kind,
        title,
        createdAt: row.createTime ?? new Date(anchorMs).toISOString(),
      });
      row.files = [...(row.files ?? []), made.attachment];
      fileRows.push(made.file);
    }
    await insertAll(tx, todos, todoRows);
    if (fileRows.length > 0) await tx.insert(files).values(fileRows);

    const feedEntries =
      (await feedRows(tx, changes, {
        companies: [...parties.companyIds.values()],
        staff: [...parties.staff.values()].map((s) => s.id),
        sheets: built.map((d) => d.sheet.id),
        orders: built.flatMap((d) => (d.order ? [d.order.id] : [])),
        todos: todoRows.map((t) => t.id),
      })) + (await feedBrands(tx, changes));
    return {
      companies: parties.companyIds.size,
      accounts: parties.accountIds.size,
      sheets: built.length,
      orders: built.filter((d) => d.order).length,
      todos: todoRows.length,
      feedEntries,
    };
  });
}
