import { describe, expect, it } from 'vitest';
import {
  type BrandHit,
  brandChoice,
  brandOptions,
  brandSearchTerm,
  nextTemporaryBrandId,
  productChoice,
  productDisplayName,
} from '../../../src/domain/catalog/choice';

describe('brandSearchTerm', () => {
  it.each([
    ['', null],
    ['A', null],
    ['  A  ', null],
    ['AB', 'AB'],
    ['  ABB ', 'ABB'],
    ['西门', '西门'],
  ])('%j → %j', (text, expected) => {
    expect(brandSearchTerm(text)).toBe(expected);
  });
});

describe('brandOptions', () => {
  const logo = { url: 'https://cdn.example/logo.png' };
  const abb: BrandHit = { id: 1, name: 'ABB', state: 'EXIST', logo_file: logo };
  const abbott: BrandHit = { id: 2, name: 'ABBOTT', state: 'NONEXISTENT', logo_file: logo };
  const noLogo: BrandHit = { id: 3, name: 'ABBA', state: 'EXIST', logo_file: null };
  const emptyLogo: BrandHit = { id: 4, name: 'ABBE', state: 'EXIST', logo_file: { url: '' } };
  const unchecked: BrandHit = { id: 5, name: 'ABBX', state: 'UNSPECIFIED', logo_file: logo };

  it('lists only hits with a logo and a state other than UNSPECIFIED, then the new brand', () => {
    expect(brandOptions([abb, abbott, noLogo, emptyLogo, unchecked], 'AB', -1)).toEqual([
      { kind: 'existing', id: 1, name: 'ABB', brand: abb },
      { kind: 'existing', id: 2, name: 'ABBOTT', brand: abbott },
      { kind: 'new', id: -1, name: 'AB' },
    ]);
  });

  it('offers no new brand when a listed hit has exactly the typed (trimmed) name', () => {
    expect(brandOptions([abb, abbott], '  ABB ', -1)).toEqual([
      { kind: 'existing', id: 1, name: 'ABB', brand: abb },
      { kind: 'existing', id: 2, name: 'ABBOTT', brand: abbott },
    ]);
  });

  it('still offers the new brand when only the case differs', () => {
    expect(brandOptions([abb], 'abb', -7).at(-1)).toEqual({ kind: 'new', id: -7, name: 'abb' });
  });

  it('still offers the new brand when the exact match is not listable', () => {
    expect(brandOptions([noLogo], 'ABBA', -2)).toEqual([{ kind: 'new', id: -2, name: 'ABBA' }]);
  });

  it('offers nothing below 2 characters', () => {
    expect(brandOptions([abb], ' A ', -1)).toEqual([]);
  });
});

describe('nextTemporaryBrandId', () => {
  it.each([
    [[], -1],
    [[5, 9], -1],
    [[-1], -2],
    [[3, -4, -2], -5],
  ])('with ids %j in use → %s', (ids, expected) => {
    expect(nextTemporaryBrandId(ids)).toBe(expected);
  });

  it('stays negative and unique when used repeatedly', () => {
    const used: number[] = [12];
    for (let i = 0; i < 5; i += 1) used.push(nextTemporaryBrandId(used));
    expect(used.slice(1)).toEqual([-1, -2, -3, -4, -5]);
  });
});

describe('brandChoice', () => {
  const correct = { id: 8, name: 'Siemens' };

  it.each([
    ['NONEXISTENT', null, { kind: 'refuse', message: '该品牌是错误品牌，请重新选择品牌' }],
    ['NONEXISTENT', correct, { kind: 'refuse', message: '该品牌是错误品牌，请重新选择品牌' }],
    [
      'EXIST',
      correct,
      {
        kind: 'confirmReplace',
        message: '该品牌存在正确品牌「Siemens」，确定后将替换为正确品牌',
        replacement: correct,
      },
    ],
    ['EXIST', null, { kind: 'accept' }],
    ['EXIST', undefined, { kind: 'accept' }],
    ['UNSPECIFIED', correct, { kind: 'accept' }],
    [null, null, { kind: 'accept' }],
  ] as const)('state %s with correct brand %j → %j', (state, correct_brand, expected) => {
    expect(brandChoice({ state, correct_brand })).toEqual(expected);
  });
});

describe('productChoice', () => {
  const correct = { id: 21, product_type: '6ES7214', product_article_no: '6ES7 214-1AG40' };

  it.each([
    ['NONEXISTENT', null, { kind: 'refuse', message: '该产品是错误产品，请重新选择产品' }],
    [
      'EXIST',
      correct,
      {
        kind: 'confirmReplace',
        message: '该产品存在正确产品「6ES7214 / 6ES7 214-1AG40」，确定后将替换为正确产品',
        replacement: correct,
      },
    ],
    ['EXIST', null, { kind: 'accept' }],
    [undefined, undefined, { kind: 'accept' }],
  ] as const)('state %s with correct product %j → %j', (state, correct_product, expected) => {
    expect(productChoice({ state, correct_product })).toEqual(expected);
  });

  it.each([
    [{ product_type: 'A1', product_article_no: 'B2' }, 'A1 / B2'],
    [{ product_type: 'A1', product_article_no: null }, 'A1'],
    [{ product_type: ' ', product_article_no: 'B2' }, 'B2'],
    [{}, ''],
  ])('productDisplayName(%j) → %j', (product, expected) => {
    expect(productDisplayName(product)).toBe(expected);
  });
});
