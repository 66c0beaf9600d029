// Which entries go now: per-entity order, a refused entry blocking only its own entity, waits for
// temporary ids, uploads, retry times and a paused session; plus a randomized run of sends and
// outcomes checking that no entry ever overtakes an earlier one of its entity and that every
// sendable head is sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTBOX_SEND_WINDOW_MS } from '../../../src/domain/sync/retention';
import { applyOutcome, onApplied, retryFailed } from '../../../src/sync/core/lifecycle';
import type { OutboxEntry } from '../../../src/sync/core/mutations';
import {
  dependentsOf,
  explain,
  filesToUpload,
  leftToSend,
  nextBatch,
  nextWakeAt,
  type SendState,
  type Wait,
} from '../../../src/sync/core/ordering';
import type { Row } from '../../../src/sync/core/types';
import {
  blob,
  createSheet,
  entry,
  message,
  NOW,
  orderOwner,
  saveDraft,
  sendState,
  sheetOwner,
  uploadedAs,
} from './fixtures';

const ids = (entries: readonly OutboxEntry[]) => entries.map((e) => e.seq);

type Case = {
  name: string;
  entries: OutboxEntry[];
  state?: Partial<SendState>;
  waits: Wait[];
  /** What a background delivery ending here reports as left (`leftToSend`). */
  left: number;
};

const cases: Case[] = [
  {
    name: 'a lone pending entry goes',
    entries: [entry(1, sheetOwner(4, 1))],
    waits: ['ready'],
    left: 1,
  },
  {
    name: 'the second change of one sheet waits for the first',
    entries: [entry(1, sheetOwner(4, 1)), entry(2, saveDraft(4, 1))],
    waits: ['ready', 'behind'],
    left: 2,
  },
  {
    name: 'while the first is in flight, the second waits',
    entries: [entry(1, sheetOwner(4, 1), { status: 'sending' }), entry(2, saveDraft(4, 1))],
    waits: ['in-flight', 'behind'],
    left: 2,
  },
  {
    name: 'an applied entry no longer blocks its entity',
    entries: [entry(1, sheetOwner(4, 1), { status: 'applied' }), entry(2, saveDraft(4, 1))],
    waits: ['applied', 'ready'],
    left: 1,
  },
  {
    name: 'a refused entry blocks its own entity only',
    entries: [
      entry(1, sheetOwner(4, 1), { status: 'failed' }),
      entry(2, saveDraft(4, 1)),
      entry(3, sheetOwner(5, 1)),
      entry(4, orderOwner(4, 1)),
    ],
    waits: ['failed', 'behind', 'ready', 'ready'],
    left: 2,
  },
  {
    name: 'an entry on a sheet created offline waits for its id (and behind the create)',
    entries: [entry(1, createSheet(-1)), entry(2, sheetOwner(-1, 0)), entry(3, message(-9, -1))],
    waits: ['ready', 'behind', 'waiting-id'],
    left: 3,
  },
  {
    name: 'once the id is mapped the message goes',
    entries: [entry(3, message(-9, -1))],
    state: { idMap: new Map([[-1, 1234]]) },
    waits: ['ready'],
    left: 1,
  },
  {
    name: 'an entry with a file not uploaded waits for the upload',
    entries: [entry(1, message(-9, 4, [blob('f1')])), entry(2, message(-8, 5, [blob('f2')]))],
    state: { uploaded: new Map([['f2', uploadedAs('11/u/f2.png')]]) },
    waits: ['waiting-files', 'ready'],
    left: 2,
  },
  {
    name: 'a retried entry waits for its time; one due now goes',
    entries: [
      entry(1, sheetOwner(4, 1), { nextAttemptAt: NOW + 1 }),
      entry(2, sheetOwner(5, 1), { nextAttemptAt: NOW }),
    ],
    waits: ['backoff', 'ready'],
    left: 2,
  },
  {
    name: 'a 401 pauses everything',
    entries: [entry(1, sheetOwner(4, 1))],
    state: { paused: true },
    waits: ['paused'],
    left: 1,
  },
  {
    name: 'another user’s entry is never sent',
    entries: [entry(1, sheetOwner(4, 1), { userSub: 'someone-else' })],
    waits: ['other-user'],
    left: 0,
  },
  {
    name: 'an entry whose key is older than the send window is not sent; a younger one is',
    entries: [
      entry(1, sheetOwner(4, 1), { createdAt: NOW - OUTBOX_SEND_WINDOW_MS }),
      entry(2, saveDraft(4, 1)),
      entry(3, sheetOwner(5, 1), { createdAt: NOW - OUTBOX_SEND_WINDOW_MS + 1 }),
    ],
    waits: ['expired', 'behind', 'ready'],
    left: 1,
  },
  {
    name: 'a resubmitted old entry counts from its new key',
    entries: [
      entry(1, sheetOwner(4, 1), {
        createdAt: NOW - 2 * OUTBOX_SEND_WINDOW_MS,
        keySince: NOW - 1000,
      }),
    ],
    waits: ['ready'],
    left: 1,
  },
  {
    name: 'an unreadable stored entry blocks the later entries of its entity',
    entries: [entry(1, sheetOwner(4, 1)), entry(5, sheetOwner(5, 1))],
    state: { unreadable: new Map([['sheets:5', 3]]) },
    waits: ['ready', 'unreadable'],
    left: 1,
  },
];

