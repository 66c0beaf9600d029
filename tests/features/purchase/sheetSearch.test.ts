// The order link and redirect of the sheet page (src/features/purchase/sheet/sheetSearch.ts,
// purchasing-core §2.3 "redirected to /inquiry-quotation/order-detail?id="): the order opens in
// the purchase list the sheet came from, so its breadcrumb and paging stay in that list, and the
// address reads back through the order-detail route's own schema.
import { describe, expect, it } from 'vitest';
import { purchaseOrderDetailSearch } from '../../../src/features/orders/detail/orderDetailSearch';
import { orderDetailHref, originListType } from '../../../src/features/purchase/sheet/sheetSearch';

function searchOf(href: string): Record<string, string> {
  const url = new URL(href, 'http://app');
  expect(url.pathname).toBe('/inquiry-quotation/order-detail');
  return Object.fromEntries(url.searchParams);
}

describe('orderDetailHref', () => {
  it('keeps the list, the position and its state', () => {
    const filter = 'sheetType=CARGO_RECEIVING&filterKey=name&filterSort=ASC';
    const href = orderDetailHref(77, {
      id: 5,
      sheetType: 'CARGO_RECEIVING',
      index: 3,
      pageNumber: 1,
      filter,
    });
    expect(searchOf(href)).toEqual({
      id: '77',
      type: 'CARGO_RECEIVING',
      module: 'ORDER',
      index: '3',
      pageNumber: '1',
      filter,
    });
    expect(purchaseOrderDetailSearch.parse(searchOf(href))).toEqual({
      id: 77,
      type: 'CARGO_RECEIVING',
      module: 'ORDER',
      index: 3,
      pageNumber: 1,
      filter,
    });
  });

  it('takes the list from the filter when the address names no sheetType', () => {
    const href = orderDetailHref(8, { id: 8, filter: 'sheetType=SIGNED' });
    expect(searchOf(href)).toEqual({
      id: '8',
      type: 'SIGNED',
      module: 'ORDER',
      filter: 'sheetType=SIGNED',
    });
  });

  it('opened by its id alone, the order is in the purchase list ALL, with no paging', () => {
    expect(orderDetailHref(9, { id: 9 })).toBe(
      '/inquiry-quotation/order-detail?id=9&type=ALL&module=ORDER',
    );
  });
});

describe('originListType', () => {
  it.each([
    ['REPLIED', undefined, 'REPLIED'],
    [undefined, 'sheetType=INQUIRY&filterKey=name', 'INQUIRY'],
    [undefined, 'sheetType=NOT_A_TYPE', 'ALL'],
    [undefined, undefined, 'ALL'],
  ] as const)('%s / %s → %s', (sheetType, filter, expected) => {
    expect(originListType(sheetType, filter)).toBe(expected);
  });
});
