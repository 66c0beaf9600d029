// Previous/next of a detail page (src/features/orders/detail/neighbourAddresses.ts) against the
// list it was opened from, read as the list screen reads it: with a quick-search filter and a sort
// other than the default, every row's neighbours are the rows beside it in that list — not in the
// unfiltered one —, with index, pageNumber (pages of 50) and the list's state in their address,
// and a purchase-list neighbour that became an order opens the order detail.
import '../../data/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchasingDb } from '../../../src/data/db';
import { orderListWindow } from '../../../src/data/lists/orderListQuery';
import { sheetListWindow } from '../../../src/data/lists/sheetListQuery';
import { applyRows } from '../../../src/data/writes';
import { parseListQuery, toSearchString } from '../../../src/domain/list/listQuery';
import { orderListOrigin, purchaseListOrigin } from '../../../src/domain/orders/detailPaging';
import { neighbourAddresses } from '../../../src/features/orders/detail/neighbourAddresses';
import { at, freshDb, order, sheet } from '../../data/rows';

const TZ = 'Asia/Shanghai';
const COUNT = 130;
/** Two brands in three rows match; amounts repeat so the sort has ties (broken by id). */
const brandOf = (id: number) => (id % 3 === 0 ? '西门子' : 'ABB 中国');
const amountOf = (id: number) => (id * 37) % 11;

let db: PurchasingDb;
beforeAll(async () => {
  db = freshDb('neighbours');
  await db.open();
  const sheets = Array.from({ length: COUNT }, (_, n) => {
    const id = n + 1;
    const base = sheet(id, { brand_name: brandOf(id), state: 'QUOTATION_SENT' });
    return {
      ...base,
      supplier_node: { ...base.supplier_node, taxed_amount: amountOf(id) },
      order: id % 4 === 0 ? { id: 5000 + id, name: `PO${id}` } : null,
    };
  });
  const orders = Array.from({ length: COUNT }, (_, n) => {
    const id = n + 1;
    const base = order(id, { brand_name: brandOf(id), state: 20, create_time: at(id) });
    return { ...base, supplier_node: { ...base.supplier_node, taxed_amount: amountOf(id) } };
  });
  await applyRows(db, 1, 'sheets', sheets);
  await applyRows(db, 1, 'orders', orders);
});
afterAll(async () => {
  await db.delete({ disableAutoOpen: true });
});

function read(address: string | null) {
  if (address === null) return null;
  const url = new URL(address, 'http://app');
  const param = (key: string) => url.searchParams.get(key);
  return {
    path: url.pathname,
    id: Number(param('id')),
    index: Number(param('index')),
    pageNumber: Number(param('pageNumber')),
    filter: param('filter'),
  };
}

const pageOf = (index: number) => Math.floor(index / 50) + 1;

describe('a filtered, sorted purchase list', () => {
  const filter = toSearchString(
    parseListQuery({
      sheetType: 'ALL',
      filters: JSON.stringify({ brand_name: 'abb' }),
      filterKey: 'taxed_amount',
      filterSort: 'ASC',
    }),
  ).slice(1);
  const origin = purchaseListOrigin('ALL', filter);

  it('every row pages to the rows beside it in that list', async () => {
    const list = await sheetListWindow(db, {
      companyId: 1,
      listType: 'ALL',
      query: origin.query,
      timeZone: TZ,
      offset: 0,
      limit: COUNT,
    });
    const rows = list.rows.map(({ sheet }) => sheet);
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.every((s) => s.brand_name === 'ABB 中国')).toBe(true);
    const where = { companyId: 1, timeZone: TZ, origin, filter };
    for (const [index, row] of rows.entries()) {
      const found = await neighbourAddresses(db, where, index);
      for (const [address, at] of [
        [found.previous, index - 1],
        [found.next, index + 1],
      ] as const) {
        const beside = rows[at];
        if (!beside) {
          expect(address, `row ${index} (${row.id}) at the end`).toBeNull();
          continue;
        }
        expect(read(address), `row ${index} (${row.id})`).toEqual(
          beside.order
            ? {
                path: '/inquiry-quotation/order-detail',
                id: beside.order.id,
                index: at,
                pageNumber: pageOf(at),
                filter,
              }
            : {
                path: '/inquiry-quotation/detail',
                id: beside.id,
                index: at,
                pageNumber: pageOf(at),
                filter,
              },
        );
      }
    }
  });

  it('a detail whose address named the list by type only keeps that list for its neighbours', async () => {
    const bare = purchaseListOrigin('INQUIRY', '');
    const where = { companyId: 1, timeZone: TZ, origin: bare, filter: '' };
    // No quoted sheet is in INQUIRY: nothing beside row 0.
    expect(await neighbourAddresses(db, where, 0)).toEqual({ previous: null, next: null });
    const replied = { ...where, origin: purchaseListOrigin('REPLIED', '') };
    expect(read((await neighbourAddresses(db, replied, 0)).next)?.filter).toBe('sheetType=REPLIED');
  });
});

describe('a filtered, sorted order list', () => {
  const filter =
    'orderType=ALL&filters=%7B%22brand_name%22%3A%22ABB%22%7D&filterSort=DESC&filterKey=supplier_taxed_amount';
  const origin = orderListOrigin('ALL', filter);

  it('every row pages to the rows beside it in that list', async () => {
    const list = await orderListWindow(db, {
      companyId: 1,
      tab: 'ALL',
      query: origin.query,
      timeZone: TZ,
      offset: 0,
      limit: COUNT,
    });
    const ids = list.rows.map((o) => o.id);
    expect(ids.length).toBeGreaterThan(50);
    // Not the default order (newest first): the sort of the address applies.
    expect(ids).not.toEqual([...ids].sort((a, b) => b - a));
    const where = { companyId: 1, timeZone: TZ, origin, filter };
    for (const index of ids.keys()) {
      const found = await neighbourAddresses(db, where, index);
      const expected = (at: number) => {
        const id = ids[at];
        return id === undefined
          ? null
          : { path: '/order/order/detail', id, index: at, pageNumber: pageOf(at), filter };
      };
      expect(read(found.previous), `row ${index}`).toEqual(expected(index - 1));
      expect(read(found.next), `row ${index}`).toEqual(expected(index + 1));
    }
  });
});
