// The detail pages' addresses (src/features/orders/detail/orderDetailSearch.ts, and the sheet
// page's in src/features/purchase/sheet/sheetSearch.ts): what a list row puts there reads back,
// and a bad value reads as absent instead of breaking the page.
import { describe, expect, it } from 'vitest';
import {
  orderDetailSearch,
  purchaseOrderDetailSearch,
} from '../../../src/features/orders/detail/orderDetailSearch';
import { sheetDetailSearch } from '../../../src/features/purchase/sheet/sheetSearch';

describe('order detail address', () => {
  it('reads what a list row carries', () => {
    expect(
      orderDetailSearch.parse({
        orderType: 'CANCELLED',
        id: '12',
        module: 'ORDER',
        index: '3',
        pageNumber: '1',
        filter: 'orderType=CANCELLED&filterSort=ASC',
      }),
    ).toEqual({
      orderType: 'CANCELLED',
      id: 12,
      module: 'ORDER',
      index: 3,
      pageNumber: 1,
      filter: 'orderType=CANCELLED&filterSort=ASC',
    });
  });

  it('a filter the router read as JSON comes back as its text', () => {
    const filter = { brand_name: 'SMC' };
    expect(orderDetailSearch.parse({ id: 1, filter }).filter).toBe(JSON.stringify(filter));
  });

  it.each([
    [{ id: 'x', index: '-1', pageNumber: '0', orderType: 'NOPE' }],
    [{ id: '0', index: '1.5', filter: '' }],
  ])('bad values read as absent: %j', (search) => {
    const { id, index, pageNumber, filter, orderType } = orderDetailSearch.parse(search);
    expect([id, index, pageNumber, filter]).toEqual([undefined, undefined, undefined, undefined]);
    expect(orderType).toBe('ALL');
  });

  it('under the purchase list the tab is `type`, ALL when unknown', () => {
    expect(purchaseOrderDetailSearch.parse({ id: '5', type: 'SIGNED' }).type).toBe('SIGNED');
    expect(purchaseOrderDetailSearch.parse({ id: '5', type: 'x' }).type).toBe('ALL');
  });
});

describe('sheet detail address', () => {
  it('a temporary (negative) id names a sheet made offline; 0 or none is the create form', () => {
    expect(sheetDetailSearch.parse({ id: '-3' }).id).toBe(-3);
    expect(sheetDetailSearch.parse({ id: '0' }).id).toBeUndefined();
    expect(sheetDetailSearch.parse({}).id).toBeUndefined();
  });

  it('keeps the list position like the order detail', () => {
    expect(
      sheetDetailSearch.parse({ id: '7', index: '50', pageNumber: '2', filter: 'a=b' }),
    ).toEqual({ id: 7, index: 50, pageNumber: 2, filter: 'a=b', sheetType: undefined });
  });
});
