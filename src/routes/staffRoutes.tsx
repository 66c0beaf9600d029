// Route of staff management (settings-messaging-shared §2 route table: /user/personnel-list,
// administrators only; the access check is RootLayout's, from src/domain/routes.ts). Thin: it
// renders the feature screen.
import { createRoute } from '@tanstack/react-router';
import { StaffPage } from '../features/company/staff/StaffPage';
import { rootRoute } from './rootRoute';

export const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/personnel-list',
  component: StaffPage,
});

export const staffRoutes = [staffRoute] as const;
