// The route tree, declared in code (no generated file): each route parses its URL and renders a
// feature screen; the screens themselves live in src/features. Access per path (public, login,
// admin) is the route table in src/domain/routes.ts, applied by RootLayout to every path, also
// to paths whose screens later issues add. Feature areas declare their routes in their own files
// (purchaseRoutes, orderRoutes) under the shared root.
import { createRoute, createRouter, Navigate, redirect } from '@tanstack/react-router';
import { landsOnDashboard, NO_PERMISSION_PATH } from '../domain/routes';
import { NoPermission } from '../features/shell/NoPermission';
import { AUTH_CALLBACK_PATH } from '../platform/auth/returnTo';
import { useSession } from '../platform/session/useSession';
import { AuthCallback } from './AuthCallback';
import { accountRoutes } from './accountRoutes';
import { companyRoutes } from './companyRoutes';
import { dashboardRoutes } from './dashboardRoutes';
import { messageRoutes } from './messageRoutes';
import { orderRoutes } from './orderRoutes';
import { purchaseRoutes } from './purchaseRoutes';
import { rootRoute } from './rootRoute';
import { staffRoutes } from './staffRoutes';

const callbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: AUTH_CALLBACK_PATH,
  component: AuthCallback,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});

/** The login entry: the guard of /home sends a visitor on to the provider. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true });
  },
});

/**
 * The landing page: the 工作台 when the company holds one of its modules (issue 22 item 1), else
 * the spec's purchase list. It needs the session's permissions, so it is decided in the signed-in
 * shell (offline too, from the kept session) rather than before the route loads.
 */
function HomeLanding() {
  const { can } = useSession();
  if (landsOnDashboard((code) => can([code]))) return <Navigate to="/dashboard" replace />;
  return <Navigate to="/inquiry-quotation/list" search={{ sheetType: 'ALL' }} replace />;
}

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  component: HomeLanding,
});

const orderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order',
  beforeLoad: () => {
    throw redirect({ to: '/order/order/list', search: { orderType: 'ALL' }, replace: true });
  },
});

const noPermissionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: NO_PERMISSION_PATH,
  component: NoPermission,
});

const routeTree = rootRoute.addChildren([
  callbackRoute,
  indexRoute,
  loginRoute,
  homeRoute,
  orderRoute,
  ...dashboardRoutes,
  ...purchaseRoutes,
  ...orderRoutes,
  ...messageRoutes,
  ...accountRoutes,
  ...companyRoutes,
  ...staffRoutes,
  noPermissionRoute,
]);

// Scroll restoration stays off: the router then scrolls to the top after every navigation
// (settings-messaging-shared §2 "After navigation the page scrolls to the top").
export const router = createRouter({
  routeTree,
  defaultPreload: false,
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
