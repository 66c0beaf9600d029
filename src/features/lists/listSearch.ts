// Search parameters of the list routes, validated when the URL is read (CONVENTIONS 7): an unknown
// list type falls back to the spec's default and a broken value is dropped, never an error page.
// The router reads JSON-looking values as JSON and writes the validated values back into the
// address, so each keeps its natural type (filters an object, page numbers numbers): the address
// then reads `filters=%7B…%7D&pageNum=2`, as the spec's lists write it.
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  type Filters,
  isPageSize,
  type ListQuery,
  parseFilters,
  SORT_ORDERS,
} from '../../domain/list/listQuery';
import { DEFAULT_ORDER_TAB, ORDER_TABS } from '../../domain/orders/orderTabs';
import { DEFAULT_SHEET_LIST_TYPE, SHEET_LIST_TYPES } from '../../domain/purchase/listTypes';

/**
 * The filters object as the router parsed it (or JSON text, if it could not), cleaned of empty
 * values; left out when empty. It stays an object so the router writes it back as JSON.
 */
const filtersParam = z
  .unknown()
  .optional()
  .transform((value): Filters | undefined => {
    const filters = parseFilters(typeof value === 'string' ? value : JSON.stringify(value ?? ''));
    return Object.keys(filters).length > 0 ? filters : undefined;
  });

const listParams = {
  filters: filtersParam,
  filterSort: z.enum(SORT_ORDERS).optional().catch(undefined),
  filterKey: z.string().min(1).optional().catch(undefined),
  pageNum: z.coerce.number().int().min(FIRST_PAGE).optional().catch(undefined),
  pageSize: z.coerce
    .number()
    .refine((size) => isPageSize(size))
    .optional()
    .catch(undefined),
};

export const purchaseListSearch = z.object({
  sheetType: z.enum(SHEET_LIST_TYPES).catch(DEFAULT_SHEET_LIST_TYPE),
  ...listParams,
});

export const orderListSearch = z.object({
  orderType: z.enum(ORDER_TABS).catch(DEFAULT_ORDER_TAB),
  ...listParams,
});

export type ListSearch = z.infer<typeof purchaseListSearch> | z.infer<typeof orderListSearch>;

/** The list's state from its validated address; what is absent takes its default. */
export function listQueryOfSearch(search: ListSearch): ListQuery {
  const { filters, filterSort, filterKey, pageNum, pageSize } = search;
  return {
    ...('sheetType' in search ? { sheetType: search.sheetType } : { orderType: search.orderType }),
    filters: filters ?? {},
    ...(filterSort === undefined ? {} : { filterSort }),
    ...(filterKey === undefined ? {} : { filterKey }),
    pageNum: pageNum ?? FIRST_PAGE,
    pageSize: isPageSize(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}
