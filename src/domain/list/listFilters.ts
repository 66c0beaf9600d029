// The quick-search filters the lists apply to local data (purchasing-core §2.2, §2.5, §5 "Search
// filters"): the keys of the server's search forms (docs/api.md §6, §7), read from the address's
// filters object into typed constraints. Reading is lenient like the address itself: a value of
// the wrong shape is dropped, never an error, so a stale or hand-edited address still opens.

import { toEpochMs, zoneOffsetMinutes } from '../format/date';
import { type OrderStateCode, toOrderStateCode } from '../orders/orderStates';
import {
  type SheetListType,
  SUPPLIER_INVOICE_STATE_FILTER,
  SUPPLIER_OUTBOUND_STATE_FILTER,
  searchFieldVisible,
} from '../purchase/listTypes';
import { SHEET_STATE_GROUPS, type SheetStateGroup } from '../purchase/sheetStates';
import type { Filters, FilterValue } from './listQuery';

/** The purchase list's filter keys, as the server's list and search form name them. */
export const SHEET_FILTER_KEYS = [
  'name',
  'brand_name',
  'owner',
  'state_group',
  'create_time',
  SUPPLIER_INVOICE_STATE_FILTER,
  SUPPLIER_OUTBOUND_STATE_FILTER,
] as const;

export const ORDER_FILTER_KEYS = ['name', 'brand_name', 'state', 'create_time'] as const;

/** An instant range of ISO texts (text order is time order): `from` inclusive, `to` exclusive. */
export interface TimeBounds {
  from?: string;
  to?: string;
}

export interface SheetFilterSet {
  /** The purchase number contains it (numberMatches). */
  name?: string;
  /** Contains, case-insensitive, in the brand name. */
  brandName?: string;
  /** Owner contact ids. */
  owners?: number[];
  stateGroups?: SheetStateGroup[];
  created?: TimeBounds;
  /** The order's supplier invoice state (SIGNED only). */
  invoiceStates?: string[];
  /** The order's payment (supplier inbound) state (SIGNED only). */
  outboundStates?: string[];
}

export interface OrderFilterSet {
  /** The order number or the purchase number contains it (numberMatches). */
  name?: string;
  brandName?: string;
  states?: OrderStateCode[];
  created?: TimeBounds;
}

const DAY_MS = 86_400_000;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

function scalars(value: FilterValue | undefined): Array<string | number> {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
}

function text(value: FilterValue | undefined): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? [...new Set(list)] : undefined;
}

function ids(value: FilterValue | undefined): number[] | undefined {
  return nonEmpty(
    scalars(value)
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0),
  );
}

function codes(value: FilterValue | undefined): string[] | undefined {
  return nonEmpty(scalars(value).filter((v): v is string => typeof v === 'string' && v !== ''));
}

/**
 * One end of a creation-time range: a bare date is a whole day in the user's timezone (the end
 * of the range includes its last day), an instant is taken as it is.
 */
function bound(value: FilterValue | undefined, end: boolean, timeZone: string): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const ms = toEpochMs(value);
  if (ms === null) return null;
  if (typeof value === 'string' && BARE_DATE.test(value.trim())) {
    const start = ms - zoneOffsetMinutes(ms, timeZone) * 60_000;
    return new Date(end ? start + DAY_MS : start).toISOString();
  }
  // An instant end is inclusive; the range's `to` is exclusive, so it moves by one millisecond.
  return new Date(end ? ms + 1 : ms).toISOString();
}

/** `[from, to]` of a date-range field as time bounds; either end may be missing. */
export function timeBounds(
  value: FilterValue | undefined,
  timeZone: string,
): TimeBounds | undefined {
  if (!Array.isArray(value)) return undefined;
  const from = bound(value[0], false, timeZone);
  const to = bound(value[1], true, timeZone);
  if (from === null && to === null) return undefined;
  return { ...(from === null ? {} : { from }), ...(to === null ? {} : { to }) };
}

/** Whether an ISO time lies within the bounds. */
export function withinBounds(time: string, bounds: TimeBounds): boolean {
  return (
    (bounds.from === undefined || time >= bounds.from) &&
    (bounds.to === undefined || time < bounds.to)
  );
}

/**
 * The number search of the lists, as the server's list reads it (`ilike '%text%'`): the number
 * contains the text, case-insensitive, every character literal (`%`, `_` are plain text), for
 * any length of text. The device answers it from its number column
 * (src/data/lists/numberColumn.ts).
 */
export function numberMatches(value: string | null | undefined, text: string): boolean {
  return value?.toLowerCase().includes(text.toLowerCase()) ?? false;
}

/** Case-insensitive "contains", as the server's ilike. */
export function containsText(value: string | null | undefined, needle: string): boolean {
  return value?.toLowerCase().includes(needle.toLowerCase()) ?? false;
}

function isStateGroup(value: string): value is SheetStateGroup {
  return Object.hasOwn(SHEET_STATE_GROUPS, value);
}

function defined<T extends object>(set: T): T {
  return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The purchase list's filters. The SIGNED-only keys count only on SIGNED, where the search form
 * shows them (searchFieldVisible).
 */
export function sheetFilterSet(
  filters: Filters,
  listType: SheetListType,
  timeZone: string,
): SheetFilterSet {
  const shown = (key: string) => searchFieldVisible(listType, key);
  return defined({
    name: text(filters.name),
    brandName: text(filters.brand_name),
    owners: ids(filters.owner),
    stateGroups: nonEmpty(codes(filters.state_group)?.filter(isStateGroup) ?? []),
    created: timeBounds(filters.create_time, timeZone),
    invoiceStates: shown(SUPPLIER_INVOICE_STATE_FILTER)
      ? codes(filters[SUPPLIER_INVOICE_STATE_FILTER])
      : undefined,
    outboundStates: shown(SUPPLIER_OUTBOUND_STATE_FILTER)
      ? codes(filters[SUPPLIER_OUTBOUND_STATE_FILTER])
      : undefined,
  });
}

export function orderFilterSet(filters: Filters, timeZone: string): OrderFilterSet {
  const states = scalars(filters.state)
    .map(toOrderStateCode)
    .filter((code): code is OrderStateCode => code !== null);
  return defined({
    name: text(filters.name),
    brandName: text(filters.brand_name),
    states: nonEmpty(states),
    created: timeBounds(filters.create_time, timeZone),
  });
}

/** Whether a list is filtered at all (an unfiltered list reads its kept total). */
export function hasFilters(set: SheetFilterSet | OrderFilterSet): boolean {
  return Object.keys(set).length > 0;
}
