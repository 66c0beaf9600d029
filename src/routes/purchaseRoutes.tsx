// Routes of the purchase sheets (purchasing-core §2.1–§2.3): the list per list type and the sheet
// detail / create page. Thin: they validate the URL and render the feature screen.
import { createRoute } from '@tanstack/react-router';
import { Home } from '../features/home/Home';
import { rootRoute } from './rootRoute';
import { purchaseListSearch } from './searchParams';

export const purchaseListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inquiry-quotation/list',
  validateSearch: purchaseListSearch,
  component: Home,
});

export const purchaseRoutes = [purchaseListRoute] as const;
