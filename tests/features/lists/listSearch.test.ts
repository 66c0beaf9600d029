// The list routes' address (src/features/lists/listSearch.ts): what the router hands over (JSON-parsed
// values, or text) reads as the list's state, and a broken value is dropped, never an error.
import { describe, expect, it } from 'vitest';
import {
  listQueryOfSearch,
  orderListSearch,
  purchaseListSearch,
} from '../../../src/features/lists/listSearch';

describe('purchaseListSearch', () => {
  it('reads the router-parsed address of a sorted, filtered list', () => {
    const search = purchaseListSearch.parse({
      sheetType: 'SIGNED',
      filters: { brand_name: '西门子', owner: '', state_group: [] },
      filterSort: 'ASC',
      filterKey: 'brand',
      pageNum: 3,
      pageSize: 100,
    });
    expect(search).toEqual({
      sheetType: 'SIGNED',
      filters: { brand_name: '西门子' },
      filterSort: 'ASC',
      filterKey: 'brand',
      pageNum: 3,
      pageSize: 100,
    });
    expect(listQueryOfSearch(search)).toEqual({
      sheetType: 'SIGNED',
      filters: { brand_name: '西门子' },
      filterSort: 'ASC',
      filterKey: 'brand',
      pageNum: 3,
      pageSize: 100,
    });
  });

  it('reads filters still given as JSON text', () => {
    expect(
      purchaseListSearch.parse({ sheetType: 'ALL', filters: '{"name":"XJ"}' }).filters,
    ).toEqual({
      name: 'XJ',
    });
  });

  it('drops what it cannot read and falls back to the defaults', () => {
    const search = purchaseListSearch.parse({
      sheetType: 'NOPE',
      filters: 'not json',
      filterSort: 'sideways',
      pageNum: -2,
      pageSize: 30,
    });
    expect(search).toEqual({ sheetType: 'ALL' });
    expect(listQueryOfSearch(search)).toEqual({
      sheetType: 'ALL',
      filters: {},
      pageNum: 1,
      pageSize: 50,
    });
  });
});

describe('orderListSearch', () => {
  it('keeps the tab and reads numbers given as text', () => {
    const search = orderListSearch.parse({ orderType: 'CANCELLED', pageNum: '2', pageSize: '20' });
    expect(listQueryOfSearch(search)).toEqual({
      orderType: 'CANCELLED',
      filters: {},
      pageNum: 2,
      pageSize: 20,
    });
  });
});
