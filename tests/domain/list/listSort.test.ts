import { describe, expect, it } from 'vitest';
import type { ListQuery } from '../../../src/domain/list/listQuery';
import {
  headerSort,
  nextSortQuery,
  ORDER_LIST_COLUMNS,
  ORDER_SORT_KEY_OF_COLUMN,
  orderListSort,
  SHEET_SORT_KEY_OF_COLUMN,
  sheetListSort,
  sheetSortKeys,
} from '../../../src/domain/list/listSort';
import { ORDER_SORT_KEYS } from '../../../src/domain/orders/orderTabs';
import {
  isSortableColumn,
  SHEET_LIST_TYPE_INFO,
  SHEET_LIST_TYPES,
} from '../../../src/domain/purchase/listTypes';

const base: ListQuery = { filters: {}, pageNum: 1, pageSize: 50 };

describe('sort keys of the headers', () => {
  it.each(SHEET_LIST_TYPES)('every sortable column of %s has a key, the index none', (type) => {
    const { columns } = SHEET_LIST_TYPE_INFO[type];
    const sortable = columns.filter(isSortableColumn);
    expect(sheetSortKeys(type)).toEqual(
      sortable.map((c) => SHEET_SORT_KEY_OF_COLUMN[c as keyof typeof SHEET_SORT_KEY_OF_COLUMN]),
    );
    expect(sortable).not.toContain('index');
  });

  it('the order table adds its columns only where it shows them', () => {
    expect(sheetSortKeys('INQUIRY')).not.toContain('taxed_amount');
    expect(sheetSortKeys('CARGO_RECEIVING')).toContain('forecast_receive_date');
    expect(sheetSortKeys('SIGNED')).toEqual(
      expect.arrayContaining(['payment_state', 'invoice_state', 'sign_time']),
    );
    expect(sheetSortKeys('ALL')).not.toContain('sign_time');
  });

  it('the order list sorts by exactly the six keys of §2.5', () => {
    expect(Object.values(ORDER_SORT_KEY_OF_COLUMN).sort()).toEqual([...ORDER_SORT_KEYS].sort());
    for (const column of Object.keys(ORDER_SORT_KEY_OF_COLUMN)) {
      expect(ORDER_LIST_COLUMNS).toContain(column);
    }
  });
});

describe('the sort an address asks for', () => {
  it('defaults to creation time, newest first', () => {
    expect(sheetListSort(base, 'ALL')).toEqual({ key: 'create_time', direction: 'desc' });
    expect(orderListSort(base)).toEqual({ key: 'create_time', direction: 'desc' });
  });

  it('reads a key of the tab and its direction', () => {
    expect(sheetListSort({ ...base, filterKey: 'owner', filterSort: 'ASC' }, 'ALL')).toEqual({
      key: 'owner',
      direction: 'asc',
    });
    expect(orderListSort({ ...base, filterKey: 'write_time', filterSort: 'DESC' })).toEqual({
      key: 'write_time',
      direction: 'desc',
    });
  });

  it('a key the tab has no column for sorts by the default key in the asked direction', () => {
    expect(sheetListSort({ ...base, filterKey: 'sign_time', filterSort: 'ASC' }, 'ALL')).toEqual({
      key: 'create_time',
      direction: 'asc',
    });
    expect(sheetListSort({ ...base, filterKey: 'taxed_amount' }, 'INQUIRY').key).toBe(
      'create_time',
    );
    expect(orderListSort({ ...base, filterKey: 'owner' }).key).toBe('create_time');
  });
});

describe('clicking a header', () => {
  it('cycles ascending, descending, then the default, back on page 1', () => {
    const deep = { ...base, pageNum: 4, sheetType: 'ALL', filters: { name: 'XJ' } };
    const asc = nextSortQuery(deep, 'brand');
    expect(asc).toEqual({ ...deep, pageNum: 1, filterKey: 'brand', filterSort: 'ASC' });
    expect(headerSort(asc, 'brand')).toBe('asc');
    expect(headerSort(asc, 'owner')).toBeNull();
    const desc = nextSortQuery(asc, 'brand');
    expect(desc).toEqual({ ...deep, pageNum: 1, filterKey: 'brand', filterSort: 'DESC' });
    expect(headerSort(desc, 'brand')).toBe('desc');
    const cleared = nextSortQuery(desc, 'brand');
    expect(cleared).toEqual({ ...deep, pageNum: 1 });
    expect(headerSort(cleared, 'brand')).toBeNull();
  });

  it('another header starts ascending', () => {
    const byBrand = { ...base, filterKey: 'brand', filterSort: 'DESC' as const };
    expect(nextSortQuery(byBrand, 'owner')).toMatchObject({
      filterKey: 'owner',
      filterSort: 'ASC',
    });
  });

  it('a direction without a key belongs to the default key', () => {
    expect(headerSort({ ...base, filterSort: 'ASC' }, 'create_time')).toBe('asc');
  });
});
