import { describe, expect, it } from 'vitest';
import {
  detailNeighbour,
  listQueryOfFilter,
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
      path: '/order/order/list',
      label: '待收货',
      search: { orderType: 'CARGO_RECEIVING', filters: '{"brand":"SMC"}', filterSort: 'ASC' },
    });
  });

  it('the detail address names the tab, whatever the filter says', () => {
    expect(originListLink(orderListOrigin('ALL', 'orderType=CANCELLED')).search.orderType).toBe(
      'ALL',
    );
  });

  it('goes to the purchase list tab for an order opened there', () => {
    expect(originListLink(purchaseListOrigin('SIGNED', ''))).toEqual({
      path: '/inquiry-quotation/list',
      label: '已签收',
      search: { sheetType: 'SIGNED' },
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
