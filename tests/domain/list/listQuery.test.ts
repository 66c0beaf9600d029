import { describe, expect, it } from 'vitest';
import {
  cleanFilters,
  type ListQuery,
  PAGE_SIZES,
  parseFilters,
  parseListQuery,
  resetListQuery,
  serializeListQuery,
  toSearchString,
  withPageNum,
} from '../../../src/domain/list/listQuery';

const defaults: ListQuery = { filters: {}, pageNum: 1, pageSize: 50 };

describe('parseListQuery', () => {
  it('reads an empty address as the defaults', () => {
    expect(parseListQuery({})).toEqual(defaults);
  });

  it('reads every parameter', () => {
    expect(
      parseListQuery({
        sheetType: 'SIGNED',
        filters: '{"brand":"ABB","state":["SIGNED"]}',
        filterSort: 'DESC',
        filterKey: 'create_time',
        pageNum: '3',
        pageSize: '100',
      }),
    ).toEqual({
      sheetType: 'SIGNED',
      filters: { brand: 'ABB', state: ['SIGNED'] },
      filterSort: 'DESC',
      filterKey: 'create_time',
      pageNum: 3,
      pageSize: 100,
    });
  });

  it('keeps orderType and partnerType', () => {
    expect(parseListQuery({ orderType: 'ALL', partnerType: 'SUPPLIER' })).toEqual({
      ...defaults,
      orderType: 'ALL',
      partnerType: 'SUPPLIER',
    });
  });

  it.each(PAGE_SIZES)('accepts page size %s', (size) => {
    expect(parseListQuery({ pageSize: String(size) }).pageSize).toBe(size);
  });

  it.each(['10', '30', '1000', '0', '-50', '50.5', 'abc', '', ' '])(
    'falls back to 50 for page size %j',
    (size) => {
      expect(parseListQuery({ pageSize: size }).pageSize).toBe(50);
    },
  );

  it.each([
    ['1', 1],
    ['2', 2],
    ['007', 7],
    ['0', 1],
    ['-1', 1],
    ['1.5', 1],
    ['x', 1],
    ['', 1],
    ['99999999999999999999', 1],
  ])('reads page number %j as %s', (raw, expected) => {
    expect(parseListQuery({ pageNum: raw }).pageNum).toBe(expected);
  });

  it.each([
    ['ASC', 'ASC'],
    ['DESC', 'DESC'],
    ['desc', 'DESC'],
    ['UP', undefined],
    ['', undefined],
  ])('reads filterSort %j as %j', (raw, expected) => {
    expect(parseListQuery({ filterSort: raw }).filterSort).toBe(expected);
  });

  it('drops empty type parameters and filter key', () => {
    expect(parseListQuery({ sheetType: '', orderType: ' ', filterKey: '' })).toEqual(defaults);
  });
});

describe('parseFilters', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['%7B%22a%22%3A1%7D', { a: 1 }],
    ['%257B%2522a%2522%253A1%257D', {}],
    ['{"a":"50%"}', { a: '50%' }],
    [
      '{"a":"","b":null,"c":[],"d":0,"e":false,"f":[""],"g":{}}',
      { d: 0, e: false, f: [''], g: {} },
    ],
    ['[1,2]', {}],
    ['"text"', {}],
    ['null', {}],
    ['{bad json', {}],
    ['%E0%A4%A', {}],
    ['', {}],
    [undefined, {}],
  ])('%j → %j', (raw, expected) => {
    expect(parseFilters(raw)).toEqual(expected);
  });
});

describe('cleanFilters', () => {
  it('drops empty strings, null, undefined and empty arrays, and keeps the rest', () => {
    expect(
      cleanFilters({ a: '', b: null, c: undefined, d: [], e: 'x', f: 0, g: false, h: [1], i: ' ' }),
    ).toEqual({
      e: 'x',
      f: 0,
      g: false,
      h: [1],
      i: ' ',
    });
  });
});

describe('serializeListQuery', () => {
  it('omits defaults and empty values', () => {
    expect(serializeListQuery({ ...defaults, sheetType: 'ALL' })).toEqual({ sheetType: 'ALL' });
  });

  it('writes every set parameter, filters as JSON without empty values', () => {
    const query: ListQuery = {
      orderType: 'CARGO_RECEIVING',
      filters: { brand: 'ABB', name: '', state: [], owner: null, ids: [1, 2] },
      filterSort: 'ASC',
      filterKey: 'write_time',
      pageNum: 2,
      pageSize: 200,
    };
    expect(serializeListQuery(query)).toEqual({
      orderType: 'CARGO_RECEIVING',
      filters: '{"brand":"ABB","ids":[1,2]}',
      filterSort: 'ASC',
      filterKey: 'write_time',
      pageNum: '2',
      pageSize: '200',
    });
  });

  it('leaves filters out when all of them are empty', () => {
    expect(serializeListQuery({ ...defaults, filters: { a: '', b: [] } })).toEqual({});
  });

  it('round-trips through parse', () => {
    const query: ListQuery = {
      sheetType: 'REPLIED',
      filters: { brand: '西门子 & Co', range: ['2024-01-01', '2024-02-01'] },
      filterSort: 'DESC',
      filterKey: 'state_change_time',
      pageNum: 4,
      pageSize: 20,
    };
    expect(parseListQuery(serializeListQuery(query))).toEqual(query);
  });
});

describe('toSearchString', () => {
  it('percent-encodes the filters JSON', () => {
    expect(toSearchString({ ...defaults, sheetType: 'ALL', filters: { a: 'b c' } })).toBe(
      '?sheetType=ALL&filters=%7B%22a%22%3A%22b%20c%22%7D',
    );
  });

  it('is empty when nothing is set', () => {
    expect(toSearchString(defaults)).toBe('');
  });

  it('can be read back from the raw (still encoded) parameter', () => {
    const query: ListQuery = { ...defaults, sheetType: 'ALL', filters: { brand: 'A&B=%' } };
    const raw = Object.fromEntries(
      toSearchString(query)
        .slice(1)
        .split('&')
        .map((pair) => pair.split('=') as [string, string]),
    );
    expect(parseListQuery(raw)).toEqual(query);
  });
});

describe('resetListQuery', () => {
  it('keeps only sheetType, orderType and partnerType', () => {
    const reset = resetListQuery({
      sheetType: 'SIGNED',
      orderType: 'ALL',
      partnerType: 'SUPPLIER',
      filters: { brand: 'ABB' },
      filterSort: 'ASC',
      filterKey: 'name',
      pageNum: 9,
      pageSize: 500,
    });
    expect(reset).toEqual({
      ...defaults,
      sheetType: 'SIGNED',
      orderType: 'ALL',
      partnerType: 'SUPPLIER',
    });
    expect(serializeListQuery(reset)).toEqual({
      sheetType: 'SIGNED',
      orderType: 'ALL',
      partnerType: 'SUPPLIER',
    });
  });
});

describe('withPageNum', () => {
  it('replaces pageNum and keeps every other parameter as written', () => {
    const filters = `filters=${encodeURIComponent('{"name":"XJ"}')}`;
    expect(withPageNum(`?sheetType=ALL&${filters}&pageNum=2`, 3)).toBe(
      `?sheetType=ALL&${filters}&pageNum=3`,
    );
    expect(withPageNum('?sheetType=ALL', 2)).toBe('?sheetType=ALL&pageNum=2');
  });

  it('leaves out the first page', () => {
    expect(withPageNum('?orderType=ALL&pageNum=4', 1)).toBe('?orderType=ALL');
    expect(withPageNum('?pageNum=4', 1)).toBe('');
  });
});
