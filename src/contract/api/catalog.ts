// The brand and product searches of the sheet editor (docs/api.md §10): answers checked on
// arrival. They go to the search host when config.json names one (settings-messaging-shared §7).
import { z } from 'zod';
import { route } from './route';

const brandHitSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: z.string().nullable(),
  logo_file: z.object({ url: z.string() }).nullable(),
  url_path: z.string().nullable(),
  is_published: z.boolean().nullable(),
  correct_brand: z.object({ id: z.number(), name: z.string() }).nullable(),
});

const productHitSchema = z.object({
  id: z.number(),
  product_type: z.string().nullable(),
  product_article_no: z.string().nullable(),
  short_description: z.string().nullable(),
  state: z.string().nullable(),
  url_path: z.string().nullable(),
  correct_product: z
    .object({
      id: z.number(),
      product_type: z.string().nullable(),
      product_article_no: z.string().nullable(),
    })
    .nullable(),
});

export type ProductHit = z.infer<typeof productHitSchema>;

export const brandSearchAnswer = z.object({ items: z.array(brandHitSchema) });
export const productSearchAnswer = z.object({ items: z.array(productHitSchema) });

/** One of the two typed fields, optionally within a brand and limited to some states. */
export type ProductSearchQuery = {
  productType?: string;
  productArticleNo?: string;
  typeArticleNo?: string;
  brandId?: number;
  stateList?: readonly string[];
};

export const CATALOG_ROUTES = {
  brandSearch: route<{ query: { name: string } }>()({
    method: 'GET',
    path: () => '/api/v7/search/brands',
    answer: brandSearchAnswer,
  }),
  productSearch: route<{ query: ProductSearchQuery }>()({
    method: 'GET',
    path: () => '/api/v7/search/products',
    answer: productSearchAnswer,
  }),
};
