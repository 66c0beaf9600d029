// A pull's feed read ahead of its writes: each answer's cursor asks for the next page at once, so
// a first sync's pages arrive (and are parsed) while earlier ones are being stored, up to a few
// pages ahead; the writer takes them strictly in order, and may take the ones already in together
// (one transaction for several pages: pull.ts). After anything but a page with more after it, the
// chain stops: a failure or the end is always the last answer.
import type { Decoded, FeedPage } from '../../contract/feed';
import { decodeFeedPage } from '../../contract/feed';
import { isRecord } from '../../domain/guards';
import { call, type FetchLike } from './http';

export interface FeedDeps {
  fetch: FetchLike;
  baseUrl: string;
  getToken(): Promise<string | null>;
  pageSize: number;
}

export type Page = Pick<FeedPage, 'cursor' | 'changes'> & { hasMore: boolean; remaining: number };

export type Answer =
  | { kind: 'page'; page: Page }
  /** A page that does not decode: refused whole, nothing of it is written. */
  | { kind: 'undecodable'; status: number; error: string }
  | { kind: 'auth' }
  | { kind: 'offline' }
  /** Any other answer (401, 403, 410, 5xx…), classified by the pull. */
  | { kind: 'answer'; status: number; body: unknown };

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

/**
 * `remaining`: the previous page's, on every page after a pull's first, so the server carries its
 * count down instead of counting the rest of the feed again (src/contract/feed.ts).
 */
async function fetchPage(
  deps: FeedDeps,
  companyId: number,
  cursor: string,
  remaining?: number,
): Promise<Answer> {
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
  const { status, body } = result.answer;
  if (status !== 200) return { kind: 'answer', status, body };
  const read = readPage(body);
  return read.ok
    ? { kind: 'page', page: read.value }
    : { kind: 'undecodable', status, error: read.error };
}

interface Pending {
  answer: Promise<Answer>;
  /** Set once the answer is in. */
  settled: Answer | null;
}

export class FeedReader {
  private readonly queue: Pending[] = [];
  /** The request the chain would make next, held while `ahead` answers wait to be taken. */
  private held: { cursor: string; remaining: number } | null = null;
  private stopped = false;

  /** Reads from `cursor`; at most `ahead` answers are requested or waiting beyond those taken. */
  constructor(
    private readonly deps: FeedDeps,
    private readonly companyId: number,
    cursor: string,
    private readonly ahead: number,
  ) {
    this.request(cursor);
  }

  /** The next answer, in feed order. */
  next(): Promise<Answer> {
    const first = this.queue.shift();
    if (!first) throw new Error('the feed reader has nothing more to give');
    this.resume();
    return first.answer;
  }

  /** The next page when it is already in (a page, not a failure), else null: taken only then. */
  nextIfIn(): Page | null {
    const first = this.queue[0]?.settled;
    if (first?.kind !== 'page') return null;
    this.queue.shift();
    this.resume();
    return first.page;
  }

  /** Asks for nothing more and waits for the requests under way (a write failed: the pull ends). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.held = null;
    await Promise.allSettled(this.queue.map((pending) => pending.answer));
  }

  private request(cursor: string, remaining?: number): void {
    const pending: Pending = { answer: Promise.resolve({ kind: 'offline' }), settled: null };
    pending.answer = fetchPage(this.deps, this.companyId, cursor, remaining).then((answer) => {
      pending.settled = answer;
      if (answer.kind === 'page' && answer.page.hasMore && !this.stopped) {
        this.held = { cursor: answer.page.cursor, remaining: answer.page.remaining };
        this.resume();
      }
      return answer;
    });
    // A request that fails while earlier pages are being written is reported when taken.
    pending.answer.catch(() => undefined);
    this.queue.push(pending);
  }

  private resume(): void {
    if (!this.held || this.stopped || this.queue.length >= this.ahead) return;
    const { cursor, remaining } = this.held;
    this.held = null;
    this.request(cursor, remaining);
  }
}
