// Brands and products of the supplier's catalogue (search, sheet lines, order lines).
import { sql } from 'drizzle-orm';
import { boolean, date, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref } from './columns';
import { syncVersion } from './sync';

export const brands = pgTable(
  'brands',
  {
    id: id(),
    name: text('name').notNull(),
    country: text('country'),
    /** EXIST, NONEXISTENT or UNSPECIFIED. */
    state: text('state').notNull().default('EXIST'),
    grade: text('grade').notNull().default('OFFICIAL'),
    agencyType: text('agency_type'),
    comment: text('comment'),
    logoUrl: text('logo_url'),
    /** Path of the brand on the public website (`/brands/siemens`). */
    urlPath: text('url_path'),
    isPublished: boolean('is_published').notNull().default(true),
    correctBrandId: ref('correct_brand_id'),
    /**
     * The company whose typed name created this brand; null for the supplier's own brands. Such a
     * brand is that company's alone until the supplier publishes it (clears this column).
     */
    createdByCompanyId: ref('created_by_company_id'),
    version: syncVersion(),
  },
  (t) => [uniqueIndex('brands_name_key').on(sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    brandId: ref('brand_id')
      .notNull()
      .references(() => brands.id),
    productType: text('product_type').notNull(),
    productArticleNo: text('product_article_no').notNull(),
    shortDescription: text('short_description'),
    /** Catalogue state (EXIST / NONEXISTENT) as search results show it. */
    state: text('state').notNull().default('EXIST'),
    /** Audit state used by the product search's stateList (TYPE_ARTICLE_NO_AUDITED, ORDER ...). */
    auditState: text('audit_state').notNull().default('TYPE_ARTICLE_NO_AUDITED'),
    correctProductId: ref('correct_product_id'),
    urlPath: text('url_path'),
    tariff: numeric('tariff', { precision: 6, scale: 4 }),
    /** A 3C (CCC) certified product: quoted as CCC and refused when ordering. */
    isCcc: boolean('is_ccc').notNull().default(false),
    customsName: text('customs_name'),
    hsCode: text('hs_code'),
    validityEndDate: date('validity_end_date'),
  },
  (t) => [
    index('products_brand_idx').on(t.brandId),
    index('products_type_idx').on(sql`lower(${t.productType})`),
    index('products_article_idx').on(sql`lower(${t.productArticleNo})`),
  ],
);

export const banks = pgTable('banks', {
  id: id(),
  name: text('name').notNull(),
});

export const hsCodes = pgTable('hs_codes', {
  id: id(),
  code: text('code').notNull(),
  country: text('country').notNull(),
  description: text('description'),
});

export const customsNames = pgTable('customs_names', {
  id: id(),
  chineseName: text('chinese_name').notNull(),
  name: text('name').notNull(),
});
