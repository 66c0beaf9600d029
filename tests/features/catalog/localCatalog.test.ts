import '../../data/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandRow, SheetLine } from '../../../src/contract/feedRows';
import type { PurchasingDb } from '../../../src/data/db';
import { applyRows } from '../../../src/data/writes';
import { productSuggestions } from '../../../src/domain/catalog/suggestions';
import { readLocalCatalog, recentSheets } from '../../../src/features/catalog/localCatalog';
import { at, freshDb, sheet } from '../../data/rows';

const brandRow = (id: number, name: string): BrandRow => ({
  id,
  name,
  url_path: null,
  is_published: true,
  logo_file: { url: `/brand-logos/${id}.svg` },
  state: 'EXIST',
  comment: null,
  correct_brand: null,
  country: null,
  grade: null,
  agency_type: null,
  version: id,
});

const line = (id: number, productId: number | null, type: string): SheetLine => ({
  id,
  product_id: productId,
  product_type: type,
  product_article_no: null,
  short_description: null,
  qty: 1,
  attachments: [],
  quote_state: null,
  shipment_period: null,
  product: { state: 'EXIST', validity_end_date: null, quote_comment: null, url_path: null },
});

let db: PurchasingDb;

beforeAll(async () => {
  db = freshDb('local-catalog');
  await db.open();
  await applyRows(db, 1, 'brands', [brandRow(1, 'ABB'), brandRow(2, 'SMC')]);
  await applyRows(db, 2, 'brands', [brandRow(3, 'Other company brand')]);
  const brandOnSheet = { ...brandRow(9, 'Festo'), url_path: null };
  await applyRows(db, 1, 'sheets', [
    sheet(1, { create_time: at(1), inquiry_product_list: [line(1, 10, 'OLD-1')] }),
    sheet(2, {
      create_time: at(3),
      brand: brandOnSheet,
      inquiry_product_list: [line(2, 11, 'NEW-1')],
    }),
    sheet(3, { create_time: at(2), inquiry_product_list: [line(3, 12, 'MID-1')] }),
  ]);
  await applyRows(db, 2, 'sheets', [
    sheet(4, { company_id: 2, create_time: at(9), inquiry_product_list: [line(4, 13, 'FOREIGN')] }),
  ]);
});

afterAll(() => db.delete());

describe('recentSheets', () => {
  it("reads the company's newest sheets first, never another company's", async () => {
    expect((await recentSheets(db, 1)).map((s) => s.id)).toEqual([2, 3, 1]);
    expect((await recentSheets(db, 1, 2)).map((s) => s.id)).toEqual([2, 3]);
    expect((await recentSheets(db, 2)).map((s) => s.id)).toEqual([4]);
  });
});

describe('readLocalCatalog', () => {
  it("holds the company's synced brands and the brands named on its sheets", async () => {
    const catalog = await readLocalCatalog(db, 1);
    expect(catalog.brands.map((brand) => brand.name).sort()).toEqual(['ABB', 'Festo', 'SMC']);
    expect(catalog.sheets).toHaveLength(3);
  });

  it('feeds the product suggestions of that company only', async () => {
    const catalog = await readLocalCatalog(db, 1);
    const found = productSuggestions(catalog.sheets, {
      typed: '-1',
      field: 'productType',
      brand: null,
    });
    expect(found.map((p) => p.product_type)).toEqual(['NEW-1', 'MID-1', 'OLD-1']);
  });
});
