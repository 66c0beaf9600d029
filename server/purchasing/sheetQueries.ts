// The purchase list (purchasing-core §2.2, §7.2): one list type (sheetType), the quick-search
// filters and a sort key, answered as the sheet rows the feed stored. List membership comes from
// the domain's sheetInList, so a tab here holds exactly what the app's offline tab holds.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_TIMEZONE, toEpochMs, zoneOffsetMinutes } from '../../src/domain/format/date';
import {
  type SheetListType,
  SUPPLIER_INVOICE_STATE_FILTER,
  SUPPLIER_OUTBOUND_STATE_FILTER,
  sheetInList,
} from '../../src/domain/purchase/listTypes';
import {
  isSheetState,
  SHEET_STATE_GROUP,
  SHEET_STATE_GROUPS,
  SHEET_STATES,
} from '../../src/domain/purchase/sheetStates';
import type { Db } from '../db/database';
import { contacts, orders, sheets } from '../db/schema/index';
import { badRequest } from '../http/httpError';
import type { JsonText } from '../http/jsonText';
import type { FilterValue, ListParams } from '../http/listParams';
import { feedHead, type ListTotals } from '../sync/listTotals';
import { loadSheetRows } from '../sync/projections/sheets';
import { storedPage } from '../sync/storedRows';

/** Sort keys (orderItems[0].orderBy) → what they sort; snake_case forms of the list's columns. */
export const SHEET_SORT_COLUMNS: Record<string, AnyPgColumn> = {
  name: sheets.name,
  brand: sheets.brandName,
  brand_name: sheets.brandName,
  owner: contacts.name,
  taxed_amount: sheets.taxedAmount,
  forecast_receive_date: orders.forecastReceiveDate,
  state: sheets.state,
  state_change_time: sheets.stateChangeTime,
  payment_state: orders.inboundState,
  invoice_state: orders.invoiceState,
  sign_time: orders.signTime,
  create_time: sheets.createTime,
  write_time: sheets.writeTime,
};
export const SHEET_SORT_KEYS = Object.keys(SHEET_SORT_COLUMNS);

/** Filter keys the list understands (the search form's keys); any other key is refused. */
export const SHEET_FILTER_KEYS = [
  'name',
  'brand_name',
  'state',
  'state_group',
  'owner',
  'create_time',
  SUPPLIER_INVOICE_STATE_FILTER,
  SUPPLIER_OUTBOUND_STATE_FILTER,
] as const;

const invalid = (key: string) => badRequest(`请求参数有误：filters.${key}`);
const asList = (value: FilterValue): Array<string | number | boolean> =>
  Array.isArray(value) ? value : [value];

function strings(key: string, value: FilterValue, accept: (v: string) => boolean): string[] {
  const list = asList(value);
  if (!list.every((v): v is string => typeof v === 'string' && v.length <= 64 && accept(v))) {
    throw invalid(key);
  }
  return list;
}

/** A bound of the creation-time range: a bare date is that whole day in Shanghai time. */
function rangeBound(key: string, value: string | number | boolean | undefined, end: boolean) {
  if (value === undefined || value === '') return null;
  if (typeof value === 'boolean') throw invalid(key);
  const ms = toEpochMs(value);
  if (ms === null) throw invalid(key);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = ms - zoneOffsetMinutes(ms, DEFAULT_TIMEZONE) * 60_000;
    return { at: new Date(end ? start + 86_400_000 : start).toISOString(), exclusive: end };
  }
  return { at: new Date(ms).toISOString(), exclusive: false };
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterConditions(filters: Record<string, FilterValue>): SQL[] {
  const where: SQL[] = [];
  for (const [key, value] of Object.entries(filters)) {
    switch (key) {
      case 'name':
      case 'brand_name': {
        if (typeof value !== 'string' || value.length > 200) throw invalid(key);
        where.push(
          ilike(key === 'name' ? sheets.name : sheets.brandName, escapeLike(value.trim())),
        );
        break;
      }
      case 'state':
        where.push(inArray(sheets.state, strings(key, value, isSheetState)));
        break;
      case 'state_group': {
        const groups = strings(key, value, (v) => Object.hasOwn(SHEET_STATE_GROUPS, v));
        where.push(
          inArray(
            sheets.state,
            SHEET_STATES.filter((s) => (groups as string[]).includes(SHEET_STATE_GROUP[s])),
          ),
        );
        break;
      }
      case 'owner': {
        const ids = asList(value).map(Number);
        if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw invalid(key);
        where.push(inArray(sheets.ownerContactId, ids));
        break;
      }
      case 'create_time': {
        if (!Array.isArray(value) || value.length > 2) throw invalid(key);
        const from = rangeBound(key, value[0], false);
        const to = rangeBound(key, value[1], true);
        if (from) where.push(gte(sheets.createTime, from.at));
        if (to)
          where.push(to.exclusive ? lt(sheets.createTime, to.at) : lte(sheets.createTime, to.at));
        break;
      }
      case SUPPLIER_INVOICE_STATE_FILTER:
        where.push(
          inArray(
            orders.invoiceState,
            strings(key, value, (v) => /^[A-Z_]+$/.test(v)),
          ),
        );
        break;
      case SUPPLIER_OUTBOUND_STATE_FILTER:
        where.push(
          inArray(
            orders.inboundState,
            strings(key, value, (v) => /^[A-Z_]+$/.test(v)),
          ),
        );
        break;
      default:
        throw invalid(key);
    }
  }
  return where;
}

