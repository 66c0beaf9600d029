// What an older app shows of a database a newer app upgraded (src/data/readOnly.ts): the unsent
// entries it can read, as the pending-changes view words them, how many it cannot, and the text
// of the export, which keeps every unsent entry as stored, readable or not.
import type { OutdatedSnapshot } from '../../data/readOnly';
import { isRecord } from '../../domain/guards';
import { readEntry } from '../../sync/core/storedEntry';
import { type EntryView, entryView } from './entryView';

export interface OutdatedOutbox {
  /** Readable unsent entries, newest first (as the pending-changes view lists them). */
  entries: EntryView[];
  /** Unsent entries this app cannot read (a newer mutation type or shape). */
  unreadable: number;
  /** Every unsent entry as stored, as JSON: what the user exports and keeps. */
  exportText: string;
}

/** Applied entries are on the server already; everything else has not been sent for sure. */
const unsent = (raw: unknown) => !(isRecord(raw) && raw.status === 'applied');

export function outdatedOutbox(snapshot: OutdatedSnapshot): OutdatedOutbox {
  const kept = snapshot.outbox.filter(unsent);
  const entries: EntryView[] = [];
  let unreadable = 0;
  for (const raw of kept) {
    const read = readEntry(raw);
    if (read.ok) entries.push(entryView(read.entry));
    else unreadable += 1;
  }
  const exportText = JSON.stringify({ schemaVersion: snapshot.version, outbox: kept }, null, 2);
  return { entries: entries.reverse(), unreadable, exportText };
}
