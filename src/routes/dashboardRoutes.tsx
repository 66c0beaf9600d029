// The 工作台 (/dashboard, issue 22 item 1): no parameters; the screen reads the device's data.
import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { rootRoute } from './rootRoute';

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  component: DashboardPage,
});

export const dashboardRoutes = [dashboardRoute] as const;