export type SheetListQuery = { companyId: number; listType: SheetListType; params: ListParams };

/** Sort and filter keys that read the sheet's order (the join is left out of the others). */
const ORDER_KEYS = new Set<string>([
  'forecast_receive_date',
  'payment_state',
  'invoice_state',
  'sign_time',
  SUPPLIER_INVOICE_STATE_FILTER,
  SUPPLIER_OUTBOUND_STATE_FILTER,
]);

/**
 * A page of the list as the feed's stored rows (server/sync/storedRows.ts) and the list's total,
 * counted again only when the company's feed moved (listTotals.ts). The count joins the order
 * only when a filter reads it: with the join PostgreSQL scanned the
 * whole table (the sheet's order_id) where the company index alone answers the count.
 */
export async function listSheets(
  db: Db,
  totals: ListTotals,
  { companyId, listType, params }: SheetListQuery,
): Promise<{ items: JsonText[]; total: number }> {
  const where = [eq(sheets.companyId, companyId), ...filterConditions(params.filters)];
  if (listType !== 'ALL') {
    where.push(
      inArray(
        sheets.state,
        SHEET_STATES.filter((s) => sheetInList(listType, s)),
      ),
    );
  }
  const condition = and(...where);
  const sort = params.sort;
  const filtersOrders = Object.keys(params.filters).some((key) => ORDER_KEYS.has(key));
  const readsOrders = filtersOrders || (sort !== null && ORDER_KEYS.has(sort.key));
  const column = sort ? SHEET_SORT_COLUMNS[sort.key] : undefined;
  const order: SQL[] = [
    column
      ? sql`${column} ${sql.raw(sort?.direction === 'asc' ? 'asc' : 'desc')} nulls last`
      : desc(sheets.createTime),
    sort?.direction === 'asc' ? asc(sheets.id) : desc(sheets.id),
  ];
  const page = db
    .select({
      id: sheets.id,
      ord: sql`row_number() over (order by ${sql.join(order, sql`, `)})`.as('ord'),
    })
    .from(sheets)
    .$dynamic();
  if (readsOrders) page.leftJoin(orders, eq(orders.id, sheets.orderId));
  if (sort?.key === 'owner') page.leftJoin(contacts, eq(contacts.id, sheets.ownerContactId));
  page
    .where(condition)
    .orderBy(...order)
    .limit(params.limit)
    .offset(params.offset);
  const { items, head } = await storedPage(db, 'sheets', companyId, page.getSQL(), loadSheetRows);
  const key = `sheets/${companyId}/${listType}/${JSON.stringify(params.filters)}`;
  const total = await totals.total(key, head ?? (await feedHead(db, companyId)), async () => {
    const counting = db.select({ n: count() }).from(sheets).$dynamic();
    if (filtersOrders) counting.leftJoin(orders, eq(orders.id, sheets.orderId));
    const [counted] = await counting.where(condition);
    return counted?.n ?? 0;
  });
  return { items, total };
}
