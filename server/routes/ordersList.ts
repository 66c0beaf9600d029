// The order list's query: tab membership, filters and sort as SQL. Tab membership is not
// restated here: orderInTab (src/domain) is evaluated over every combination of the three facts
// it reads (numeric state, cancelled base state, fully invoiced), and the combinations it accepts
// become the WHERE clause, so the list and the app's local tabs can never disagree.
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { DEFAULT_TIMEZONE, formatDate, toEpochMs } from '../../src/domain/format/date';
import {
  ORDER_STATE_CODES,
  type OrderStateCode,
  toOrderStateCode,
} from '../../src/domain/orders/orderStates';
import {
  FULLY_INVOICED,
  ORDER_SORT_KEYS,
  type OrderSortKey,
  type OrderTab,
  orderInTab,
} from '../../src/domain/orders/orderTabs';
import { orders } from '../db/schema/index';
import { containsPattern } from '../db/searchText';
import { badRequest } from '../http/httpError';
import type { FilterValue, ListParams } from '../http/listParams';

const CANCELLED_BASE_STATE = 'CANCELLED';

/** A state outside the known codes (a newer server's), as the tab rules see it. */
const OTHER_STATE = 'OTHER';
type StateCell = OrderStateCode | typeof OTHER_STATE;
const STATE_CELLS: readonly StateCell[] = [...ORDER_STATE_CODES, OTHER_STATE];

function stateCondition(cells: readonly StateCell[]): SQL | undefined {
  const codes = cells.filter((cell): cell is OrderStateCode => cell !== OTHER_STATE);
  const known = codes.length > 0 ? inArray(orders.state, [...codes]) : undefined;
  if (!cells.includes(OTHER_STATE)) return known ?? sql`false`;
  const other = notInArray(orders.state, [...ORDER_STATE_CODES]);
  return known ? or(known, other) : other;
}

/** The WHERE clause of a tab, derived from orderInTab; undefined when the tab holds every order. */
export function tabCondition(tab: OrderTab): SQL | undefined {
  const clauses: SQL[] = [];
  let everything = true;
  for (const cancelled of [false, true]) {
    for (const invoiced of [false, true]) {
      const cells = STATE_CELLS.filter((cell) =>
        orderInTab(tab, {
          state: cell === OTHER_STATE ? null : cell,
          order_base_state: cancelled ? CANCELLED_BASE_STATE : null,
          supplier_node: { invoice_state: invoiced ? FULLY_INVOICED : null },
        }),
      );
      if (cells.length !== STATE_CELLS.length) everything = false;
      if (cells.length === 0) continue;
      const base = cancelled
        ? eq(orders.baseState, CANCELLED_BASE_STATE)
        : sql`${orders.baseState} is distinct from ${CANCELLED_BASE_STATE}`;
      const invoice = invoiced
        ? eq(orders.invoiceState, FULLY_INVOICED)
        : ne(orders.invoiceState, FULLY_INVOICED);
      const state = cells.length === STATE_CELLS.length ? undefined : stateCondition(cells);
      const clause = and(base, invoice, state);
      if (clause) clauses.push(clause);
    }
  }
  if (everything) return undefined;
  return clauses.length > 0 ? or(...clauses) : sql`false`;
}

/** The filter keys the order list accepts (the quick-search form's keys). */
export const ORDER_FILTER_KEYS = ['name', 'brand_name', 'state', 'create_time'] as const;

const invalidFilter = (key: string) => badRequest(`请求参数有误：filters.${key}`);

function textFilter(key: string, value: FilterValue): string {
  if (typeof value !== 'string' && typeof value !== 'number') throw invalidFilter(key);
  const text = String(value).trim();
  if (text.length > 200) throw invalidFilter(key);
  return text;
}

function stateFilter(value: FilterValue): OrderStateCode[] {
  const values = Array.isArray(value) ? value : [value];
  if (typeof value === 'boolean' || values.length > ORDER_STATE_CODES.length * 2) {
    throw invalidFilter('state');
  }
  return values.map((v) => {
    const code = toOrderStateCode(v);
    if (code === null) throw invalidFilter('state');
    return code;
  });
}

/** Shanghai midnight of a bare date (the list's dates are read in the default timezone). */
function dayStart(date: string): number | null {
  const ms = toEpochMs(`${date}T00:00:00+08:00`);
  return ms !== null && formatDate(ms, DEFAULT_TIMEZONE) === date ? ms : null;
}

/**
 * One end of the creation-time range: epoch milliseconds (what the date shortcuts produce), an
 * ISO date-time, or a bare date (the whole day, in Asia/Shanghai).
 */
function rangeEnd(value: string | number, end: 'from' | 'to'): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const start = dayStart(text);
    if (start === null) return Number.NaN;
    return end === 'from' ? start : start + 86_400_000 - 1;
  }
  return toEpochMs(text) ?? Number.NaN;
}

function timeRange(value: FilterValue): [number | null, number | null] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 2) {
    throw invalidFilter('create_time');
  }
  const from = rangeEnd(value[0] ?? '', 'from');
  const to = rangeEnd(value[1] ?? '', 'to');
  if (Number.isNaN(from) || Number.isNaN(to)) throw invalidFilter('create_time');
  return [from, to];
}

/** The filters' WHERE clauses; unknown keys and malformed values are a 400 naming the key. */
export function filterConditions(filters: ListParams['filters']): SQL[] {
  const conditions: SQL[] = [];
  for (const [key, value] of Object.entries(filters)) {
    switch (key) {
      case 'name': {
        const text = textFilter(key, value);
        const clause = or(
          ilike(orders.name, containsPattern(text)),
          ilike(orders.inquiryNo, containsPattern(text)),
        );
        if (text && clause) conditions.push(clause);
        break;
      }
      case 'brand_name': {
        const text = textFilter(key, value);
        if (text) conditions.push(ilike(orders.brandName, containsPattern(text)));
        break;
      }
      case 'state':
        conditions.push(inArray(orders.state, stateFilter(value)));
        break;
      case 'create_time': {
        const [from, to] = timeRange(value);
        if (from !== null) conditions.push(gte(orders.createTime, new Date(from).toISOString()));
        if (to !== null) conditions.push(lte(orders.createTime, new Date(to).toISOString()));
        break;
      }
      default:
        throw invalidFilter(key);
    }
  }
  return conditions;
}

const SORT_COLUMNS = {
  brand: orders.brandName,
  name: orders.name,
  state_change_time: orders.stateChangeTime,
  supplier_taxed_amount: orders.taxedAmount,
  create_time: orders.createTime,
  write_time: orders.writeTime,
} satisfies Record<OrderSortKey, unknown>;

export const SORTABLE: readonly string[] = ORDER_SORT_KEYS;

/** ORDER BY for the list: the chosen column (missing amounts last), then id; default newest first. */
export function orderBy(sort: ListParams['sort']): SQL[] {
  if (!sort) return [desc(orders.createTime), desc(orders.id)];
  const column = SORT_COLUMNS[sort.key as OrderSortKey];
  const direction = sort.direction === 'asc' ? asc : desc;
  return [sql`${direction(column)} nulls last`, direction(orders.id)];
}
