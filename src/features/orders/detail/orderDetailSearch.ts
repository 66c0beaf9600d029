// The addresses of the detail pages (purchasing-core §2.1, §2.3, §2.4): /order/order/detail
// (orderType, module, module_number) and /inquiry-quotation/order-detail (type: the purchase
// list's tab), with what every detail address carries from the list row that opened it: index,
// pageNumber and the list's state (`filter`) for previous/next. A bad value reads as absent (the
// page says not found, paging is off) instead of breaking the page.
import { z } from 'zod';
import { DEFAULT_ORDER_TAB, ORDER_TABS } from '../../../domain/orders/orderTabs';
import { DEFAULT_SHEET_LIST_TYPE, SHEET_LIST_TYPES } from '../../../domain/purchase/listTypes';

export const optionalInt = (min?: number) => {
  const int = z.coerce.number().int();
  return (min === undefined ? int : int.min(min)).optional().catch(undefined);
};

/** The router reads JSON-looking values as JSON: the list's state comes back as text here. */
const filterParam = z
  .unknown()
  .optional()
  .transform((value) =>
    value === undefined || value === null || value === ''
      ? undefined
      : typeof value === 'string'
        ? value
        : JSON.stringify(value),
  );

/** A detail's place in the list it was opened from. */
export const listPositionParams = {
  index: optionalInt(0),
  pageNumber: optionalInt(1),
  filter: filterParam,
};

const orderParams = {
  id: optionalInt(1),
  module: z.string().optional().catch(undefined),
  ...listPositionParams,
};

export const orderDetailSearch = z.object({
  ...orderParams,
  orderType: z.enum(ORDER_TABS).catch(DEFAULT_ORDER_TAB),
  module_number: z.coerce.string().optional().catch(undefined),
});

/** The order detail reached from the purchase list's order rows (§2.2 row click). */
export const purchaseOrderDetailSearch = z.object({
  ...orderParams,
  type: z.enum(SHEET_LIST_TYPES).catch(DEFAULT_SHEET_LIST_TYPE),
});
