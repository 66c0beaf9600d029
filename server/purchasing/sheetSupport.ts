// Shared plumbing of the purchase-sheet writes (sheetService.ts, sheetSupplier.ts): loading a
// sheet scoped to its company, state transitions with their log, version bumps and publishing the
// projected row to the sync feed. Rules themselves come from src/domain; the refusals the spec
// does not word are ours (SHEET_MESSAGES, listed in docs/decisions.md).

import { and, asc, eq, like, max, sql } from 'drizzle-orm';
import type { SheetRow } from '../../src/contract/feedRows';
import { formatDate } from '../../src/domain/format/date';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import type { Tx } from '../db/database';
import { brands, orders, sheetLines, sheets, syncChanges } from '../db/schema/index';
import { notFound, versionConflict } from '../http/httpError';
import type { ChangeSet } from '../sync/changeSet';
import { loadBrandRows } from '../sync/projections/brands';
import type { ContactRecord } from '../sync/projections/shared';
import { loadSheetRows, sheetWithOwner } from '../sync/projections/sheets';
import { storedRowOf, storedTextSql } from '../sync/storedRows';

/** Who acts on a buyer's sheet: the current company and the user's contact in it. */
export type SheetActor = { companyId: number; contactId: number; contactName: string };

export type SheetRecord = typeof sheets.$inferSelect;
export type SheetLineRecord = typeof sheetLines.$inferSelect;

/** Refusals the spec does not word (ours). */
export const SHEET_MESSAGES = {
  SHEET_NOT_FOUND: '采购单不存在',
  LINE_NOT_FOUND: '该产品行不存在',
  LINES_DRAFT_ONLY: '只有草稿状态的采购单可以编辑产品',
  SAVE_DRAFT_ONLY: '只有草稿状态的采购单可以保存草稿',
  SEND_DRAFT_ONLY: '只有草稿状态的采购单可以发送询价',
  PLACE_ORDER_NOT_OFFERED: '当前状态的采购单不能下单',
  CANCEL_NOT_OFFERED: '当前状态的采购单不能取消',
  CANCEL_ORDERED: '该采购单已生成订单，不能取消采购单，请在订单中申请取消',
  RESTORE_NOT_OFFERED: '只有已取消的采购单可以恢复',
  OWNER_CHANGE_NOT_OFFERED: '当前状态的采购单不能变更负责人',
  OWNER_NOT_CANDIDATE: '负责人必须是本公司的在职员工',
  OWNER_UNCHANGED: '该员工已是当前负责人',
  BRAND_NOT_FOUND: '品牌不存在',
  PRODUCT_NOT_FOUND: '产品不存在',
  SUPPLIER_NOT_FOUND: '供应商不存在',
  RESELLER_MISMATCH: '采购方必须是当前公司',
  ATTACHMENT_NOT_FOUND: '附件不存在或已删除，请重新上传',
  QUOTE_NOT_OFFERED: '当前状态的采购单不能报价',
  CONFIRM_NOT_OFFERED: '当前状态的采购单不能签订合同',
  SUPPLIER_CONTACT_INVALID: '供应商联系人不存在',
} as const;

export const nowIso = (): string => new Date().toISOString();

/** The sheet if it belongs to the company; another company's sheet is "not found", never "forbidden". */
export async function loadOwnSheet(tx: Tx, companyId: number, id: number): Promise<SheetRecord> {
  const [sheet] = await tx
    .select()
    .from(sheets)
    .where(and(eq(sheets.id, id), eq(sheets.companyId, companyId)))
    .limit(1);
  if (!sheet) throw notFound(SHEET_MESSAGES.SHEET_NOT_FOUND);
  return sheet;
}

export async function loadSheetById(tx: Tx, id: number): Promise<SheetRecord> {
  const [sheet] = await tx.select().from(sheets).where(eq(sheets.id, id)).limit(1);
  if (!sheet) throw notFound(SHEET_MESSAGES.SHEET_NOT_FOUND);
  return sheet;
}

/** The live (not deleted) lines in display order. */
export async function loadLines(tx: Tx, sheetId: number): Promise<SheetLineRecord[]> {
  return tx
    .select()
    .from(sheetLines)
    .where(and(eq(sheetLines.sheetId, sheetId), eq(sheetLines.deleted, false)))
    .orderBy(asc(sheetLines.position), asc(sheetLines.id));
}

export async function projectSheet(tx: Tx, id: number): Promise<SheetRow> {
  const row = (await loadSheetRows(tx, [id])).get(id);
  if (!row) throw notFound(COMMON_MESSAGES.NOT_FOUND);
  return row;
}