describe('explain / nextBatch / leftToSend', () => {
  it.each(cases)('$name', ({ entries, state, waits, left }) => {
    const s = sendState(state);
    const explained = explain(entries, s, NOW);
    expect(entries.map((e) => explained.get(e.id))).toEqual(waits);
    const ready = entries.filter((_, i) => waits[i] === 'ready');
    expect(ids(nextBatch([...entries].reverse(), s, NOW))).toEqual(ids(ready));
    expect(leftToSend([...entries].reverse(), s, NOW)).toBe(left);
  });

  it('sends at most `limit`, oldest first', () => {
    const entries = [3, 1, 2].map((n) => entry(n, sheetOwner(n, 1)));
    expect(ids(nextBatch(entries, sendState(), NOW, 2))).toEqual([1, 2]);
  });
});

describe('nextWakeAt', () => {
  it('is the earliest retry time of a head held back by time alone', () => {
    const entries = [
      entry(1, sheetOwner(4, 1), { nextAttemptAt: NOW + 5000 }),
      entry(2, sheetOwner(4, 1), { nextAttemptAt: NOW + 10 }), // behind: not a head
      entry(3, sheetOwner(5, 1), { nextAttemptAt: NOW + 3000 }),
      entry(4, sheetOwner(6, 1), { nextAttemptAt: NOW + 1, status: 'failed' }),
    ];
    expect(nextWakeAt(entries, sendState(), NOW)).toBe(NOW + 3000);
    expect(nextWakeAt(entries, sendState({ paused: true }), NOW)).toBeNull();
    expect(nextWakeAt([entry(1, sheetOwner(4, 1))], sendState(), NOW)).toBeNull();
  });
});

describe('filesToUpload', () => {
  it('lists each waiting blob once, oldest entry first, skipping refused entries', () => {
    const entries = [
      entry(2, message(-8, 5, [blob('b'), blob('a')])),
      entry(1, message(-9, 4, [blob('a')])),
      entry(3, message(-7, 6, [blob('c')]), { status: 'failed' }),
      entry(4, message(-6, 7, [blob('d')])),
    ];
    const state = sendState({ uploaded: new Map([['d', uploadedAs('11/u/d.png')]]) });
    expect(filesToUpload(entries, state).map((f) => f.clientFileId)).toEqual(['a', 'b']);
  });
});

describe('dependentsOf', () => {
  it('finds the entries that need a create’s temporary id', () => {
    const create = entry(1, createSheet(-1));
    const entries = [
      create,
      entry(2, sheetOwner(-1, 0)),
      entry(3, message(-9, -1)),
      entry(4, sheetOwner(4, 1)),
    ];
    expect(ids(dependentsOf(entries, create, new Map()))).toEqual([2, 3]);
    expect(dependentsOf(entries, create, new Map([[-1, 1234]]))).toEqual([]);
  });
});

// ---- randomized: per-entity order and progress ------------------------------------------------

type Answer = 'applied' | 'retry' | 'rejected' | 'auth';

