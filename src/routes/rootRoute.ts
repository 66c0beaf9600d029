// The root of the route tree, apart so feature route files (purchaseRoutes, orderRoutes, …) can
// hang their routes under it without importing the router itself.
import { createRootRoute } from '@tanstack/react-router';
import { NotFound } from '../features/shell/NotFound';
import { RootLayout } from './RootLayout';

export const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFound });
