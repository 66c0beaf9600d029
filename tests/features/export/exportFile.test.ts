// The export (src/features/export/exportFile.ts) against the screen's own window query: the file,
// read back by a real .xlsx reader (read-excel-file) or split as CSV, holds the rows the list
// shows, in its order, under the screen's headers, with typed amounts and wall-clock times; a
// sync writing between two windows neither repeats nor drops a row that stays in the list.
import '../../data/rows';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow, SheetRow } from '../../../src/contract/feedRows';
import type { PurchasingDb } from '../../../src/data/db';
import { orderListWindow } from '../../../src/data/lists/orderListQuery';
import { sheetListWindow } from '../../../src/data/lists/sheetListQuery';
import { applyRows } from '../../../src/data/writes';
import { CSV_BOM } from '../../../src/domain/export/csv';
import { formatDateTime } from '../../../src/domain/format/date';
import type { ListQuery } from '../../../src/domain/list/listQuery';
import { ORDER_COLUMN_LABELS } from '../../../src/domain/list/listText';
import {
  EXPORT_WINDOW,
  type ExportRequest,
  exportFile,
} from '../../../src/features/export/exportFile';
import { at, freshDb, order, sheet } from '../../data/rows';

const TZ = 'Asia/Shanghai';
const ORDERS = EXPORT_WINDOW * 2 + 345;
const BRANDS = ['西门子', 'Festo 费斯托', 'ABB'];
const CURRENCIES = ['CNY', 'EUR', null];

let db: PurchasingDb;

function orderRow(id: number): OrderRow {
  return order(id, {
    brand_name: BRANDS[id % 3] ?? null,
    supplier_node: {
      inbound_state: null,
      invoice_state: null,
      // Some amounts absent (待确认), some equal (ties broken by id).
      taxed_amount: id % 7 === 0 ? null : (id % 50) * 100.25,
      currency: CURRENCIES[id % 3] ?? null,
    },
    create_time: at(id * 3),
    write_time: at(id * 3 + 1),
  });
}

const common = {
  database: 'unused',
  companyId: 1,
  timeZone: TZ,
  fileName: '订单-全部',
  sheet: '订单 全部',
};

async function xlsxRows(request: ExportRequest, progress: number[][] = []) {
  const { file, rows } = await exportFile(db, request, (done, total) =>
    progress.push([done, total]),
  );
  const data = await readSheet(Buffer.from(await file.arrayBuffer()));
  return { file, rows, data };
}

beforeAll(async () => {
  db = freshDb('export');
  await applyRows(
    db,
    1,
    'orders',
    Array.from({ length: ORDERS }, (_, i) => orderRow(i + 1)),
  );
  const sheets: SheetRow[] = Array.from({ length: 30 }, (_, i) =>
    sheet(i + 1, {
      name: i === 0 ? '=cmd|calc' : `XJ${i + 1}`,
      state: i % 2 ? 'DRAFT' : 'INQUIRY',
      create_time: at(i),
    }),
  );
  await applyRows(db, 1, 'sheets', sheets);
});

afterAll(() => db.close());

describe('the order list to Excel', () => {
  it('holds the rows of the screen, filtered and sorted, in its order', async () => {
    const query: ListQuery = {
      filters: { brand_name: '费斯托' },
      filterKey: 'supplier_taxed_amount',
      filterSort: 'DESC',
      pageNum: 1,
      pageSize: 50,
    };
    const screen = await orderListWindow(db, {
      companyId: 1,
      tab: 'ALL',
      query,
      timeZone: TZ,
      offset: 0,
      limit: ORDERS,
    });
    const progress: number[][] = [];
    const { file, rows, data } = await xlsxRows(
      { ...common, kind: 'orders', tab: 'ALL', query, format: 'xlsx' },
      progress,
    );
    expect(file.name).toBe('订单-全部.xlsx');
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(rows).toBe(screen.total);
    expect(screen.total).toBeGreaterThan(EXPORT_WINDOW / 3);
    const [headers, ...body] = data;
    expect(headers).toEqual([
      ORDER_COLUMN_LABELS.brand,
      ORDER_COLUMN_LABELS.orderNumber,
      ORDER_COLUMN_LABELS.forecastReceiveDate,
      ORDER_COLUMN_LABELS.state,
      '状态变更时间',
      ORDER_COLUMN_LABELS.paymentState,
      ORDER_COLUMN_LABELS.invoiceState,
      ORDER_COLUMN_LABELS.amount,
      ORDER_COLUMN_LABELS.createTime,
      ORDER_COLUMN_LABELS.writeTime,
    ]);
    expect(body.map((row) => row[1])).toEqual(screen.rows.map((o) => o.name));
    // Amounts are numbers (empty where the screen says 待确认), in the screen's order.
    expect(body.map((row) => row[7] ?? null)).toEqual(
      screen.rows.map((o) => o.supplier_node.taxed_amount),
    );
    // A time is the wall-clock reading in the user's timezone.
    const created = body[0]?.[8];
    expect(created).toBeInstanceOf(Date);
    const first = screen.rows[0];
    expect((created as unknown as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(
      formatDateTime(first?.create_time, TZ),
    );
    expect(progress.at(-1)).toEqual([screen.total, screen.total]);
  });

  it('repeats no row and keeps the order when a sync writes during the export', async () => {
    const query: ListQuery = { filters: {}, pageNum: 1, pageSize: 50 };
    const before = await orderListWindow(db, {
      companyId: 1,
      tab: 'ALL',
      query,
      timeZone: TZ,
      offset: 0,
      limit: ORDERS * 2,
    });
    const last = before.rows.at(-1);
    let wrote = false;
    const { file } = await exportFile(
      db,
      { ...common, kind: 'orders', tab: 'ALL', query, format: 'csv' },
      (done) => {
        if (wrote || done === 0) return;
        wrote = true;
        // After the first batch: a new order at the top (it would push every later window down
        // by one row) and a brand change of the last one.
        void applyRows(db, 1, 'orders', [
          { ...orderRow(ORDERS + 1), create_time: at(1e7) },
          ...(last ? [{ ...last, brand_name: '后改品牌', version: last.version + 1 }] : []),
        ]);
      },
    );
    const lines = (await file.text()).split('\r\n').filter(Boolean).slice(1);
    const numbers = lines.map((line) => line.split(',')[1]);
    expect(numbers).toEqual(before.rows.map((o) => o.name));
    // The row is exported as it is when its batch is read.
    expect(lines.at(-1)?.split(',')[0]).toBe('后改品牌');
  });
});

describe('the purchase list to CSV', () => {
  it('has a BOM, the tab of the screen, and a formula shown as text', async () => {
    const query: ListQuery = { filters: {}, pageNum: 1, pageSize: 50 };
    const screen = await sheetListWindow(db, {
      companyId: 1,
      listType: 'ALL',
      query,
      timeZone: TZ,
      offset: 0,
      limit: 100,
    });
    const { file, rows } = await exportFile(
      db,
      { ...common, kind: 'sheets', listType: 'ALL', query, format: 'csv' },
      () => {},
    );
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(rows).toBe(30);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]?.split(',').slice(0, 2)).toEqual(['序号', '采购单号']);
    const names = lines.slice(1).map((line) => line.split(',')[1]);
    expect(names).toEqual(
      screen.rows.map(({ sheet }) => (sheet.name.startsWith('=') ? `'${sheet.name}` : sheet.name)),
    );
  });
});

describe("an order's lines", () => {
  it('are the product table, prices without sign', async () => {
    await applyRows(db, 1, 'orders', [
      order(9001, {
        order_product_list: [1, 2].map((n) => ({
          id: n,
          qty: n * 2,
          deleted: n === 2,
          product: {
            id: n,
            product_type: `6ES7-${n}`,
            product_article_no: `A-${n}`,
            short_description: '参数',
            url_path: null,
            tariff: null,
          },
          supplier_order_node_line: { taxed_price_unit: -12.5 * n, taxed_amount: -25 * n * n },
        })),
      }),
    ]);
    const { data } = await xlsxRows({
      ...common,
      kind: 'orderLines',
      orderId: 9001,
      format: 'xlsx',
    });
    expect(data).toEqual([
      ['序号', '型号', '订货号', '参数', '数量', '含税单价', '含税总价', '备注'],
      [1, '6ES7-1', 'A-1', '参数', 2, 12.5, 25, null],
      [2, '6ES7-2', 'A-2', '参数', 4, 25, 100, '已删除，不计入单据'],
    ]);
  });

  it('fails when the device has no such order', async () => {
    await expect(
      exportFile(db, { ...common, kind: 'orderLines', orderId: 424242, format: 'csv' }, () => {}),
    ).rejects.toThrow(/not on this device/);
  });
});
