import { describe, expect, it } from 'vitest';
import {
  detailNeighbour,
  detailNeighbours,
  listQueryOfFilter,
  neighbourWindow,
  orderListOrigin,
  originListLink,
  purchaseListOrigin,
} from '../../../src/domain/orders/detailPaging';

describe('listQueryOfFilter: the list state a row click carried', () => {
  it('reads the list query string, with or without ?', () => {
    for (const text of [
      'orderType=CANCELLED&filterSort=ASC&filterKey=create_time&pageSize=100',
      '?orderType=CANCELLED&filterSort=ASC&filterKey=create_time&pageSize=100',
    ]) {
      expect(listQueryOfFilter(text)).toEqual({
        orderType: 'CANCELLED',
        filters: {},
        filterSort: 'ASC',
        filterKey: 'create_time',
        pageNum: 1,
        pageSize: 100,
      });
    }
  });

  it('reads filters as URL-encoded JSON inside the query string', () => {
    const filters = encodeURIComponent(JSON.stringify({ brand: 'SMC', name: '' }));
    expect(listQueryOfFilter(`filters=${filters}`).filters).toEqual({ brand: 'SMC' });
  });

  it('reads a bare filters object, plain or percent-encoded', () => {
    const json = JSON.stringify({ state: [20, 30] });
    expect(listQueryOfFilter(json).filters).toEqual({ state: [20, 30] });
    expect(listQueryOfFilter(encodeURIComponent(json)).filters).toEqual({ state: [20, 30] });
  });

  it.each([[undefined], [null], [''], ['{not json'], ['%E0%A4%A']])(
    '%j reads as the list with its defaults',
    (filter) => {
      expect(listQueryOfFilter(filter)).toEqual({ filters: {}, pageNum: 1, pageSize: 50 });
    },
  );
});

describe('breadcrumb back to the list', () => {
  it('goes to the order list tab with its filters and sort as they were', () => {
    const origin = orderListOrigin(
      'CARGO_RECEIVING',
      'filterSort=ASC&filters=%7B%22brand%22%3A%22SMC%22%7D',
    );
    expect(originListLink(origin)).toEqual({
      href: `/order/order/list?orderType=CARGO_RECEIVING&filters=${encodeURIComponent('{"brand":"SMC"}')}&filterSort=ASC`,
      label: '待收货',
    });
  });

  it('the detail address names the tab, whatever the filter says', () => {
    expect(originListLink(orderListOrigin('ALL', 'orderType=CANCELLED')).href).toBe(
      '/order/order/list?orderType=ALL',
    );
  });

  it('goes to the purchase list tab for an order opened there', () => {
    expect(originListLink(purchaseListOrigin('SIGNED', ''))).toEqual({
      href: '/inquiry-quotation/list?sheetType=SIGNED',
      label: '已签收',
    });
  });
});

describe('detailNeighbour: previous/next keep index and pageNumber (page size 50)', () => {
  it.each([
    [0, 'previous', 10, null],
    [0, 'next', 10, { index: 1, pageNumber: 1 }],
    [49, 'next', 100, { index: 50, pageNumber: 2 }],
    [50, 'previous', 100, { index: 49, pageNumber: 1 }],
    [9, 'next', 10, null],
    [undefined, 'next', 10, null],
    [3, 'next', 0, null],
  ] as const)('index %j %s of %d → %j', (index, direction, total, expected) => {
    expect(detailNeighbour(index, direction, total)).toEqual(expected);
  });
});

describe('neighbourWindow: the rows read for both neighbours', () => {
  it.each([
    [0, { offset: 0, limit: 2 }],
    [1, { offset: 0, limit: 3 }],
    [49, { offset: 48, limit: 3 }],
    [50, { offset: 49, limit: 3 }],
  ])('index %d reads %j', (index, expected) => {
    expect(neighbourWindow(index)).toEqual(expected);
  });
});

describe('detailNeighbours: the addresses previous/next open', () => {
  const filter = 'sheetType=ALL&filterSort=ASC&filterKey=brand';
  /** Rows 48, 49 and 50 of a 60-row list, as read at neighbourWindow(49). */
  const window = {
    rows: [{ id: 148 }, { id: 149, orderId: 9049 }, { id: 150, orderId: 9050 }],
    total: 60,
  };

  it('on the order list: the order detail of the tab, with index, pageNumber and filter', () => {
    const origin = orderListOrigin('CARGO_RECEIVING', filter);
    expect(detailNeighbours(origin, 49, window, filter)).toEqual({
      previous: {
        path: '/order/order/detail',
        search: {
          id: 148,
          orderType: 'CARGO_RECEIVING',
          module: 'ORDER',
          index: 48,
          filter,
          pageNumber: 1,
        },
      },
      next: {
        path: '/order/order/detail',
        search: {
          id: 150,
          orderType: 'CARGO_RECEIVING',
          module: 'ORDER',
          index: 50,
          filter,
          pageNumber: 2,
        },
      },
    });
  });

  it('on the purchase list: what each row click opens (order detail for a sheet with an order)', () => {
    const origin = purchaseListOrigin('ALL', filter);
    const rows = [{ id: 148 }, { id: 149 }, { id: 150, orderId: 9050 }];
    expect(detailNeighbours(origin, 49, { rows, total: 60 }, filter)).toEqual({
      previous: {
        path: '/inquiry-quotation/detail',
        search: { id: 148, index: 48, filter, pageNumber: 1 },
      },
      next: {
        path: '/inquiry-quotation/order-detail',
        search: { id: 9050, type: 'ALL', module: 'ORDER', index: 50, filter, pageNumber: 2 },
      },
    });
  });

  it('the first row has no previous, the last no next', () => {
    const origin = orderListOrigin('ALL');
    const first = detailNeighbours(origin, 0, { rows: [{ id: 1 }, { id: 2 }], total: 2 }, '');
    expect(first.previous).toBeNull();
    expect(first.next?.search).toMatchObject({ id: 2, index: 1, pageNumber: 1 });
    const last = detailNeighbours(origin, 1, { rows: [{ id: 1 }, { id: 2 }], total: 2 }, '');
    expect(last.previous?.search).toMatchObject({ id: 1, index: 0 });
    expect(last.next).toBeNull();
  });

  it('nothing without an index, or when the list has shrunk under the row', () => {
    const origin = orderListOrigin('ALL');
    expect(detailNeighbours(origin, undefined, window, '')).toEqual({ previous: null, next: null });
    expect(detailNeighbours(origin, 5, { rows: [], total: 0 }, '')).toEqual({
      previous: null,
      next: null,
    });
  });
});
