// Routes of the orders (purchasing-core §2.4–§2.5): the order list per tab and the order detail.
// Thin: they validate the URL and render the feature screen.
import { createRoute } from '@tanstack/react-router';
import { Home } from '../features/home/Home';
import { rootRoute } from './rootRoute';
import { orderListSearch } from './searchParams';

export const orderListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/order/list',
  validateSearch: orderListSearch,
  component: Home,
});

export const orderRoutes = [orderListRoute] as const;
