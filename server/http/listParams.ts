// The list calls' common query (purchasing-core §7): pageSize, pageNumber, one sort item
// (`orderItems[0].orderBy` + `orderItems[0].order`) and `filters` as URL-encoded JSON. Parsed
// once here so every list refuses bad input the same way (400 naming the field).
import { badRequest } from './httpError';

export const MAX_PAGE_SIZE = 500;

/** JSON schema properties to spread into a list route's querystring schema. */
export const listQueryProperties = {
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 },
  pageNumber: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  'orderItems[0].orderBy': { type: 'string', maxLength: 64, pattern: '^[a-z_]+$' },
  'orderItems[0].order': { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
  filters: { type: 'string', maxLength: 4000 },
} as const;

export type ListQuery = {
  pageSize: number;
  pageNumber: number;
  'orderItems[0].orderBy'?: string;
  'orderItems[0].order'?: string;
  filters?: string;
};

export type FilterValue = string | number | boolean | Array<string | number>;

export type ListParams = {
  limit: number;
  offset: number;
  sort: { key: string; direction: 'asc' | 'desc' } | null;
  /** Non-empty filter values only (the spec drops empty, null and undefined). */
  filters: Record<string, FilterValue>;
};

function isFilterValue(value: unknown): value is FilterValue {
  if (Array.isArray(value))
    return value.every((v) => typeof v === 'string' || typeof v === 'number');
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `sortable` maps the client's sort keys to what the caller sorts by; others are refused. */
export function parseListParams(query: ListQuery, sortable: readonly string[]): ListParams {
  const key = query['orderItems[0].orderBy'];
  if (key !== undefined && !sortable.includes(key)) {
    throw badRequest('请求参数有误：orderItems[0].orderBy');
  }
  const direction =
    (query['orderItems[0].order'] ?? 'desc').toLowerCase() === 'asc' ? 'asc' : 'desc';
  const filters: Record<string, FilterValue> = {};
  if (query.filters) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(query.filters);
    } catch {
      throw badRequest('请求参数有误：filters');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw badRequest('请求参数有误：filters');
    }
    for (const [name, value] of Object.entries(parsed)) {
      if (value === null || value === undefined || value === '') continue;
      if (Array.isArray(value) && value.length === 0) continue;
      if (!/^[a-z_]{1,64}$/.test(name) || !isFilterValue(value)) {
        throw badRequest(`请求参数有误：filters.${name.slice(0, 64)}`);
      }
      filters[name] = value;
    }
  }
  return {
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
    sort: key ? { key, direction } : null,
    filters,
  };
}
