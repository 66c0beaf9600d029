// A first sync pages through tens of thousands of rows, and the client spends longer storing a
// page than the server takes to build the next one. So while the client works, the server reads,
// builds and compresses the page it will ask for next, and answers that request from memory: the
// database read and the compression leave the client's critical path. Colleagues of one company
// starting together ask for the same pages and share them. Bounded in bytes and in time.

/** An answer ready to send: its bytes as they go on the wire (compressed or not). */
type Prepared = { bytes: Buffer };

type Entry<T> = { answer: Promise<T | null>; bytes: number; expires: number };

export type ReadAheadOptions = {
  /** The most bytes all prepared answers may hold together; 0 prepares nothing. */
  maxBytes: number;
  /** How long a prepared answer waits for its request. */
  ttlMs: number;
  now?: () => number;
};

/**
 * The answers prepared ahead, by request key (company, cursor, limit, remaining, encoding: the
 * next request of a client paging through is fully known from the page it is given). Oldest
 * first out when over budget; an answer whose preparation failed is simply absent.
 */
export class FeedReadAhead<T extends Prepared> {
  private readonly entries = new Map<string, Entry<T>>();
  private held = 0;
  private readonly now: () => number;

  constructor(private readonly options: ReadAheadOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  /** Bytes held by prepared answers now (answers still being built count as nothing yet). */
  get bytesHeld(): number {
    return this.held;
  }

  /** The answer prepared for this request, if any (it may still be under way). */
  take(key: string): Promise<T | null> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.drop(key);
      return undefined;
    }
    return entry.answer;
  }

  /**
   * Prepares the answer of a request expected soon, unless one is held or under way. `build`
   * failing (the database went away) leaves nothing behind: the request builds its own.
   */
  prepare(key: string, build: () => Promise<T>): void {
    if (!this.enabled || this.entries.has(key)) return;
    this.sweep();
    const entry: Entry<T> = { answer: Promise.resolve(null), bytes: 0, expires: Infinity };
    entry.answer = build().then(
      (answer) => {
        if (this.entries.get(key) !== entry) return answer;
        entry.bytes = answer.bytes.length;
        entry.expires = this.now() + this.options.ttlMs;
        this.held += entry.bytes;
        this.evictOverBudget(key);
        return answer;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        return null;
      },
    );
    this.entries.set(key, entry);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.bytes;
    this.entries.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.drop(key);
  }

  /** Oldest first (Map order is insertion order), never the answer just made. */
  private evictOverBudget(keep: string): void {
    for (const key of this.entries.keys()) {
      if (this.held <= this.options.maxBytes) return;
      const entry = this.entries.get(key);
      if (key === keep || !entry || entry.bytes === 0) continue;
      this.drop(key);
    }
    // Alone over the budget (one page larger than it): not kept.
    if (this.held > this.options.maxBytes) this.drop(keep);
  }
}

/** The key of a feed request: what makes two requests' answers the same bytes. */
export function readAheadKey(parts: {
  companyId: number;
  cursor: string;
  limit: number;
  remaining: number | undefined;
  encoding: string | null;
}): string {
  const { companyId, cursor, limit, remaining, encoding } = parts;
  return `${companyId}|${cursor}|${limit}|${remaining ?? ''}|${encoding ?? ''}`;
}
