// Which uploads a push round tries (src/sync/engine/uploads.ts UploadRetries over ordering.ts
// `filesWaitedFor`): only the files of heads held back by nothing but their files, each file not
// before its backoff, and when the retry timer must wake for them.
import { describe, expect, it } from 'vitest';
import { UploadRetries } from '../../../src/sync/engine/uploads';
import { blob, entry, message, NOW, sendState, sheetOwner, uploadedAs } from '../core/fixtures';

const entries = [
  // Head of its thread: waits for a and b.
  entry(1, message(-1, 4, [blob('a'), blob('b')])),
  // Behind it in the same thread: its file waits for its turn.
  entry(2, message(-2, 4, [blob('c')])),
  // Refused: its file is not uploaded until the user retries it.
  entry(3, message(-3, 5, [blob('d')]), { status: 'failed' }),
  // Its file is on the server already: ready, nothing to upload.
  entry(4, message(-4, 6, [blob('e')])),
  // Names no blob at all: listed, so the engine refuses it rather than let it wait.
  entry(5, message(-5, 7, [{ ...blob('x'), clientFileId: null }])),
  entry(6, sheetOwner(8, 1)),
];
const state = sendState({ uploaded: new Map([['e', uploadedAs('11/u/e.png')]]) });
const ids = (waited: ReturnType<UploadRetries['due']>) =>
  waited.map(({ entry, ref }) => [entry.seq, ref.clientFileId]);

describe('UploadRetries', () => {
  it('lists the files of heads that wait only for them', () => {
    const retries = new UploadRetries(() => 0.5);
    expect(ids(retries.due(entries, state, NOW))).toEqual([
      [1, 'a'],
      [1, 'b'],
      [5, null],
    ]);
    expect(retries.wakeAt(entries, state, NOW)).toBeNull();
  });

  it('holds a file back for its backoff and wakes the timer for it', () => {
    const retries = new UploadRetries(() => 0.5);
    retries.failed('a', NOW, null);
    // Full jitter at 0.5 of the first ceiling (1 s).
    expect(ids(retries.due(entries, state, NOW))).toEqual([
      [1, 'b'],
      [5, null],
    ]);
    expect(retries.wakeAt(entries, state, NOW)).toBe(NOW + 500);
    expect(ids(retries.due(entries, state, NOW + 500))).toContainEqual([1, 'a']);
    retries.failed('a', NOW, 30_000);
    expect(retries.wakeAt(entries, state, NOW)).toBe(NOW + 30_000);
    retries.answered('a');
    expect(retries.wakeAt(entries, state, NOW)).toBeNull();
  });

  it('lists nothing while pushing is paused', () => {
    const retries = new UploadRetries(() => 0.5);
    expect(retries.due(entries, sendState({ paused: true }), NOW)).toEqual([]);
  });
});
