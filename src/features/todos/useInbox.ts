// The to-do page's list, read live from the local database (src/data/lists/queries.ts inboxPage): a
// pulled change, an optimistic one made offline, or one made in another tab shows at once. A
// storage fault is returned as a state for the page to show, not thrown at the router.
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { StoredTodo } from '../../data/derive';
import { type InboxCompany, type InboxView, inboxPage, type Page } from '../../data/lists/queries';
import { type InboxTab, TODO_LIST_SIZE, type TodoScope } from '../../domain/todos/todoCodes';
import { useLocalDb } from '../../platform/sync/useLocalDb';

export type InboxState =
  | { status: 'loading' }
  | { status: 'ready'; page: Page<StoredTodo> }
  | { status: 'failed'; error: unknown };

function viewOf(tab: InboxTab, scope: TodoScope): InboxView {
  if (tab === 'favourites') return 'favourites';
  return scope === 'MINE' ? 'mine' : 'company';
}

export function useInbox(
  tab: InboxTab,
  scope: TodoScope,
  companies: readonly InboxCompany[],
): InboxState {
  const db = useLocalDb();
  const view = viewOf(tab, scope);
  const [read, setRead] = useState<{ view: InboxView; state: InboxState }>({
    view,
    state: { status: 'loading' },
  });
  useEffect(() => {
    const subscription = liveQuery(() =>
      inboxPage(db, { companies, view, limit: TODO_LIST_SIZE }),
    ).subscribe({
      next: (page) => setRead({ view, state: { status: 'ready', page } }),
      error: (error: unknown) => setRead({ view, state: { status: 'failed', error } }),
    });
    return () => subscription.unsubscribe();
  }, [db, companies, view]);
  // Another view's rows never show under this one's tab while its first read runs.
  return read.view === view ? read.state : { status: 'loading' };
}
