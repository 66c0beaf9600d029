// The feed read ahead of the writes (src/sync/engine/feedReader.ts) and the pull that takes it
// (pull.ts), over a feed the test answers by hand: each next page is asked for as soon as the
// previous one arrives, never more than `ahead` beyond the writer, always with the previous cursor
// and `remaining`; pages already in are stored together under the last one's cursor, and pages
// before a failure are stored before the failure is reported.
import '../../data/rows';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedChange } from '../../../src/contract/feedRows';
import { PurchasingDb } from '../../../src/data/db';
import { readCompanySync } from '../../../src/data/meta';
import { FeedReader } from '../../../src/sync/engine/feedReader';
import { type PullProgress, pullCompany } from '../../../src/sync/engine/pull';
import { sheet } from '../../data/rows';

/** A feed whose answers the test releases one by one; every request is recorded. */
class HandFeed {
  readonly asked: URLSearchParams[] = [];
  private readonly waiting: Array<(response: Response) => void> = [];

  fetch = (url: string): Promise<Response> => {
    this.asked.push(new URL(url).searchParams);
    return new Promise((resolve) => this.waiting.push(resolve));
  };

  /** Answers the oldest request still open (made once the token is read). */
  async answer(status: number, body: unknown): Promise<void> {
    for (let i = 0; i < 20 && this.waiting.length === 0; i++) await tick();
    const reply = this.waiting.shift();
    if (!reply) throw new Error('no request is open');
    reply(new Response(JSON.stringify(body), { status }));
  }

  /** Page `n` of `of`, two sheets each (ids 2n-1 and 2n), the cursor after it `c<n>`. */
  page(n: number, of: number): Promise<void> {
    const changes: FeedChange[] = [2 * n - 1, 2 * n].map((id) => ({
      table: 'sheets',
      op: 'upsert',
      id: String(id),
      row: sheet(id),
    }));
    return this.answer(200, {
      data: { cursor: `c${n}`, has_more: n < of, remaining: 2 * (of - n), changes },
    });
  }

  get open(): number {
    return this.waiting.length;
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const settle = async () => {
  for (let i = 0; i < 20; i++) await tick();
};

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error('timed out');
}

const deps = (feed: HandFeed, db: PurchasingDb) => ({
  db,
  fetch: feed.fetch,
  baseUrl: 'http://feed.test',
  getToken: async () => 'token',
  now: () => 1000,
  pageSize: 2,
});

let db: PurchasingDb | null = null;
afterEach(async () => {
  await db?.delete({ disableAutoOpen: true });
  db = null;
});

describe('FeedReader', () => {
  it('asks for each next page as the previous arrives, at most `ahead` beyond the writer', async () => {
    const feed = new HandFeed();
    const reader = new FeedReader(deps(feed, new PurchasingDb('unused')), 3, 'c0', 2);
    await feed.page(1, 9);
    await settle();
    // Page 1 arrived and page 2 is asked for: two not taken, the limit.
    expect(feed.asked.map((query) => query.get('cursor'))).toEqual(['c0', 'c1']);
    await feed.page(2, 9);
    await settle();
    expect(feed.asked).toHaveLength(2);
    expect(reader.nextIfIn()?.cursor).toBe('c1');
    await settle();
    expect(feed.asked.map((query) => query.get('cursor'))).toEqual(['c0', 'c1', 'c2']);
    // The first request counts; each later one sends the previous page's remaining back.
    expect(feed.asked.map((query) => query.get('remaining'))).toEqual([null, '16', '14']);
    expect(feed.asked.every((query) => query.get('currentCompanyId') === '3')).toBe(true);
    // A page not yet in is not taken by nextIfIn.
    expect(reader.nextIfIn()?.cursor).toBe('c2');
    expect(reader.nextIfIn()).toBeNull();
    await feed.page(3, 9);
    expect(await reader.next()).toMatchObject({ kind: 'page', page: { cursor: 'c3' } });
  });

  it('asks for nothing after a failure or the last page', async () => {
    const failing = new HandFeed();
    const reader = new FeedReader(deps(failing, new PurchasingDb('unused')), 3, '', 4);
    await failing.answer(503, { error_message: 'busy' });
    expect(await reader.next()).toMatchObject({ kind: 'answer', status: 503 });
    expect(reader.nextIfIn()).toBeNull();
    const ending = new HandFeed();
    const last = new FeedReader(deps(ending, new PurchasingDb('unused')), 3, '', 4);
    await ending.page(1, 1);
    expect(await last.next()).toMatchObject({ kind: 'page', page: { hasMore: false } });
    await settle();
    expect([failing.asked.length, ending.asked.length]).toEqual([1, 1]);
  });
});

describe('pullCompany with pages read ahead', () => {
  it('stores the pages already in together, under the last cursor', async () => {
    const feed = new HandFeed();
    db = new PurchasingDb('reader-together', { indexedDB, IDBKeyRange });
    // The first write waits for the test, so the next pages arrive while it is held.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    let held = false;
    Object.assign(db, {
      transaction: (...args: unknown[]) => {
        if (held) return transaction(...args);
        held = true;
        return gate.then(() => transaction(...args));
      },
    });
    const progress: PullProgress[] = [];
    const pull = pullCompany(deps(feed, db), 1, (step) => progress.push(step));
    for (let n = 1; n <= 4; n++) {
      await feed.page(n, 5);
      await settle();
    }
    expect(progress).toEqual([]);
    release();
    await until(() => progress.length === 2);
    await feed.page(5, 5);
    expect(await pull).toEqual({ kind: 'done' });
    // Page 1 alone (taken before the others came), pages 2-4 in one write, then page 5.
    expect(progress).toEqual([
      { done: 2, remaining: 8 },
      { done: 8, remaining: 2 },
      { done: 10, remaining: 0 },
    ]);
    expect(await db.sheets.count()).toBe(10);
    expect(await readCompanySync(db, 1)).toMatchObject({ cursor: 'c5', lastSyncedAt: 1000 });
  });

  it('stores the pages before a failure, then reports it, the cursor after them', async () => {
    const feed = new HandFeed();
    db = new PurchasingDb('reader-failure', { indexedDB, IDBKeyRange });
    const pull = pullCompany(deps(feed, db), 1, () => undefined);
    await settle();
    await feed.page(1, 5);
    await settle();
    await feed.page(2, 5);
    await settle();
    await feed.answer(500, { error_message: '服务器错误' });
    expect(await pull).toEqual({ kind: 'error', status: 500, message: '服务器错误' });
    expect(await db.sheets.count()).toBe(4);
    expect((await readCompanySync(db, 1)).cursor).toBe('c2');
    expect(feed.asked).toHaveLength(3);
  });
});
