// Product-line edits of a draft sheet (purchasing-core §4.2 "product lines are editable only in
// draft", §5): add, update and delete one line. Each bumps the sheet's version, since lines
// carry none of their own and travel inside the sheet's row.

import { eq } from 'drizzle-orm';
import type { SheetRow } from '../../src/contract/feedRows';
import { linesEditable } from '../../src/domain/purchase/rules';
import { validateLineRemoval } from '../../src/domain/purchase/validation';
import type { Tx } from '../db/database';
import { sheetLines } from '../db/schema/index';
import { notFound, refused } from '../http/httpError';
import type { ChangeSet } from '../sync/changeSet';
import { checkLines, type LineInput, type LineValues } from './sheetInput';
import {
  loadLines,
  loadOwnSheet,
  SHEET_MESSAGES,
  type SheetActor,
  type SheetRecord,
  saveSheet,
} from './sheetSupport';

export async function insertLines(
  tx: Tx,
  sheetId: number,
  lines: LineValues[],
  from = 0,
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(sheetLines)
    .values(lines.map((line, i) => ({ ...line, sheetId, position: from + i })));
}

async function draftSheet(tx: Tx, actor: SheetActor, sheetId: number): Promise<SheetRecord> {
  const sheet = await loadOwnSheet(tx, actor.companyId, sheetId);
  if (!linesEditable(sheet.state)) throw refused(SHEET_MESSAGES.LINES_DRAFT_ONLY, 'NOT_DRAFT');
  return sheet;
}

/** PUT …/{id}/add_product: one more line at the end of a draft. */
export async function addLine(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
  line: LineInput,
): Promise<SheetRow> {
  const sheet = await draftSheet(tx, actor, sheetId);
  const [values] = await checkLines(tx, actor.companyId, [line]);
  const all = await tx
    .select({ position: sheetLines.position })
    .from(sheetLines)
    .where(eq(sheetLines.sheetId, sheet.id));
  const next = all.reduce((top, l) => Math.max(top, l.position + 1), 0);
  if (values) await insertLines(tx, sheet.id, [values], next);
  return saveSheet(tx, changes, sheet.id, {});
}

/** PUT …/{id}/inquiry_products/{lineId}: replaces the fields the body names. */
export async function updateLine(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
  lineId: number,
  patch: LineInput,
): Promise<SheetRow> {
  const sheet = await draftSheet(tx, actor, sheetId);
  const current = (await loadLines(tx, sheet.id)).find((l) => l.id === lineId);
  if (!current) throw notFound(SHEET_MESSAGES.LINE_NOT_FOUND);
  const { id: chosenProduct, ...fields } = patch;
  const merged: LineInput = {
    product_id: current.productId,
    product_type: current.productType,
    product_article_no: current.productArticleNo,
    short_description: current.shortDescription,
    qty: current.qty,
    // Kept attachments are not looked up again: a file deleted since stays on the line.
    attachments: [],
    ...fields,
  };
  if (chosenProduct !== undefined && fields.product_id === undefined) {
    merged.product_id = chosenProduct;
  }
  // A new model text without a new product id no longer names the chosen product (§5).
  if (
    patch.product_id === undefined &&
    chosenProduct === undefined &&
    (patch.product_type !== undefined || patch.product_article_no !== undefined)
  ) {
    merged.product_id = null;
  }
  const [values] = await checkLines(tx, actor.companyId, [merged]);
  if (values) {
    await tx
      .update(sheetLines)
      .set(
        patch.attachments === undefined ? { ...values, attachments: current.attachments } : values,
      )
      .where(eq(sheetLines.id, current.id));
  }
  return saveSheet(tx, changes, sheet.id, {});
}

/** DELETE …/{id}/inquiry_products/{lineId}: the last line stays (至少需要保留一个产品！). */
export async function deleteLine(
  tx: Tx,
  changes: ChangeSet,
  actor: SheetActor,
  sheetId: number,
  lineId: number,
): Promise<SheetRow> {
  const sheet = await draftSheet(tx, actor, sheetId);
  const lines = await loadLines(tx, sheet.id);
  if (!lines.some((l) => l.id === lineId)) throw notFound(SHEET_MESSAGES.LINE_NOT_FOUND);
  const message = validateLineRemoval(lines.length);
  if (message) throw refused(message, 'KEEP_ONE_PRODUCT');
  await tx.delete(sheetLines).where(eq(sheetLines.id, lineId));
  return saveSheet(tx, changes, sheet.id, {});
}