/** 409 with the current row when the client edited an older version (If-Match). */
export async function checkVersion(
  tx: Tx,
  sheet: SheetRecord,
  expectedVersion: number | null | undefined,
): Promise<void> {
  if (expectedVersion === null || expectedVersion === undefined) return;
  if (expectedVersion !== sheet.version) throw versionConflict(await projectSheet(tx, sheet.id));
}

/** Columns of a state change: the new state, its time, and one more state-log entry. */
export function transition(sheet: SheetRecord, state: string, by: string | undefined) {
  const time = nowIso();
  return {
    state,
    stateChangeTime: time,
    stateLog: [...sheet.stateLog, by === undefined ? { state, time } : { state, time, by }],
  };
}

/**
 * Writes the sheet's columns with a fresh version (line edits call it too, since lines carry no
 * version of their own), then records the projected row in the company's feed.
 */
export async function saveSheet(
  tx: Tx,
  changes: ChangeSet,
  sheetId: number,
  values: Partial<typeof sheets.$inferInsert>,
): Promise<SheetRow> {
  await tx
    .update(sheets)
    .set({ ...values, writeTime: nowIso(), version: sql`nextval('sync_version')` })
    .where(eq(sheets.id, sheetId));
  return publishSheet(tx, changes, sheetId);
}

/**
 * An owner change: saveSheet's update, and the row is the feed's stored one (returned by the
 * update itself) with its owner, write time and version replaced, one statement instead of
 * seven; projected in full when the feed holds none.
 */
export async function saveSheetOwner(
  tx: Tx,
  changes: ChangeSet,
  sheet: SheetRecord,
  owner: ContactRecord,
): Promise<SheetRow> {
  const [updated] = await tx
    .update(sheets)
    .set({ ownerContactId: owner.id, writeTime: nowIso(), version: sql`nextval('sync_version')` })
    .where(eq(sheets.id, sheet.id))
    .returning({
      companyId: sheets.companyId,
      writeTime: sheets.writeTime,
      version: sheets.version,
      stored: sql<string | null>`${storedTextSql('sheets', sheets.companyId, sheets.id)}`,
    })
    .prepare('sheet_owner_change_write')
    .execute();
  const stored = storedRowOf<'sheets'>(updated?.stored);
  if (!updated || !stored) return publishSheet(tx, changes, sheet.id);
  const row = sheetWithOwner(stored, updated, owner);
  changes.upsert('sheets', row, [row.company_id]);
  return row;
}

export async function publishSheet(tx: Tx, changes: ChangeSet, sheetId: number): Promise<SheetRow> {
  const row = await projectSheet(tx, sheetId);
  changes.upsert('sheets', row, [row.company_id]);
  return row;
}

/**
 * A brand enters a company's feed the first time one of its sheets names it. Its version is bumped
 * so the entry sorts after every cursor the company's clients already hold (an entry carrying the
 * brand's old version would be skipped by them).
 */
export async function shareBrandWith(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  brandId: number,
): Promise<void> {
  const [seen] = await tx
    .select({ version: syncChanges.version })
    .from(syncChanges)
    .where(
      and(
        eq(syncChanges.companyId, companyId),
        eq(syncChanges.tableName, 'brands'),
        eq(syncChanges.rowId, String(brandId)),
      ),
    )
    .limit(1);
  if (seen) return;
  await tx
    .update(brands)
    .set({ version: sql`nextval('sync_version')` })
    .where(eq(brands.id, brandId));
  const row = (await loadBrandRows(tx, [brandId])).get(brandId);
  if (row) changes.upsert('brands', row, [companyId]);
}

const DIGITS = 6;

/**
 * The next readable number of the day: prefix + yyyyMMdd (Asia/Shanghai) + a 6-digit sequence,
 * e.g. XJ20260115000001 for a sheet, PO20260115000001 for an order. Safe without a sequence
 * table because every writer holds the sync write lock (server/sync/write.ts), so two numbers of
 * one day are never computed at once.
 */
export async function nextNumber(tx: Tx, prefix: 'XJ' | 'PO', now = Date.now()): Promise<string> {
  const stem = `${prefix}${formatDate(now).replaceAll('-', '')}`;
  const column = prefix === 'XJ' ? sheets.name : orders.name;
  const table = prefix === 'XJ' ? sheets : orders;
  const [found] = await tx
    .select({ last: max(column) })
    .from(table)
    .where(and(like(column, `${stem}%`), eq(sql`length(${column})`, stem.length + DIGITS)));
  const last = found?.last ? Number(found.last.slice(stem.length)) : 0;
  return `${stem}${String(last + 1).padStart(DIGITS, '0')}`;
}
