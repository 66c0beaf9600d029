// Routes of the orders (purchasing-core §2.4–§2.5): the order list per tab and the order detail.
// Thin: they validate the URL and render the feature screen.
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DEFAULT_ORDER_TAB, ORDER_TABS } from '../domain/orders/orderTabs';
import { DEFAULT_SHEET_LIST_TYPE, SHEET_LIST_TYPES } from '../domain/purchase/listTypes';
import { OrderDetail } from '../features/orders/detail/OrderDetail';
import { OrderList } from '../features/orders/list/OrderList';
import { rootRoute } from './rootRoute';
import { orderListSearch } from './searchParams';

export const orderListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/order/list',
  validateSearch: orderListSearch,
  component: function OrderListPage() {
    return <OrderList search={orderListRoute.useSearch()} />;
  },
});

// The order detail's address. The router reads JSON-looking values as JSON, so `filter` (the
// list's state) may arrive as an object and is turned back into text; a bad id or index reads as
// absent (the page says the order is not found, paging is off) instead of breaking the page.
const optionalInt = (min: number) => z.coerce.number().int().min(min).optional().catch(undefined);
const filterParam = z
  .unknown()
  .transform((value) =>
    value === undefined || value === null || value === ''
      ? undefined
      : typeof value === 'string'
        ? value
        : JSON.stringify(value),
  )
  .optional();
const orderDetailParams = {
  id: optionalInt(1),
  module: z.string().optional().catch(undefined),
  index: optionalInt(0),
  pageNumber: optionalInt(1),
  filter: filterParam,
};

export const orderDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/order/detail',
  validateSearch: z.object({
    ...orderDetailParams,
    orderType: z.enum(ORDER_TABS).catch(DEFAULT_ORDER_TAB),
    module_number: z.coerce.string().optional().catch(undefined),
  }),
  component: function OrderDetailPage() {
    const { id, orderType, index, filter } = orderDetailRoute.useSearch();
    return <OrderDetail id={id} orderType={orderType} index={index} filter={filter} />;
  },
});

/** The order detail reached from the purchase list's order rows (§2.1, §2.2 row click). */
export const purchaseOrderDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inquiry-quotation/order-detail',
  validateSearch: z.object({
    ...orderDetailParams,
    type: z.enum(SHEET_LIST_TYPES).catch(DEFAULT_SHEET_LIST_TYPE),
  }),
  component: function PurchaseOrderDetailPage() {
    const { id, type, index, filter } = purchaseOrderDetailRoute.useSearch();
    return <OrderDetail id={id} sheetType={type} index={index} filter={filter} />;
  },
});

export const orderRoutes = [orderListRoute, orderDetailRoute, purchaseOrderDetailRoute] as const;
