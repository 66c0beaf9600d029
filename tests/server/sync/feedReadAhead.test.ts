// The read-ahead cache of feed answers: an answer prepared for a request is handed to it once
// built, waits no longer than its time, never holds more bytes than its budget (oldest out
// first), and a preparation that fails leaves nothing behind for the request to wait on.
import { describe, expect, it } from 'vitest';
import { FeedReadAhead, readAheadKey } from '../../../server/sync/feedReadAhead';

const answer = (size: number, tag = '') => ({ bytes: Buffer.alloc(size), tag });

function cache(maxBytes: number, ttlMs = 1000) {
  let clock = 0;
  const readAhead = new FeedReadAhead<ReturnType<typeof answer>>({
    maxBytes,
    ttlMs,
    now: () => clock,
  });
  return { readAhead, advance: (ms: number) => (clock += ms) };
}

describe('FeedReadAhead', () => {
  it('hands a prepared answer to its request, even while it is still being built', async () => {
    const { readAhead } = cache(1000);
    let finish: (value: ReturnType<typeof answer>) => void = () => {};
    readAhead.prepare('a', () => new Promise((resolve) => (finish = resolve)));
    const taken = readAhead.take('a');
    expect(taken).toBeDefined();
    finish(answer(10, 'built'));
    expect((await taken)?.tag).toBe('built');
    expect(readAhead.take('b')).toBeUndefined();
    expect(readAhead.bytesHeld).toBe(10);
  });

  it('builds once for a key asked to prepare twice', async () => {
    const { readAhead } = cache(1000);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return answer(10);
    };
    readAhead.prepare('a', build);
    readAhead.prepare('a', build);
    await readAhead.take('a');
    expect(builds).toBe(1);
  });

  it('forgets an answer after its time', async () => {
    const { readAhead, advance } = cache(1000, 500);
    readAhead.prepare('a', async () => answer(10));
    await readAhead.take('a');
    advance(499);
    expect(readAhead.take('a')).toBeDefined();
    advance(1);
    expect(readAhead.take('a')).toBeUndefined();
    expect(readAhead.bytesHeld).toBe(0);
  });

  it('holds no more than its budget, letting the oldest go first', async () => {
    const { readAhead } = cache(250);
    for (const key of ['a', 'b', 'c']) {
      readAhead.prepare(key, async () => answer(100, key));
      await readAhead.take(key);
    }
    expect(readAhead.take('a')).toBeUndefined();
    expect((await readAhead.take('b'))?.tag).toBe('b');
    expect((await readAhead.take('c'))?.tag).toBe('c');
    expect(readAhead.bytesHeld).toBe(200);
  });

  it('keeps no answer larger than the whole budget', async () => {
    const { readAhead } = cache(50);
    readAhead.prepare('big', async () => answer(51));
    expect((await readAhead.take('big'))?.bytes.length).toBe(51);
    expect(readAhead.take('big')).toBeUndefined();
    expect(readAhead.bytesHeld).toBe(0);
  });

  it('leaves nothing behind when the preparation fails', async () => {
    const { readAhead } = cache(1000);
    readAhead.prepare('a', async () => {
      throw new Error('the database went away');
    });
    await expect(readAhead.take('a')).resolves.toBeNull();
    expect(readAhead.take('a')).toBeUndefined();
  });

  it('prepares nothing with a budget of 0', () => {
    const { readAhead } = cache(0);
    let built = false;
    readAhead.prepare('a', async () => {
      built = true;
      return answer(1);
    });
    expect(built).toBe(false);
    expect(readAhead.take('a')).toBeUndefined();
  });

  it('keys a request by everything that changes its bytes', () => {
    const base = { companyId: 7, cursor: '120', limit: 1000, remaining: 40, encoding: 'br' };
    const keys = new Set([
      readAheadKey(base),
      readAheadKey({ ...base, companyId: 8 }),
      readAheadKey({ ...base, cursor: '121' }),
      readAheadKey({ ...base, limit: 500 }),
      readAheadKey({ ...base, remaining: undefined }),
      readAheadKey({ ...base, encoding: 'gzip' }),
      readAheadKey({ ...base, encoding: null }),
    ]);
    expect(keys.size).toBe(7);
  });
});
