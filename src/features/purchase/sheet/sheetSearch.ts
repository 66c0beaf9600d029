// The address of the sheet detail / create page (purchasing-core §2.1, §2.3): no id is the create
// form; `index`, `pageNumber` and `filter` (the list's state, kept for previous/next) come from
// the list row that opened it. A bad value reads as absent instead of breaking the page; a
// temporary (negative) id names a sheet created offline until the server's id replaces it.
import { z } from 'zod';
import { listQueryOfFilter } from '../../../domain/orders/detailPaging';
import {
  isSheetListType,
  SHEET_LIST_TYPES,
  type SheetListType,
} from '../../../domain/purchase/listTypes';
import { listPositionParams, optionalInt } from '../../orders/detail/orderDetailSearch';

export const sheetDetailSearch = z.object({
  id: optionalInt().transform((id) => (id === 0 ? undefined : id)),
  sheetType: z.enum(SHEET_LIST_TYPES).optional().catch(undefined),
  ...listPositionParams,
});

export type SheetDetailSearch = z.infer<typeof sheetDetailSearch>;

/** The list the page belongs to: the address's sheetType, else the one inside `filter`, else ALL. */
export function originListType(
  sheetType: SheetListType | undefined,
  filter: string | undefined,
): SheetListType {
  if (sheetType) return sheetType;
  const fromFilter = listQueryOfFilter(filter).sheetType;
  return isSheetListType(fromFilter) ? fromFilter : 'ALL';
}

/**
 * The order detail of the order a sheet became, or that an id names (§2.3: "If the id given is
 * actually an order, the user is redirected to /inquiry-quotation/order-detail?id={id}"): in the
 * purchase list the page came from, as that list's row would open it (§2.2 row click), so the
 * breadcrumb leads back to that list and previous/next page through it.
 */
export function orderDetailHref(orderId: number, from: Partial<SheetDetailSearch>): string {
  const type = originListType(from.sheetType, from.filter);
  const params = new URLSearchParams({ id: String(orderId), type, module: 'ORDER' });
  // The sheet's place in the list is the order's: the list's row is the sheet.
  if (from.index !== undefined) params.set('index', String(from.index));
  if (from.pageNumber !== undefined) params.set('pageNumber', String(from.pageNumber));
  if (from.filter) params.set('filter', from.filter);
  return `/inquiry-quotation/order-detail?${params}`;
}
