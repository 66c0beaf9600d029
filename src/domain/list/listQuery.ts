// The list state kept in the address, shared by the purchase list and the order list
// (purchasing-core §2.2, §2.5, §5 "Search filters"; settings-messaging-shared §2 "Detail and list
// paging", §9). Reading never throws: a hand-edited or stale URL falls back to defaults.

export const PAGE_SIZES = [20, 50, 100, 200, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;
export const FIRST_PAGE = 1;

export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The parameters that name the list itself; reset keeps only these. */
export const LIST_TYPE_PARAMS = ['sheetType', 'orderType', 'partnerType'] as const;
export type ListTypeParam = (typeof LIST_TYPE_PARAMS)[number];

/** A JSON value as it may sit in the filters object. */
export type FilterValue =
  | string
  | number
  | boolean
  | null
  | readonly FilterValue[]
  | { readonly [key: string]: FilterValue };

export type Filters = Readonly<Record<string, FilterValue>>;

export interface ListQuery {
  sheetType?: string;
  orderType?: string;
  partnerType?: string;
  filters: Filters;
  filterSort?: SortOrder;
  filterKey?: string;
  pageNum: number;
  pageSize: PageSize;
}

export function isPageSize(value: unknown): value is PageSize {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);
}

/** Empty filter values are dropped so they never reach the query string or the server. */
function isEmptyFilterValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Drops empty strings, null, undefined and empty arrays at the top level of the filters. */
export function cleanFilters(filters: Readonly<Record<string, FilterValue | undefined>>): Filters {
  const clean: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && !isEmptyFilterValue(value)) clean[key] = value;
  }
  return clean;
}

function isPlainObject(value: unknown): value is Record<string, FilterValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tryParseObject(text: string): Record<string, FilterValue> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The filters parameter: JSON text as the router hands it over, or still percent-encoded when
 * read from a raw query string. Anything that is not a JSON object reads as no filters.
 */
export function parseFilters(raw: string | undefined): Filters {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed = tryParseObject(raw);
  if (parsed === null) {
    try {
      parsed = tryParseObject(decodeURIComponent(raw));
    } catch {
      parsed = null;
    }
  }
  return parsed === null ? {} : cleanFilters(parsed);
}

function nonEmpty(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

function parsePositiveInt(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) && number >= 1 ? number : null;
}

export function parseListQuery(params: Readonly<Record<string, string | undefined>>): ListQuery {
  const query: ListQuery = {
    filters: parseFilters(params.filters),
    pageNum: parsePositiveInt(params.pageNum) ?? FIRST_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  for (const key of LIST_TYPE_PARAMS) {
    const value = nonEmpty(params[key]);
    if (value !== undefined) query[key] = value;
  }
  const pageSize = parsePositiveInt(params.pageSize);
  if (isPageSize(pageSize)) query.pageSize = pageSize;
  const sort = params.filterSort?.trim().toUpperCase();
  if (sort === 'ASC' || sort === 'DESC') query.filterSort = sort;
  const filterKey = nonEmpty(params.filterKey);
  if (filterKey !== undefined) query.filterKey = filterKey;
  return query;
}

/**
 * The query as address parameters, in a fixed order. Empty values are left out, and so are the
 * first page and the default page size, so a reset list's address names only its type.
 * `filters` is JSON text here; the router (or toSearchString) percent-encodes it.
 */
export function serializeListQuery(query: ListQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of LIST_TYPE_PARAMS) {
    const value = nonEmpty(query[key]);
    if (value !== undefined) params[key] = value;
  }
  const filters = cleanFilters(query.filters);
  if (Object.keys(filters).length > 0) params.filters = JSON.stringify(filters);
  if (query.filterSort !== undefined) params.filterSort = query.filterSort;
  const filterKey = nonEmpty(query.filterKey);
  if (filterKey !== undefined) params.filterKey = filterKey;
  if (query.pageNum !== FIRST_PAGE) params.pageNum = String(query.pageNum);
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.pageSize = String(query.pageSize);
  return params;
}

/** '?sheetType=ALL&filters=%7B...%7D', or '' when nothing is set. */
export function toSearchString(query: ListQuery): string {
  const pairs = Object.entries(serializeListQuery(query)).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** Reset: the list type stays, filters, sort and paging return to their defaults. */
export function resetListQuery(query: ListQuery): ListQuery {
  const reset: ListQuery = { filters: {}, pageNum: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE };
  for (const key of LIST_TYPE_PARAMS) {
    const value = query[key];
    if (value !== undefined) reset[key] = value;
  }
  return reset;
}

/**
 * An address's query text with pageNum replaced (left out on the first page), every other
 * parameter kept as it is written: '?sheetType=ALL&pageNum=2' for page 2 of '?sheetType=ALL'.
 */
export function withPageNum(search: string, pageNum: number): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '' && !pair.startsWith('pageNum='));
  if (pageNum !== FIRST_PAGE) kept.push(`pageNum=${pageNum}`);
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}
