// Pulling one company's feed (docs/api.md `GET /sync-api/v1/changes`): page by page, each page
// written in ONE transaction with its cursor, so the cursor never runs ahead of the rows. In that
// transaction pulled rows older than the local copy are dropped (an applied answer may already
// have put a newer version there), pending outbox effects are re-applied on top of the pulled
// rows (no flicker), and applied entries the rows show are removed. A 410 clears the company and
// starts again from the beginning of its feed, keeping the outbox and its effects.

import { type Decoded, decodeFeedPage, type FeedPage } from '../../contract/feed';
import type { PurchasingDb } from '../../data/db';
import { readCompanySync, writeCompanySync } from '../../data/meta';
import { applyChanges, clearCompany } from '../../data/writes';
import { isRecord } from '../../domain/guards';
import { touchedKey } from '../core/mutations';
import { rebase } from '../core/rebase';
import { asRow, isTemporaryId, parseRowKey, type Row, type RowKey } from '../core/types';
import { loadOutbox } from '../outbox';
import { call, type FetchLike } from './http';
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

type Page = Pick<FeedPage, 'cursor' | 'changes'> & { hasMore: boolean; remaining: number };

/**
 * A 200's page, decoded against the contract (src/contract/feed.ts): a page that does not decode
 * is refused whole, nothing of it is written and the cursor stays before it.
 */
function readPage(body: unknown): Decoded<Page> {
  const decoded = decodeFeedPage(isRecord(body) ? body.data : undefined);
  if (!decoded.ok) return decoded;
  const { cursor, has_more, remaining, changes } = decoded.value;
  return { ok: true, value: { cursor, hasMore: has_more, remaining, changes } };
}

const message = (body: unknown, status: number): string =>
  isRecord(body) && typeof body.error_message === 'string' ? body.error_message : `HTTP ${status}`;

type Fetched =
  | { kind: 'auth' }
  | { kind: 'offline' }
  | { kind: 'answer'; status: number; body: unknown };

/**
 * `remaining`: the previous page's, on every page after a pull's first, so the server carries its
 * count down instead of counting the rest of the feed again (src/contract/feed.ts).
 */
function fetchPage(
  deps: PullDeps,
  companyId: number,
  cursor: string,
  remaining?: number,
): Promise<Fetched> {
  return (async (): Promise<Fetched> => {
    const token = await deps.getToken();
    if (token === null) return { kind: 'auth' };
    const query = new URLSearchParams({
      currentCompanyId: String(companyId),
      cursor,
      limit: String(deps.pageSize),
    });
    if (remaining !== undefined) query.set('remaining', String(remaining));
    const result = await call(deps.fetch, deps.baseUrl, {
      method: 'GET',
      target: `/sync-api/v1/changes?${query}`,
      token,
    });
    if (result.kind === 'network') return { kind: 'offline' };
    return { kind: 'answer', status: result.answer.status, body: result.answer.body };
  })();
}

/**
 * Pulls the company to the end of its feed; `onPage` reports progress after each page. The next
 * page is requested while the current one is written (its cursor comes with the answer), so the
 * server's time and the local writes overlap; pages are still written strictly in order.
 */
export async function pullCompany(
  deps: PullDeps,
  companyId: number,
  onPage: (progress: PullProgress) => void,
): Promise<PullResult> {
  let done = 0;
  let resynced = false;
  let request = fetchPage(deps, companyId, (await readCompanySync(deps.db, companyId)).cursor);
  for (;;) {
    const fetched = await request;
    if (fetched.kind !== 'answer') return fetched;
    const { status, body } = fetched;
    if (status === 401) return { kind: 'auth' };
    if (isNotAMember(status, body)) return { kind: 'left' };
    if (status === 410) {
      // A second 410 in one run means the server refuses even the cursors of its own pages
      // (a purge horizon above them): looping would hammer it. Reported, retried later.
      if (resynced) return { kind: 'error', status, message: message(body, status) };
      resynced = true;
      await resync(deps.db, companyId);
      done = 0;
      request = fetchPage(deps, companyId, '');
      continue;
    }
    if (status !== 200) return { kind: 'error', status, message: message(body, status) };
    const read = readPage(body);
    if (!read.ok) return { kind: 'error', status, message: `HTTP ${status}: ${read.error}` };
    const page = read.value;
    const next = page.hasMore ? fetchPage(deps, companyId, page.cursor, page.remaining) : null;
    try {
      await writePage(deps.db, companyId, page, deps.now());
    } catch (error) {
      // The prefetched page is dropped: the stored cursor still points before it.
      await next?.catch(() => undefined);
      throw error;
    }
    done += page.changes.length;
    onPage({ done, remaining: page.remaining });
    if (!next) return { kind: 'done' };
    request = next;
  }
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
