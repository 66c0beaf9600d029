// Pulling one company's feed (docs/api.md `GET /sync-api/v1/changes`): page by page (read ahead by
// feedReader.ts), each page, or the few already in, written in ONE transaction with its cursor, so
// the cursor never runs ahead of the rows. In that
// transaction pulled rows older than the local copy are dropped (an applied answer may already
// have put a newer version there), pending outbox effects are re-applied on top of the pulled
// rows (no flicker), and applied entries the rows show are removed. A 410 clears the company and
// starts again from the beginning of its feed, keeping the outbox and its effects.

import type { PurchasingDb } from '../../data/db';
import { readCompanySync, writeCompanySync } from '../../data/meta';
import { applyChanges, clearCompany } from '../../data/writes';
import { isRecord } from '../../domain/guards';
import { touchedKey } from '../core/mutations';
import { rebase } from '../core/rebase';
import { asRow, isTemporaryId, parseRowKey, type Row, type RowKey } from '../core/types';
import { loadOutbox } from '../outbox';
import { FeedReader, type Page } from './feedReader';
import type { FetchLike } from './http';
import { engineTables, writeRows } from './localRows';
import { isNotAMember } from './membership';
import { ofCompany, saveEntries } from './outboxStore';

export interface PullDeps {
  db: PurchasingDb;
  fetch: FetchLike;
  baseUrl: string;
  getToken(): Promise<string | null>;
  now(): number;
  pageSize: number;
}

export type PullResult =
  | { kind: 'done' }
  | { kind: 'offline' }
  | { kind: 'auth' }
  /** 403 NOT_A_MEMBER: the account no longer works for the company (its data must go). */
  | { kind: 'left' }
  | { kind: 'error'; status: number; message: string };

export interface PullProgress {
  /** Rows written by this pull so far. */
  done: number;
  /** The feed's `remaining` after the last page. */
  remaining: number;
}

const message = (body: unknown, status: number): string =>
  isRecord(body) && typeof body.error_message === 'string' ? body.error_message : `HTTP ${status}`;

/**
 * Pages read ahead of the writes, and the most written in one transaction: while the feed is ahead
 * (a first sync: the server prepares each next page before it is asked), the pages already in are
 * stored together, one commit and one read of the touched rows, outbox and totals for several
 * (fewer, larger transactions: docs/decisions.md "Sync engine"). Each page is ~1,000 rows.
 */
export const PAGES_AHEAD = 4;
export const PAGES_PER_WRITE = 4;

/**
 * Pulls the company to the end of its feed; `onPage` reports progress after each write. The next
 * pages are requested while earlier ones are written (each answer's cursor asks for the next), so
 * the server's time, the parsing and the local writes overlap; pages are still written strictly
 * in order, and a failure is reported after the pages before it are stored.
 */
export async function pullCompany(
  deps: PullDeps,
  companyId: number,
  onPage: (progress: PullProgress) => void,
): Promise<PullResult> {
  let done = 0;
  let resynced = false;
  // Pages go through the relaxed connection (src/data/db.ts forPulls): nothing here tells anyone
  // a page is stored, so a crash that loses the newest ones only makes the next pull repeat them.
  const db = await deps.db.forPulls();
  const cursor = (await readCompanySync(db, companyId)).cursor;
  let reader = new FeedReader(deps, companyId, cursor, PAGES_AHEAD);
  for (;;) {
    const answer = await reader.next();
    if (answer.kind === 'auth' || answer.kind === 'offline') return answer;
    if (answer.kind === 'undecodable') {
      return {
        kind: 'error',
        status: answer.status,
        message: `HTTP ${answer.status}: ${answer.error}`,
      };
    }
    if (answer.kind === 'answer') {
      const { status, body } = answer;
      if (status === 401) return { kind: 'auth' };
      if (isNotAMember(status, body)) return { kind: 'left' };
      if (status !== 410) return { kind: 'error', status, message: message(body, status) };
      // A second 410 in one run means the server refuses even the cursors of its own pages
      // (a purge horizon above them): looping would hammer it. Reported, retried later.
      if (resynced) return { kind: 'error', status, message: message(body, status) };
      resynced = true;
      await resync(db, companyId);
      done = 0;
      reader = new FeedReader(deps, companyId, '', PAGES_AHEAD);
      continue;
    }
    const pages = [answer.page];
    for (let last = answer.page; last.hasMore && pages.length < PAGES_PER_WRITE; ) {
      const more = reader.nextIfIn();
      if (!more) break;
      pages.push(more);
      last = more;
    }
    const page = joined(pages);
    try {
      await writePage(db, companyId, page, deps.now());
    } catch (error) {
      // The pages read ahead are dropped: the stored cursor still points before them.
      await reader.stop();
      throw error;
    }
    done += page.changes.length;
    onPage({ done, remaining: page.remaining });
    if (!page.hasMore) return { kind: 'done' };
  }
}

/** Consecutive pages as one: every change in feed order, the last page's cursor and figures. */
function joined(pages: readonly Page[]): Page {
  const last = pages[pages.length - 1];
  if (!last) throw new Error('no page to write');
  return pages.length === 1 ? last : { ...last, changes: pages.flatMap((page) => page.changes) };
}

/** One page, its cursor, the rebased effects and the settled entries: one transaction. */
export function writePage(db: PurchasingDb, companyId: number, page: Page, now: number) {
  return db.transaction('rw', engineTables(db), async () => {
    // An applied answer may already have put a newer version here: the older pulled row would
    // undo it, so it is skipped (one read of the touched rows serves this and the totals).
    const kept = await applyChanges(db, companyId, page.changes, { keepNewer: true });

    const entries = ofCompany((await loadOutbox(db)).entries, companyId);
    const touched = new Set(entries.map(touchedKey));
    const base = new Map<RowKey, Row | null>();
    for (const change of kept) {
      const key = `${change.table}:${change.id}`;
      if (touched.has(key as RowKey)) base.set(key as RowKey, asRow(change.row));
    }
    if (base.size > 0) {
      const rebased = rebase(base, entries);
      await writeRows(db, companyId, rebased.rows);
      await saveEntries(db, rebased.entries, rebased.settled);
    }
    await writeCompanySync(db, companyId, {
      cursor: page.cursor,
      ...(page.hasMore ? {} : { lastSyncedAt: now }),
    });
  });
}

/**
 * 410: the company's rows and cursor are dropped and the feed read again from the start. Rows
 * created offline are not in the feed: their entries' effects are replayed at once; effects on
 * server rows come back with the pages that bring those rows.
 */
async function resync(db: PurchasingDb, companyId: number): Promise<void> {
  await clearCompany(db, companyId);
  await db.transaction('rw', engineTables(db), async () => {
    const entries = ofCompany((await loadOutbox(db)).entries, companyId);
    const base = new Map<RowKey, Row | null>();
    for (const entry of entries) {
      const key = touchedKey(entry);
      if (isTemporaryId(parseRowKey(key).id)) base.set(key, null);
    }
    if (base.size === 0) return;
    const rebased = rebase(base, entries);
    await writeRows(db, companyId, rebased.rows);
    await saveEntries(db, rebased.entries, rebased.settled);
  });
}
