// The pending-changes view's data: every outbox entry read from the local database (live, so it
// follows the worker's writes), explained the way the engine's ordering sees it (waiting for an
// upload, for an earlier change of the same record), as view models; plus the entries a newer
// app version wrote, which this one cannot show in detail.
import { useLiveQuery } from 'dexie-react-hooks';
import type { PurchasingDb } from '../../data/db';
import { readFiles } from '../../data/files';
import type { OutboxEntry } from '../../sync/core/mutations';
import { fileIdsOf } from '../../sync/engine/files';
import { explainOutbox } from '../../sync/outbox';
import { type EntryView, entryView, type FileView } from './entryView';

export interface OutboxViews {
  entries: EntryView[];
  unreadable: number;
}

/** The files each waiting entry uploads first, by client file id. */
async function filesOfWaiting(
  db: PurchasingDb,
  entries: readonly OutboxEntry[],
): Promise<Map<string, FileView>> {
  const ids = [...fileIdsOf(entries)];
  const rows = ids.length > 0 ? await readFiles(db, ids) : [];
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, size: row.size, uploaded: row.uploaded !== null },
    ]),
  );
}

async function readViews(db: PurchasingDb, userSub: string): Promise<OutboxViews> {
  const { outbox, waits } = await explainOutbox(db, userSub, Date.now());
  const waiting = outbox.entries.filter((entry) => waits.get(entry.id) === 'waiting-files');
  const files = await filesOfWaiting(db, waiting);
  return {
    // Newest first: the change the user just made is on top.
    entries: outbox.entries
      .map((entry) =>
        entryView(entry, {
          waitingFiles: waits.get(entry.id) === 'waiting-files',
          files: [...fileIdsOf([entry])].flatMap((id) => files.get(id) ?? []),
        }),
      )
      .reverse(),
    unreadable: outbox.unreadable.length,
  };
}

export function useOutboxViews(db: PurchasingDb, userSub: string): OutboxViews | undefined {
  return useLiveQuery(() => readViews(db, userSub), [db, userSub]);
}
