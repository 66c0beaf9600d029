import { describe, expect, it } from 'vitest';
import { brandSiteUrl, productPageUrl } from '../../../src/domain/catalog/publicLinks';

const SITE = 'https://www.example.com/';

describe('brandSiteUrl', () => {
  it.each([
    [{ url_path: '/brands/abb', is_published: true }, 'https://www.example.com/brands/abb'],
    [{ url_path: 'brands/abb', is_published: true }, 'https://www.example.com/brands/abb'],
    [{ url_path: '/brands/abb' }, 'https://www.example.com/brands/abb'],
    [{ url_path: '/brands/abb', is_published: false }, null],
    [{ url_path: '  ', is_published: true }, null],
    [{ url_path: null, is_published: true }, null],
    [null, null],
  ])('%j → %j', (brand, expected) => {
    expect(brandSiteUrl(SITE, brand)).toBe(expected);
  });
});

describe('productPageUrl', () => {
  it.each([
    ['/brands/abb/products/acs580', 'https://www.example.com/brands/abb/products/acs580'],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (path, expected) => {
    expect(productPageUrl('https://www.example.com', path)).toBe(expected);
  });
});
