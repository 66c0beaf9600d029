// Brand and product search (purchasing-core §5): the server applies the same rules the app's
// inputs do (trimmed, 2+ characters, no Chinese in model/order numbers, brands only with a logo
// and a checked state, products only in the searchable audit states), so a client that skips
// them still gets the domain's message. Exact matches come first, then prefixes.
import { and, asc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { productDisplayName } from '../../src/domain/catalog/choice';
import { PRODUCT_SEARCH_STATES } from '../../src/domain/catalog/productLabels';
import { meetsSearchMinimum } from '../../src/domain/format/text';
import {
  PRODUCT_ENTRY_MESSAGES,
  type ProductEntryForm,
} from '../../src/domain/messages/purchasing';
import { productSearchCheck } from '../../src/domain/purchase/validation';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { brands, products } from '../db/schema/index';
import { containsPattern, prefixPattern } from '../db/searchText';
import { badRequest } from '../http/httpError';
import { answer } from '../http/replies';
import { brandVisibleTo } from '../purchasing/sheetInput';

const LIMIT = 20;

/** Ours: the spec words the two-character minimum for products only. */
export const BRAND_SEARCH_TOO_SHORT = '品牌最少输入两个字符';

const companyIdProperty = { currentCompanyId: { type: 'string', pattern: '^\\d{1,15}$' } };

/** 0 for an exact (case-insensitive) match, 1 for a prefix, 2 for anything else. */
function rank(column: Parameters<typeof ilike>[0], term: string): SQL {
  return sql`case when lower(${column}) = lower(${term}) then 0 when ${column} ilike ${prefixPattern(term)} then 1 else 2 end`;
}

type ProductQuery = {
  productType?: string;
  typeArticleNo?: string;
  productArticleNo?: string;
  brandId?: number;
  stateList?: string[];
};

/** The typed text of a product search and the form whose messages it gets. */
function productTerm(query: ProductQuery): {
  term: string;
  form: ProductEntryForm;
  key: keyof ProductQuery;
} {
  const keys = ['typeArticleNo', 'productType', 'productArticleNo'] as const;
  for (const key of keys) {
    const value = query[key];
    if (value !== undefined && value.trim() !== '') {
      return {
        term: value.trim(),
        form: key === 'typeArticleNo' ? 'typeArticleNo' : 'product',
        key,
      };
    }
  }
  throw badRequest(PRODUCT_ENTRY_MESSAGES.product.TOO_SHORT);
}

export function registerCatalogSearch(
  app: FastifyInstance,
  { database }: Pick<AppContext, 'database'>,
) {
  const { db } = database;
  const correct = alias(brands, 'correct_brand');

  app.get<{ Querystring: { name: string } }>(
    '/api/v7/search/brands',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['name'],
          properties: { ...companyIdProperty, name: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request) => {
      const { membership } = requireMembership(request);
      if (!meetsSearchMinimum(request.query.name)) throw badRequest(BRAND_SEARCH_TOO_SHORT);
      const term = request.query.name.trim();
      const rows = await db
        .select({ brand: brands, correct: { id: correct.id, name: correct.name } })
        .from(brands)
        .leftJoin(correct, eq(correct.id, brands.correctBrandId))
        .where(
          and(
            ilike(brands.name, containsPattern(term)),
            isNotNull(brands.logoUrl),
            ne(brands.logoUrl, ''),
            ne(brands.state, 'UNSPECIFIED'),
            // Another company's typed brand is not listed, even once it has a logo (L8).
            brandVisibleTo(membership.companyId),
          ),
        )
        .orderBy(rank(brands.name, term), asc(brands.name), asc(brands.id))
        .limit(LIMIT);
      const hits = rows.map(({ brand, correct: right }) => ({
        id: brand.id,
        name: brand.name,
        country: brand.country,
        state: brand.state,
        grade: brand.grade,
        url_path: brand.urlPath,
        is_published: brand.isPublished,
        logo_file: brand.logoUrl ? { url: brand.logoUrl } : null,
        correct_brand: right?.id ? { id: right.id, name: right.name } : null,
        related_brand_list: [],
        agency_type: brand.agencyType,
        comment: brand.comment,
      }));
      return answer(R.brandSearch, { items: hits, total: hits.length });
    },
  );

  app.get<{ Querystring: ProductQuery }>(
    '/api/v7/search/products',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...companyIdProperty,
            productType: { type: 'string', maxLength: 100 },
            typeArticleNo: { type: 'string', maxLength: 100 },
            productArticleNo: { type: 'string', maxLength: 100 },
            brandId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            stateList: {
              type: 'array',
              maxItems: PRODUCT_SEARCH_STATES.length,
              items: { type: 'string', enum: [...PRODUCT_SEARCH_STATES] },
            },
          },
        },
      },
    },
    async (request) => {
      requireMembership(request);
      const { term, form, key } = productTerm(request.query);
      const check = productSearchCheck(term, form);
      if (!check.search) throw badRequest(check.message);
      const pattern = containsPattern(term);
      const match =
        key === 'productType'
          ? ilike(products.productType, pattern)
          : key === 'productArticleNo'
            ? ilike(products.productArticleNo, pattern)
            : or(ilike(products.productType, pattern), ilike(products.productArticleNo, pattern));
      const rankColumn =
        key === 'productArticleNo' ? products.productArticleNo : products.productType;
      const states = request.query.stateList?.length
        ? request.query.stateList
        : [...PRODUCT_SEARCH_STATES];
      const correctProduct = alias(products, 'correct_product');
      const rows = await db
        .select({
          product: products,
          brand: { id: brands.id, name: brands.name },
          correct: {
            id: correctProduct.id,
            productType: correctProduct.productType,
            productArticleNo: correctProduct.productArticleNo,
          },
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(correctProduct, eq(correctProduct.id, products.correctProductId))
        .where(
          and(
            match,
            inArray(products.auditState, states),
            request.query.brandId === undefined
              ? undefined
              : eq(products.brandId, request.query.brandId),
          ),
        )
        .orderBy(rank(rankColumn, term), asc(products.productType), asc(products.id))
        .limit(LIMIT);
      const hits = rows.map(({ product, brand, correct: right }) => ({
        id: product.id,
        product_type: product.productType,
        product_article_no: product.productArticleNo,
        type_article_no: productDisplayName({
          product_type: product.productType,
          product_article_no: product.productArticleNo,
        }),
        short_description: product.shortDescription,
        state: product.state,
        url_path: product.urlPath,
        correct_product: right?.id
          ? {
              id: right.id,
              product_type: right.productType,
              product_article_no: right.productArticleNo,
            }
          : null,
        brand,
      }));
      return answer(R.productSearch, { items: hits, total: hits.length });
    },
  );
}
