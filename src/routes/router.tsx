// The route tree, declared in code (no generated file): each route parses its URL and renders a
// feature screen; the screens themselves live in src/features.
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { NotFound } from '../app/NotFound';
import { Shell } from '../app/Shell';
import { Home } from '../features/home/Home';

const rootRoute = createRootRoute({ component: Shell, notFoundComponent: NotFound });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home });

const routeTree = rootRoute.addChildren([homeRoute]);

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
