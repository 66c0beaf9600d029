// A list's or an order's export, made from the device's database only (it works offline; the
// export worker runs it off the main thread, exportWorker.ts): the list's ids come from the plan
// the screen's window query uses (the same tab, filters and sort), so the file holds the rows the
// screen shows, in its order; the rows are then read by id in batches, each batch becoming typed
// cells at once, so 100k rows never sit in memory as rows. Progress is reported per batch.
import type { PurchasingDb } from '../../data/db';
import type { StoredOrder } from '../../data/derive';
import { orderListIds, orderListRowsOf } from '../../data/lists/orderListQuery';
import { type SheetListRow, sheetListIds, sheetListRowsOf } from '../../data/lists/sheetListQuery';
import { CSV_TYPE, csvText } from '../../domain/export/csv';
import {
  type ExportCell,
  type ExportColumn,
  type ExportTable,
  rowCells,
  tableOf,
} from '../../domain/export/exportTable';
import type { ListQuery } from '../../domain/list/listQuery';
import type { OrderTab } from '../../domain/orders/orderTabs';
import type { SheetListType } from '../../domain/purchase/listTypes';
import { orderExportColumns, orderLineExportColumns, purchaseExportColumns } from './exportColumns';
import { XLSX_TYPE, xlsxBlob } from './xlsx';

export type ExportFormat = 'xlsx' | 'csv';

interface Common {
  /** The tab's database (PurchasingDb.name). */
  database: string;
  companyId: number;
  timeZone: string;
  format: ExportFormat;
  /** The file's name without its extension, and the workbook's sheet. */
  fileName: string;
  sheet: string;
}

/** What is exported: a list's tab with the screen's filters and sort, or an order's lines. */
export type ExportTarget =
  | { kind: 'orders'; tab: OrderTab; query: ListQuery }
  | { kind: 'sheets'; listType: SheetListType; query: ListQuery }
  | { kind: 'orderLines'; orderId: number };

export type ExportRequest = Common & ExportTarget;

export type ExportProgress = (done: number, total: number) => void;

export interface ExportResult {
  file: File;
  rows: number;
}

/** Rows read per batch: a few ms of IndexedDB each, and progress the user can see move. */
export const EXPORT_WINDOW = 1000;

interface RowSource<R> {
  /** Every id of the list, in its order (index keys only). */
  ids(): Promise<number[]>;
  /** The rows of these ids, in their order; those deleted since are left out. */
  rows(ids: readonly number[]): Promise<R[]>;
}

/**
 * Every row of a list as cells: its ids first, in order, then the rows by id, batch after batch.
 * A sync writing meanwhile cannot repeat or reorder a row; a row it deletes is left out, a row it
 * changes is exported as it is now.
 */
async function listCells<R>(
  source: RowSource<R>,
  columns: readonly ExportColumn<R>[],
  onProgress: ExportProgress,
): Promise<ExportCell[][]> {
  const ids = await source.ids();
  onProgress(0, ids.length);
  const cells: ExportCell[][] = [];
  for (let start = 0; start < ids.length; start += EXPORT_WINDOW) {
    for (const row of await source.rows(ids.slice(start, start + EXPORT_WINDOW))) {
      cells.push(rowCells(columns, row, cells.length));
    }
    onProgress(Math.min(start + EXPORT_WINDOW, ids.length), ids.length);
  }
  return cells;
}

async function exportTable(
  db: PurchasingDb,
  request: ExportRequest,
  onProgress: ExportProgress,
): Promise<ExportTable> {
  const { companyId, timeZone, sheet } = request;
  switch (request.kind) {
    case 'orders': {
      const { tab, query } = request;
      const columns = orderExportColumns(timeZone);
      const source: RowSource<StoredOrder> = {
        ids: () => orderListIds(db, { companyId, tab, query, timeZone }),
        rows: (ids) => orderListRowsOf(db, companyId, ids),
      };
      return tableOf(sheet, columns, await listCells(source, columns, onProgress));
    }
    case 'sheets': {
      const { listType, query } = request;
      const columns = purchaseExportColumns(listType, timeZone);
      const source: RowSource<SheetListRow> = {
        ids: () => sheetListIds(db, { companyId, listType, query, timeZone }),
        rows: (ids) => sheetListRowsOf(db, companyId, listType, ids),
      };
      return tableOf(sheet, columns, await listCells(source, columns, onProgress));
    }
    case 'orderLines': {
      const order = await db.orders.get([companyId, request.orderId]);
      if (!order) throw new Error(`order ${request.orderId} is not on this device`);
      const columns = orderLineExportColumns(order.supplier_order_node.order_node_price.currency);
      const lines = order.order_product_list;
      onProgress(lines.length, lines.length);
      return tableOf(
        sheet,
        columns,
        lines.map((line, index) => rowCells(columns, line, index)),
      );
    }
  }
}

/** The request's file, made from `db`. */
export async function exportFile(
  db: PurchasingDb,
  request: ExportRequest,
  onProgress: ExportProgress,
): Promise<ExportResult> {
  const table = await exportTable(db, request, onProgress);
  const blob =
    request.format === 'xlsx' ? xlsxBlob(table) : new Blob([csvText(table)], { type: CSV_TYPE });
  const type = request.format === 'xlsx' ? XLSX_TYPE : CSV_TYPE;
  const file = new File([blob], `${request.fileName}.${request.format}`, { type });
  return { file, rows: table.rows.length };
}
