// Routes of the purchase sheets (purchasing-core §2.1–§2.3): the list per list type and the sheet
// detail / create page. Thin: they validate the URL and render the feature screen.
import { createRoute } from '@tanstack/react-router';
import { purchaseListSearch } from '../features/lists/listSearch';
import { PurchaseList } from '../features/purchase/list/PurchaseList';
import { SheetPage } from '../features/purchase/sheet/SheetPage';
import { sheetDetailSearch } from '../features/purchase/sheet/sheetSearch';
import { rootRoute } from './rootRoute';

export const purchaseListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inquiry-quotation/list',
  validateSearch: purchaseListSearch,
  component: function PurchaseListPage() {
    return <PurchaseList search={purchaseListRoute.useSearch()} />;
  },
});

/** The sheet detail, or without an id the create form (§2.3). */
export const sheetDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inquiry-quotation/detail',
  validateSearch: sheetDetailSearch,
  component: function SheetDetailPage() {
    return <SheetPage search={sheetDetailRoute.useSearch()} />;
  },
});

export const purchaseRoutes = [purchaseListRoute, sheetDetailRoute] as const;
