// The pending-changes view's data: every outbox entry read from the local database (live, so it
// follows the worker's writes), explained the way the engine's ordering sees it (waiting for an
// upload, for an earlier change of the same record), as view models; plus the entries a newer
// app version wrote, which this one cannot show in detail.
import { useLiveQuery } from 'dexie-react-hooks';
import type { PurchasingDb } from '../../data/db';
import { explainOutbox } from '../../sync/outbox';
import { type EntryView, entryView } from './entryView';

export interface OutboxViews {
  entries: EntryView[];
  unreadable: number;
}

async function readViews(db: PurchasingDb, userSub: string): Promise<OutboxViews> {
  const { outbox, waits } = await explainOutbox(db, userSub, Date.now());
  return {
    // Newest first: the change the user just made is on top.
    entries: outbox.entries
      .map((entry) => entryView(entry, { waitingFiles: waits.get(entry.id) === 'waiting-files' }))
      .reverse(),
    unreadable: outbox.unreadable.length,
  };
}

export function useOutboxViews(db: PurchasingDb, userSub: string): OutboxViews | undefined {
  return useLiveQuery(() => readViews(db, userSub), [db, userSub]);
}
