// Routes of the orders (purchasing-core §2.4–§2.5): the order list per tab and the order detail.
// Thin: they validate the URL and render the feature screen.
import { createRoute } from '@tanstack/react-router';
import { orderListSearch } from '../features/lists/listSearch';
import { OrderDetail } from '../features/orders/detail/OrderDetail';
import {
  orderDetailSearch,
  purchaseOrderDetailSearch,
} from '../features/orders/detail/orderDetailSearch';
import { OrderList } from '../features/orders/list/OrderList';
import { rootRoute } from './rootRoute';

export const orderListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/order/list',
  validateSearch: orderListSearch,
  component: function OrderListPage() {
    return <OrderList search={orderListRoute.useSearch()} />;
  },
});

export const orderDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/order/detail',
  validateSearch: orderDetailSearch,
  component: function OrderDetailPage() {
    const { id, orderType, index, filter } = orderDetailRoute.useSearch();
    return <OrderDetail id={id} orderType={orderType} index={index} filter={filter} />;
  },
});

/** The order detail reached from the purchase list's order rows (§2.1, §2.2 row click). */
export const purchaseOrderDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inquiry-quotation/order-detail',
  validateSearch: purchaseOrderDetailSearch,
  component: function PurchaseOrderDetailPage() {
    const { id, type, index, filter } = purchaseOrderDetailRoute.useSearch();
    return <OrderDetail id={id} sheetType={type} index={index} filter={filter} />;
  },
});

export const orderRoutes = [orderListRoute, orderDetailRoute, purchaseOrderDetailRoute] as const;
