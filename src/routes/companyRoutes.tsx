// Routes of the company administration (settings-messaging-shared §2 route table): company
// settings. Administrators only: the route table (src/domain/routes.ts) makes the guard show the
// no-permission page to anyone else. Thin: they render the feature screen.
import { createRoute } from '@tanstack/react-router';
import { CompanySettingsPage } from '../features/company/settings/CompanySettingsPage';
import { rootRoute } from './rootRoute';

export const companySettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/company-setting',
  component: CompanySettingsPage,
});

export const companyRoutes = [companySettingsRoute] as const;
