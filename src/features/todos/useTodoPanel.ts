// The shell's to-do panel reads its two tabs from the local database: the to-do
// tab is what the current company received and has not dealt with (UNREAD, READ), favourites are
// its DELAYED items. Live: a pulled or optimistic change shows at once, in every tab of the app.
import { useLiveQuery } from 'dexie-react-hooks';
import type { PurchasingDb } from '../../data/db';
import type { StoredTodo } from '../../data/derive';
import { type Page, todoPage } from '../../data/lists/queries';
import type { InboxTab } from '../../domain/todos/todoCodes';

/** The panel shows the newest ones; the to-do page lists them all. */
export const PANEL_SIZE = 30;

export const TODO_TAB_STATES = ['UNREAD', 'READ'] as const;

/** The tab's items, newest first, and their total; undefined while the first read runs. */
export function useTodoPanel(
  db: PurchasingDb | null,
  companyId: number | null,
  tab: InboxTab,
): Page<StoredTodo> | undefined {
  return useLiveQuery(
    () =>
      db === null || companyId === null
        ? { items: [], total: 0 }
        : todoPage(db, {
            companyId,
            view:
              tab === 'todo'
                ? { kind: 'received', states: TODO_TAB_STATES }
                : { kind: 'favourites' },
            offset: 0,
            limit: PANEL_SIZE,
          }),
    [db, companyId, tab],
  );
}
