// Shapes of the server's brand and product search answers (docs/api.md §10), checked on arrival.
import { z } from 'zod';

export const BRAND_SEARCH_PATH = '/api/v7/search/brands';
export const PRODUCT_SEARCH_PATH = '/api/v7/search/products';

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
