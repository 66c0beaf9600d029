// The address of the sheet detail / create page (purchasing-core §2.1, §2.3): no id is the create
// form; `index`, `pageNumber` and `filter` (the list's state, kept for previous/next) come from
// the list row that opened it. A bad value reads as absent instead of breaking the page; a
// temporary (negative) id names a sheet created offline until the server's id replaces it.
import { z } from 'zod';
import { SHEET_LIST_TYPES } from '../../../domain/purchase/listTypes';
import { listPositionParams, optionalInt } from '../../orders/detail/orderDetailSearch';

export const sheetDetailSearch = z.object({
  id: optionalInt().transform((id) => (id === 0 ? undefined : id)),
  sheetType: z.enum(SHEET_LIST_TYPES).optional().catch(undefined),
  ...listPositionParams,
});

export type SheetDetailSearch = z.infer<typeof sheetDetailSearch>;

/**
 * The order detail of an order the sheet became, or that an id names (§2.3: "If the id given is
 * actually an order, the user is redirected"); the order list's ALL tab holds every order.
 */
export function orderDetailHref(orderId: number): string {
  return `/order/order/detail?${new URLSearchParams({ orderType: 'ALL', id: String(orderId) })}`;
}
