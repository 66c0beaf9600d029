// A company the account no longer works for (security review M5: handed over, deleted, unbound).
// The server says so with 403 NOT_A_MEMBER on that company's feed or calls; the account's company
// list (GET /api/v7/user) leaves it out. Its data then goes from this device at once: rows, list
// totals, the sync cursor and the attachments no kept entry names. Its outbox entries that never
// reached the server stay, refused with the reason, so the user can read (and copy) them before
// discarding them; they are never sent, and discarding one writes nothing back.
import type { PurchasingDb } from '../../data/db';
import { dropCompanyFiles, fileCompanyIds } from '../../data/files';
import { syncedCompanyIds } from '../../data/meta';
import { clearCompany } from '../../data/writes';
import { isRecord } from '../../domain/guards';
import { MEMBERSHIP_MESSAGES } from '../../domain/messages/session';
import { isLeftBehind, NOT_A_MEMBER } from '../core/lifecycle';
import type { OutboxEntry } from '../core/mutations';
import { loadOutbox } from '../outbox';
import { fileIdsOf } from './files';
import { engineTables } from './localRows';
import { saveEntries } from './outboxStore';

/** A 403 answer that says the account left the company (not a missing right within it). */
export function isNotAMember(status: number, body: unknown): boolean {
  return status === 403 && isRecord(body) && body.error_code === NOT_A_MEMBER;
}

const leftBehind = (entry: OutboxEntry): OutboxEntry => ({
  ...entry,
  status: 'failed',
  failure: {
    status: 403,
    code: NOT_A_MEMBER,
    message: MEMBERSHIP_MESSAGES.ENTRY_UNSENDABLE,
    serverRow: null,
  },
});

/**
 * Clears the company from this device in one transaction. Entries the server already applied
 * go (they are on the server); the others stay, refused as left behind. Resolves to how many
 * entries stay.
 */
export function forgetCompany(db: PurchasingDb, companyId: number): Promise<number> {
  return db.transaction('rw', [...engineTables(db), db.files], async () => {
    await clearCompany(db, companyId);
    const { entries } = await loadOutbox(db);
    const mine = entries.filter((entry) => entry.companyId === companyId);
    const applied = mine.filter((entry) => entry.status === 'applied');
    const kept = mine.filter((entry) => entry.status !== 'applied').map(leftBehind);
    await saveEntries(
      db,
      kept,
      applied.map((entry) => entry.id),
    );
    await dropCompanyFiles(db, companyId, fileIdsOf(kept));
    return kept.length;
  });
}

/** Every company this device holds anything of: synced rows' cursors, outbox entries, files. */
export async function companiesHeld(db: PurchasingDb): Promise<Set<number>> {
  const held = await fileCompanyIds(db);
  for (const companyId of await syncedCompanyIds(db)) held.add(companyId);
  for (const entry of (await loadOutbox(db)).entries) held.add(entry.companyId);
  return held;
}

/**
 * At the start of a session: companies held here that the account's latest company list leaves
 * out were left while this device was away; they are cleared like a NOT_A_MEMBER answer.
 * Resolves to the companies cleared (again, for one whose left-behind entries still wait).
 */
export async function forgetLeftCompanies(
  db: PurchasingDb,
  companies: readonly number[],
): Promise<number[]> {
  const member = new Set(companies);
  const left = [...(await companiesHeld(db))].filter((id) => !member.has(id));
  for (const companyId of left) await forgetCompany(db, companyId);
  return left;
}

/** The failure code of an entry left behind whose company the account works for again. */
export const MEMBERSHIP_RESTORED = 'MEMBERSHIP_RESTORED';

/**
 * At the start of a session: the left-behind entries of companies the account's list names again
 * (a handover undone, review #6) become ordinary refusals, which the user may retry (the retry
 * puts their effect back on the rows and the server's answer decides) or discard. They are not
 * sent by themselves: the company's rows were cleared meanwhile, and the user should see the
 * change again before it goes. Resolves to how many entries were given back.
 */
export function reviveReturnedCompanies(
  db: PurchasingDb,
  companies: readonly number[],
): Promise<number> {
  const member = new Set(companies);
  return db.transaction('rw', engineTables(db), async () => {
    const { entries } = await loadOutbox(db);
    const revived = entries
      .filter((entry) => isLeftBehind(entry) && member.has(entry.companyId))
      .map(
        (entry): OutboxEntry => ({
          ...entry,
          failure: {
            status: 403,
            code: MEMBERSHIP_RESTORED,
            message: MEMBERSHIP_MESSAGES.ENTRY_RESTORED,
            serverRow: null,
          },
        }),
      );
    if (revived.length > 0) await saveEntries(db, revived);
    return revived.length;
  });
}