/** Entity i is sheet 100+i, or a sheet created offline (-(i+1), later 100+i). */
function buildEntries(
  plan: Array<{ entity: number; kind: 'edit' | 'message' }>,
  offline: boolean[],
) {
  const entries: OutboxEntry[] = [];
  const created = new Set<number>();
  let seq = 0;
  for (const { entity, kind } of plan) {
    const id = offline[entity] ? -(entity + 1) : 100 + entity;
    if (offline[entity] && !created.has(entity)) {
      created.add(entity);
      entries.push(entry(++seq, createSheet(id)));
    }
    seq += 1;
    entries.push(entry(seq, kind === 'edit' ? sheetOwner(id, 0) : message(-(1000 + seq), id)));
  }
  return entries;
}

function answerRow(e: OutboxEntry, version: number): Row {
  if (e.type === 'sheet.create') return { id: 100 - e.payload.sheetId - 1, version };
  if (e.type === 'message.post') return { id: 5000 - e.payload.todoId, version };
  return { id: 1, version };
}

/** The oracle: each entity's first unapplied entry, when pending, due and not waiting for an id. */
function sendableHeads(entries: readonly OutboxEntry[], state: SendState, now: number) {
  const heads = new Map<string, OutboxEntry>();
  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (e.status !== 'applied' && !heads.has(e.entity)) heads.set(e.entity, e);
  }
  const waitsFor = (id: number) => id < 0 && !state.idMap.has(id);
  const needsId = (e: OutboxEntry) =>
    (e.type === 'message.post' && waitsFor(e.payload.moduleId)) ||
    (e.type === 'sheet.changeOwner' && waitsFor(e.payload.id));
  return [...heads.values()]
    .filter((e) => e.status === 'pending' && e.nextAttemptAt <= now && !needsId(e))
    .map((e) => e.id)
    .sort();
}

describe('nextBatch, randomized', () => {
  it('never sends an entry before the earlier ones of its entity are applied, and sends every sendable head', () => {
    const plan = fc.array(
      fc.record({
        entity: fc.integer({ min: 0, max: 3 }),
        kind: fc.constantFrom<'edit' | 'message'>('edit', 'message'),
      }),
      { minLength: 1, maxLength: 20 },
    );
    const steps = fc.array(
      fc.record({
        answers: fc.array(
          fc.constantFrom<Answer>('applied', 'applied', 'retry', 'rejected', 'auth'),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        advance: fc.integer({ min: 0, max: 400_000 }),
        user: fc.constantFrom('none', 'none', 'retry', 'discard'),
        random: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(
        plan,
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        steps,
        (p, offline, run) => {
          let entries = buildEntries(p, offline);
          let state = sendState();
          let now = NOW;
          let version = 1;
          for (const step of run) {
            const batch = nextBatch(entries, state, now);
            expect(batch.map((e) => e.id).sort()).toEqual(
              state.paused ? [] : sendableHeads(entries, state, now),
            );
            for (const sent of batch) {
              const earlier = entries.filter((e) => e.entity === sent.entity && e.seq < sent.seq);
              expect(earlier.every((e) => e.status === 'applied')).toBe(true);
            }
            state = { ...state, paused: false };
            batch.forEach((sent, index) => {
              const answer = step.answers[index % step.answers.length] ?? 'applied';
              const current = entries.find((e) => e.id === sent.id);
              if (!current) return;
              if (answer === 'applied') {
                version += 1;
                const row = answerRow(current, version);
                const result = onApplied(
                  entries,
                  sent.id,
                  { kind: 'applied', status: 200, data: row, row },
                  state.idMap,
                  now,
                );
                entries = result.entries;
                state = { ...state, idMap: result.idMap };
                return;
              }
              const outcome =
                answer === 'retry'
                  ? { kind: 'retry' as const, status: 503, retryAfterMs: null, message: 'busy' }
                  : answer === 'auth'
                    ? { kind: 'auth' as const, status: 401 as const, message: 'expired' }
                    : {
                        kind: 'rejected' as const,
                        status: 422,
                        code: 'X',
                        message: 'no',
                        serverRow: null,
                      };
              if (answer === 'auth') state = { ...state, paused: true };
              const next = applyOutcome(current, outcome, now, () => step.random);
              entries = entries.map((e) => (e.id === sent.id ? next : e));
            });
            const failed = entries.find((e) => e.status === 'failed');
            if (failed && step.user === 'retry') {
              entries = entries.map((e) => (e.id === failed.id ? retryFailed(e, now) : e));
            }
            if (failed && step.user === 'discard')
              entries = entries.filter((e) => e.id !== failed.id);
            now += step.advance;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
