import { describe, expect, it } from 'vitest';
import {
  clampPage,
  DETAIL_PAGE_SIZE,
  detailPagingSearch,
  firstRowOfPage,
  listCountText,
  neighbourPosition,
  nextPageToLoad,
  pageCount,
  pageOfRow,
  positionOf,
  shouldLoadMore,
  tableHeight,
} from '../../../src/domain/list/paging';

describe('shouldLoadMore', () => {
  // [scrollTop, clientHeight, scrollHeight, loaded, total, expected]
  it.each([
    [900, 500, 1500, 50, 120, true], // 100 px left: exactly the threshold
    [899, 500, 1500, 50, 120, false], // 101 px left
    [1000, 500, 1500, 50, 120, true], // at the bottom
    [0, 500, 1500, 50, 120, false], // at the top
    [1000, 500, 1500, 120, 120, false], // everything loaded
    [1000, 500, 1500, 130, 120, false], // more loaded than the server counts
    [0, 800, 600, 0, 10, true], // content shorter than the viewport
    [0, 800, 600, 0, 0, false], // empty list
  ])(
    'top %s, viewport %s, content %s, %s of %s loaded → %s',
    (top, client, height, loaded, total, expected) => {
      expect(shouldLoadMore(top, client, height, loaded, total)).toBe(expected);
    },
  );
});

describe('nextPageToLoad', () => {
  it.each([
    [0, 50, 1],
    [50, 50, 2],
    [100, 50, 3],
    [20, 20, 2],
    [45, 50, 1],
  ])('%s loaded in pages of %s → page %s', (loaded, size, expected) => {
    expect(nextPageToLoad(loaded, size)).toBe(expected);
  });
});

describe('tableHeight', () => {
  it.each([
    [1080, 780],
    [900, 600],
    [300, 0],
    [200, 0],
  ])('window %s → %s', (windowHeight, expected) => {
    expect(tableHeight(windowHeight)).toBe(expected);
  });
});

describe('listCountText', () => {
  it.each([
    [120, 50, '共 120 条，当前 50 条'],
    [0, 0, '共 0 条，当前 0 条'],
  ])('%s total, %s loaded → %s', (total, loaded, expected) => {
    expect(listCountText(total, loaded)).toBe(expected);
  });
});

describe('detail paging (pages of 50)', () => {
  it('uses a page size of 50', () => {
    expect(DETAIL_PAGE_SIZE).toBe(50);
  });

  it.each([
    [0, 1, 0],
    [49, 1, 49],
    [50, 2, 0],
    [120, 3, 20],
  ])('row %s is on page %s at %s', (index, pageNumber, indexInPage) => {
    expect(positionOf(index)).toEqual({ index, pageNumber, indexInPage });
  });

  // [index, direction, total, neighbour or null]
  it.each([
    [5, 'next', 100, { index: 6, pageNumber: 1, indexInPage: 6 }],
    [5, 'previous', 100, { index: 4, pageNumber: 1, indexInPage: 4 }],
    [49, 'next', 100, { index: 50, pageNumber: 2, indexInPage: 0 }],
    [50, 'previous', 100, { index: 49, pageNumber: 1, indexInPage: 49 }],
    [0, 'previous', 100, null],
    [99, 'next', 100, null],
    [98, 'next', 100, { index: 99, pageNumber: 2, indexInPage: 49 }],
    [0, 'next', 1, null],
    [0, 'next', 0, null],
  ] as const)('from %s, %s in %s rows → %j', (index, direction, total, expected) => {
    expect(neighbourPosition(index, direction, total)).toEqual(expected);
  });

  it('honours another page size', () => {
    expect(neighbourPosition(19, 'next', 100, 20)).toEqual({
      index: 20,
      pageNumber: 2,
      indexInPage: 0,
    });
  });

  it('keeps index, id and pageNumber for the address', () => {
    expect(detailPagingSearch(77, positionOf(50))).toEqual({ id: 77, index: 50, pageNumber: 2 });
  });
});

describe('the pager', () => {
  it.each([
    [0, 50, 1], // an empty list has its one (empty) page
    [1, 50, 1],
    [50, 50, 1],
    [51, 50, 2],
    [120, 20, 6],
    [100_000, 500, 200],
  ])('%s rows in pages of %s → %s pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });

  it.each([
    [3, 120, 50, 3],
    ['3', 120, 50, 3],
    [4, 120, 50, 3], // beyond the last page: the last page
    [999, 120, 50, 3],
    ['1e999', 120, 50, 3],
    [0, 120, 50, 1], // below the first: the first
    [-5, 120, 50, 1],
    [2.7, 120, 50, 2],
    [7, 0, 50, 1], // an empty list: its one page
  ] as const)(
    'a jump to %s of %s rows in pages of %s lands on page %s',
    (page, total, size, to) => {
      expect(clampPage(page, total, size)).toBe(to);
    },
  );

  it('an empty or non-numeric jump goes nowhere', () => {
    expect(clampPage('', 120, 50)).toBeNull();
    expect(clampPage('  ', 120, 50)).toBeNull();
    expect(clampPage('abc', 120, 50)).toBeNull();
    expect(clampPage(Number.NaN, 120, 50)).toBeNull();
  });

  it('a page starts at its first row, and a row sits on its page', () => {
    expect(firstRowOfPage(1, 50)).toBe(0);
    expect(firstRowOfPage(3, 50)).toBe(100);
    expect(firstRowOfPage(3, 20)).toBe(40);
    expect(firstRowOfPage(0, 20)).toBe(0);
    expect(pageOfRow(0, 50)).toBe(1);
    expect(pageOfRow(49, 50)).toBe(1);
    expect(pageOfRow(50, 50)).toBe(2);
    expect(pageOfRow(100, 50)).toBe(3);
    expect(pageOfRow(firstRowOfPage(7, 20), 20)).toBe(7);
  });
});
