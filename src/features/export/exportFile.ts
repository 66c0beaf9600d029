// A list's or an order's export, made from the device's database only (it works offline; the
// export worker runs it off the main thread, exportWorker.ts): the list is read in windows through
// the very queries the screen uses, with its filters and sort, so the file holds the rows the
// screen shows, in its order; a window's rows become typed cells at once and are dropped, so 100k
// rows never sit in memory as rows. Progress is reported per window.
import type { PurchasingDb } from '../../data/db';
import type { StoredOrder } from '../../data/derive';
import type { ListWindow } from '../../data/lists/listStreams';
import { orderListWindow } from '../../data/lists/orderListQuery';
import { type SheetListRow, sheetListWindow } from '../../data/lists/sheetListQuery';
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

/** Rows read per window: a few ms of IndexedDB each, and progress the user can see move. */
export const EXPORT_WINDOW = 1000;

interface RowSource<R> {
  read(offset: number, limit: number): Promise<ListWindow<R>>;
  idOf(row: R): number;
}

/**
 * Every row of a list, window after window, as cells. The sync may write between two windows: a
 * row already taken is not taken twice, and the walk ends at the first short window.
 */
async function listCells<R>(
  source: RowSource<R>,
  columns: readonly ExportColumn<R>[],
  onProgress: ExportProgress,
): Promise<ExportCell[][]> {
  const rows: ExportCell[][] = [];
  const taken = new Set<number>();
  for (let offset = 0; ; offset += EXPORT_WINDOW) {
    const window = await source.read(offset, EXPORT_WINDOW);
    for (const row of window.rows) {
      const id = source.idOf(row);
      if (taken.has(id)) continue;
      taken.add(id);
      rows.push(rowCells(columns, row, rows.length));
    }
    onProgress(rows.length, Math.max(window.total, rows.length));
    if (window.rows.length < EXPORT_WINDOW) return rows;
  }
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
        read: (offset, limit) =>
          orderListWindow(db, { companyId, tab, query, timeZone, offset, limit }),
        idOf: (order) => order.id,
      };
      return tableOf(sheet, columns, await listCells(source, columns, onProgress));
    }
    case 'sheets': {
      const { listType, query } = request;
      const columns = purchaseExportColumns(listType, timeZone);
      const source: RowSource<SheetListRow> = {
        read: (offset, limit) =>
          sheetListWindow(db, { companyId, listType, query, timeZone, offset, limit }),
        idOf: (row) => row.sheet.id,
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
