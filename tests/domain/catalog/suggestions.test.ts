import { describe, expect, it } from 'vitest';
import {
  type LocalBrand,
  localBrandHits,
  productSuggestions,
  SEARCH_DEBOUNCE_MS,
  type SuggestionSheet,
} from '../../../src/domain/catalog/suggestions';

const logo = { url: '/brand-logos/x.svg' };
const brand = (id: number, name: string, over: Partial<LocalBrand> = {}): LocalBrand => ({
  id,
  name,
  state: 'EXIST',
  logo_file: logo,
  correct_brand: null,
  ...over,
});

describe('localBrandHits', () => {
  const brands = [
    brand(1, 'Schneider 施耐德'),
    brand(2, 'ABB'),
    brand(3, 'SMC'),
    brand(4, 'ABBOTT', { state: 'EXIST', correct_brand: { id: 2 } }),
    brand(5, 'XABB', { correct_brand: { id: 99 } }),
    brand(2, 'ABB'),
  ];

  it('needs two characters after trimming', () => {
    expect(localBrandHits(brands, ' a ')).toEqual([]);
  });

  it('exact, then prefix, then contains, case-insensitively, each brand once', () => {
    expect(localBrandHits(brands, 'abb').map((hit) => hit.id)).toEqual([2, 4, 5]);
    expect(localBrandHits(brands, '施耐德').map((hit) => hit.name)).toEqual(['Schneider 施耐德']);
  });

  it('names a correct brand the device holds, drops one it does not', () => {
    const [, abbott, xabb] = localBrandHits(brands, 'abb');
    expect(abbott?.correct_brand).toEqual({ id: 2, name: 'ABB' });
    expect(xabb?.correct_brand).toBeNull();
  });

  it('stops at the limit', () => {
    const many = Array.from({ length: 30 }, (_, i) => brand(i + 1, `Brand${i}`));
    expect(localBrandHits(many, 'brand')).toHaveLength(20);
    expect(localBrandHits(many, 'brand', 5)).toHaveLength(5);
  });
});

describe('productSuggestions', () => {
  const line = (
    productId: number | null,
    type: string | null,
    articleNo: string | null,
    state: string | null = 'EXIST',
  ) => ({
    product_id: productId,
    product_type: type,
    product_article_no: articleNo,
    short_description: `${type} desc`,
    product: { state },
  });
  const sheets: SuggestionSheet[] = [
    {
      brand: { id: 1, name: 'ABB' },
      brand_name: 'ABB',
      inquiry_product_list: [line(10, 'ACS580-01', '3AUA0001'), line(null, 'acs', 'FREE-1')],
    },
    {
      brand: { id: 2, name: 'SMC' },
      brand_name: 'SMC',
      inquiry_product_list: [line(20, 'CDQ2B', 'ACS-X', 'NONEXISTENT')],
    },
    {
      brand: { id: 1, name: 'ABB' },
      brand_name: 'ABB',
      inquiry_product_list: [line(10, 'ACS580-01', '3AUA0001'), line(11, 'XACS', null)],
    },
    { brand: null, brand_name: 'Neu', inquiry_product_list: [line(null, 'ACSNEW', null)] },
  ];

  it('matches the model field, exact first, each product once, of the chosen brand', () => {
    const found = productSuggestions(sheets, {
      typed: 'ACS',
      field: 'productType',
      brand: { id: 1, name: 'ABB' },
    });
    expect(found.map((p) => [p.id, p.product_type])).toEqual([
      [null, 'acs'],
      [10, 'ACS580-01'],
      [11, 'XACS'],
    ]);
  });

  it('matches the order number field and keeps the product state', () => {
    const found = productSuggestions(sheets, {
      typed: 'acs-',
      field: 'productArticleNo',
      brand: null,
    });
    expect(found).toEqual([
      {
        id: 20,
        product_type: 'CDQ2B',
        product_article_no: 'ACS-X',
        short_description: 'CDQ2B desc',
        state: 'NONEXISTENT',
      },
    ]);
  });

  it('a new brand (no server id) matches by name', () => {
    const found = productSuggestions(sheets, {
      typed: 'acsn',
      field: 'productType',
      brand: { id: -4, name: ' neu ' },
    });
    expect(found.map((p) => p.product_type)).toEqual(['ACSNEW']);
  });

  it('suggests nothing under two characters', () => {
    expect(productSuggestions(sheets, { typed: 'A', field: 'productType', brand: null })).toEqual(
      [],
    );
  });
});

describe('SEARCH_DEBOUNCE_MS', () => {
  it('is the spec\'s 100 ms (settings-messaging-shared §9 "Search debounce 100 ms")', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(100);
  });
});
