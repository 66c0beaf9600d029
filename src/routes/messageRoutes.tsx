// Routes of the to-do inbox (settings-messaging-shared §2 route table): the to-do page. Thin: it
// validates the address and renders the feature screen. `tab=favourites` opens the favourites.
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { INBOX_TABS } from '../domain/todos/todoCodes';
import { TodoListPage } from '../features/todos/TodoListPage';
import { rootRoute } from './rootRoute';

export const todoListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/message/waiting/list',
  validateSearch: z.object({ tab: z.enum(INBOX_TABS).optional().catch(undefined) }),
  component: function TodoListRoute() {
    const { tab } = todoListRoute.useSearch();
    return <TodoListPage initialTab={tab} />;
  },
});

export const messageRoutes = [todoListRoute] as const;
