// Routes of the personal centre and registration (settings-messaging-shared §2 route table): the
// personal centre /user/user-center (login) and the public registration page /register (no
// shell while nobody is signed in: RootLayout). Thin: they render the feature screens.
import { createRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/account/RegisterPage';
import { UserCenterPage } from '../features/account/UserCenterPage';
import { rootRoute } from './rootRoute';

export const userCenterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/user-center',
  component: UserCenterPage,
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: RegisterPage,
});

export const accountRoutes = [userCenterRoute, registerRoute] as const;
