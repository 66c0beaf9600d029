// How an entry moves through its outcomes, what an applied create does to the rest of the outbox
// (ids mapped, If-Match chained), the user's retry of a refusal, crash recovery, and one whole
// offline session walked through with the pure functions only, as the engine will call them.
import { describe, expect, it } from 'vitest';
import { OUTBOX_SEND_WINDOW_MS } from '../../../src/domain/sync/retention';
import { mapRows, mapSearch } from '../../../src/sync/core/idMap';
import {
  applyOutcome,
  chainIfMatch,
  chainToApplied,
  expiredOutcome,
  isExpired,
  isStaleAnswer,
  onApplied,
  recoverInFlight,
  retryFailed,
} from '../../../src/sync/core/lifecycle';
import { type OutboxEntry, toRequest } from '../../../src/sync/core/mutations';
import { nextBatch } from '../../../src/sync/core/ordering';
import { classifyAnswer, type Outcome } from '../../../src/sync/core/outcomes';
import { enqueueEffect, rebase, rollback } from '../../../src/sync/core/rebase';
import { PENDING_FIELD, type Row, type RowKey } from '../../../src/sync/core/types';
import {
  CLIENT,
  createSheet,
  entry,
  message,
  NOW,
  saveDraft,
  sendState,
  sheetOwner,
  sheetRow,
  todoRow,
  todoState,
} from './fixtures';

const appliedWith = (row: Row): Extract<Outcome, { kind: 'applied' }> => ({
  kind: 'applied',
  status: 200,
  data: row,
  row,
});

describe('applyOutcome', () => {
  const sending = entry(1, sheetOwner(4, 3), { status: 'sending', attempts: 2 });

  it.each<[string, Outcome, Partial<OutboxEntry>]>([
    [
      'applied keeps the answered version',
      appliedWith(sheetRow(4, 9)),
      { status: 'applied', applied: { version: 9, id: 4, at: NOW } },
    ],
    [
      'retry backs off (attempt 3, random 0.5 → 2 s)',
      { kind: 'retry', status: 503, retryAfterMs: null, message: '忙' },
      { status: 'pending', attempts: 3, nextAttemptAt: NOW + 2000, lastError: '忙' },
    ],
    [
      'retry honours Retry-After',
      { kind: 'retry', status: 429, retryAfterMs: 60_000, message: '忙' },
      { status: 'pending', nextAttemptAt: NOW + 60_000 },
    ],
    [
      '401 waits unchanged for the session',
      { kind: 'auth', status: 401, message: '过期' },
      { status: 'pending', attempts: 2, nextAttemptAt: NOW },
    ],
    [
      'a refusal fails with the message',
      { kind: 'rejected', status: 422, code: 'NOT_DRAFT', message: '只有草稿', serverRow: null },
      {
        status: 'failed',
        failure: { status: 422, code: 'NOT_DRAFT', message: '只有草稿', serverRow: null },
      },
    ],
    [
      '403 fails with the spec message',
      { kind: 'forbidden', status: 403, code: 'FORBIDDEN', message: '你暂无该权限，请先获取权限' },
      {
        status: 'failed',
        failure: {
          status: 403,
          code: 'FORBIDDEN',
          message: '你暂无该权限，请先获取权限',
          serverRow: null,
        },
      },
    ],
  ])('%s', (_name, outcome, expected) => {
    expect(applyOutcome(sending, outcome, NOW, () => 0.5)).toMatchObject(expected);
  });

  it('a slow 409 keeps the newer row a pull brought meanwhile, for If-Match on overwrite', () => {
    const pulled = sheetRow(4, 8);
    const held = { ...sending, before: { 'sheets:4': pulled } };
    const refused = applyOutcome(
      held,
      {
        kind: 'rejected',
        status: 409,
        code: 'VERSION_CONFLICT',
        message: 'x',
        serverRow: sheetRow(4, 6),
      },
      NOW,
      () => 0.5,
    );
    expect(refused.failure?.serverRow).toBe(pulled);
    expect(retryFailed(refused, NOW, { overwrite: true }).payload).toMatchObject({ ifMatch: 8 });
  });

  it('a late answer does not undo a refusal already recorded; an apply still counts', () => {
    const refused = entry(1, sheetOwner(4, 3), {
      status: 'failed',
      failure: { status: 422, code: 'LEFT', message: '已离职', serverRow: null },
    });
    const lost: Outcome = { kind: 'retry', status: null, retryAfterMs: null, message: '断开' };
    expect(isStaleAnswer(refused, lost)).toBe(true);
    expect(isStaleAnswer(refused, { kind: 'auth', status: 401, message: '过期' })).toBe(true);
    expect(isStaleAnswer(refused, appliedWith(sheetRow(4, 9)))).toBe(false);
    expect(isStaleAnswer(sending, lost)).toBe(false);
  });

  it('entries in flight when the worker died are sent again (same key)', () => {
    const entries = [entry(1, sheetOwner(4, 3), { status: 'sending' }), entry(2, sheetOwner(5, 3))];
    const recovered = recoverInFlight(entries);
    expect(recovered.map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(recovered[0]?.key).toBe(entries[0]?.key);
  });
});

describe('onApplied', () => {
  it('maps a created sheet and brand into later entries and chains their If-Match', () => {
    const entries = [
      entry(1, createSheet(-1, { brand: { id: -2, name: 'Acme', view: null } }), {
        status: 'sending',
      }),
      entry(2, saveDraft(-1, 0, { brand: { id: -2, name: 'Acme', view: null } })),
      entry(3, message(-5, -1)),
      entry(4, sheetOwner(-1, 0)),
      entry(5, sheetOwner(8, 0)),
    ];
    const answer = sheetRow(1234, 40, { brand: { id: 77, name: 'Acme' } });
    const result = onApplied(entries, entries[0]?.id ?? '', appliedWith(answer), new Map(), NOW);
    expect(result.mappings).toEqual([
      [-1, 1234],
      [-2, 77],
    ]);
    expect([...result.idMap]).toEqual([
      [-1, 1234],
      [-2, 77],
    ]);
    const [create, draft, msg, owner, other] = result.entries;
    expect(create).toMatchObject({ status: 'applied', applied: { version: 40, id: 1234 } });
    expect(draft).toMatchObject({
      entity: 'sheets:1234',
      payload: { sheetId: 1234, ifMatch: 40, brand: { id: 77 } },
    });
    expect(msg).toMatchObject({
      entity: 'threads:INQUERY_QUOTATION_SHEET:1234',
      payload: { moduleId: 1234 },
    });
    // Written against the same offline row as the draft save: it will follow the save, which
    // chains it again when it lands.
    expect(owner?.payload).toMatchObject({ id: 1234, ifMatch: 40 });
    expect(other).toBe(entries[4]);
  });

  it('puts the answered row in place, with the effects still pending on it; the entry stays', () => {
    const create = enqueueEffect(new Map(), entry(1, createSheet(-1)));
    const save = enqueueEffect(create.rows, entry(2, saveDraft(-1, 0, { remark: '加急' })));
    const entries = [{ ...create.entry, status: 'sending' as const }, save.entry];
    const answer = sheetRow(1234, 40);
    const result = onApplied(entries, create.entry.id, appliedWith(answer), new Map(), NOW);
    expect(result.settled).toEqual([]);
    expect([...result.rows.keys()]).toEqual(['sheets:1234']);
    expect(result.rows.get('sheets:1234')).toMatchObject({
      name: answer.name,
      version: 40,
      remark: '加急',
      [PENDING_FIELD]: true,
    });
    // The save now rolls back to the answered row, not to the optimistic draft.
    expect(result.entries[1]?.before).toEqual({ 'sheets:1234': answer });
  });

  it.each([
    ['a to-do already in that state (answered unchanged)', 5, 5],
    ['a replay answering an older first result', 8, 6],
  ])('settles at once on %s', (_name, known, answered) => {
    const e = enqueueEffect(
      new Map([['todos:5', todoRow(5, known, 'READ')]]),
      entry(1, todoState(5, 'READ')),
    ).entry;
    const result = onApplied([e], e.id, appliedWith(todoRow(5, answered, 'READ')), new Map(), NOW);
    expect(result.settled).toEqual([e.id]);
    // The row the device holds goes back in place, without the pending mark.
    expect(result.rows).toEqual(new Map([['todos:5', todoRow(5, known, 'READ')]]));
  });

  it('chains only later entries of the same row written against the same version', () => {
    const first = entry(1, sheetOwner(4, 3), { status: 'applied' });
    const entries = [
      first,
      entry(2, saveDraft(4, 3)),
      entry(3, saveDraft(4, 5)),
      entry(4, sheetOwner(6, 3)),
    ];
    const chained = chainIfMatch(entries, first, 9);
    expect(chained.map((e) => ('ifMatch' in e.payload ? e.payload.ifMatch : null))).toEqual([
      3, 9, 5, 3,
    ]);
  });
});

describe('chainToApplied', () => {
  const answered = (seq: number, from: number, to: number) =>
    entry(seq, saveDraft(4, from), {
      status: 'applied',
      applied: { version: to, id: 4, at: NOW },
    });
  const ifMatch = (e: OutboxEntry) => ('ifMatch' in e.payload ? e.payload.ifMatch : null);

  it('a change read before our answered entry’s answer expects the answered version', () => {
    // The screen read version 3 while the save was pending; the save's answer (9) came first.
    expect(ifMatch(chainToApplied([answered(1, 3, 9)], entry(2, sheetOwner(4, 3))))).toBe(9);
    // Through two answers: 3 → 9 → 12.
    const both = [answered(1, 3, 9), answered(2, 9, 12)];
    expect(ifMatch(chainToApplied(both, entry(3, sheetOwner(4, 3))))).toBe(12);
  });

  it('leaves alone another row, an entry not answered yet, and a version not ours', () => {
    const fresh = entry(3, sheetOwner(4, 5));
    expect(ifMatch(chainToApplied([answered(1, 3, 9)], entry(2, sheetOwner(6, 3))))).toBe(3);
    expect(ifMatch(chainToApplied([entry(1, saveDraft(4, 3))], entry(2, saveDraft(4, 3))))).toBe(3);
    expect(chainToApplied([answered(1, 3, 9)], fresh)).toBe(fresh);
    const message = entry(2, createSheet(-1));
    expect(chainToApplied([answered(1, 3, 9)], message)).toBe(message);
  });
});

describe('retryFailed', () => {
  const failed = entry(1, sheetOwner(4, 3, 9), {
    status: 'failed',
    attempts: 4,
    failure: { status: 409, code: 'VERSION_CONFLICT', message: 'x', serverRow: sheetRow(4, 6) },
  });

  it('sends again at once under a new key', () => {
    expect(retryFailed(failed, NOW + 5)).toMatchObject({
      status: 'pending',
      key: `${CLIENT}:1.r1`,
      retries: 1,
      attempts: 0,
      nextAttemptAt: NOW + 5,
      keySince: NOW + 5,
      failure: null,
      payload: { ifMatch: 3 },
    });
    expect(retryFailed(retryFailed(failed, NOW), NOW).key).toBe(`${CLIENT}:1.r2`);
  });

  it('an entry expired for its age goes again under a key whose window starts now', () => {
    const old = entry(1, sheetOwner(4, 3, 9), { createdAt: NOW - OUTBOX_SEND_WINDOW_MS });
    expect(isExpired(old, NOW)).toBe(true);
    const refused = applyOutcome(old, expiredOutcome(), NOW, () => 0);
    expect(refused).toMatchObject({
      status: 'failed',
      failure: {
        code: 'ENTRY_EXPIRED',
        message: '该更改已超过28天未能发送，请确认后重新提交或放弃',
      },
    });
    const resubmitted = retryFailed(refused, NOW);
    expect(isExpired(resubmitted, NOW + OUTBOX_SEND_WINDOW_MS - 1)).toBe(false);
    expect(resubmitted.createdAt).toBe(old.createdAt);
  });

  it('after a 409, keeping the local change overwrites the server’s version', () => {
    expect(retryFailed(failed, NOW, { overwrite: true }).payload).toMatchObject({ ifMatch: 6 });
  });
});

describe('an offline session, walked through', () => {
  it('creates a draft, edits it, writes on it, then delivers all of it in order when online', () => {
    let rows = new Map<RowKey, Row | null>();
    let entries: OutboxEntry[] = [];
    const write = (e: OutboxEntry) => {
      const done = enqueueEffect(rows, e);
      rows = new Map([...rows, ...done.rows]);
      entries = [...entries, done.entry];
    };
    write(entry(1, createSheet(-1)));
    write(entry(2, saveDraft(-1, 0, { remark: '加急' })));
    write(entry(3, message(-2, -1)));
    expect(rows.get('sheets:-1')).toMatchObject({
      state: 'DRAFT',
      remark: '加急',
      [PENDING_FIELD]: true,
    });
    expect(rows.get('todos:-2')).toMatchObject({ module_id: -1, [PENDING_FIELD]: true });
    let url = '?id=-1';

    let state = sendState();
    // Online: only the create can go (the save is behind it, the message waits for the id).
    expect(nextBatch(entries, state, NOW).map((e) => e.seq)).toEqual([1]);
    const createAnswer = classifyAnswer(
      { status: 200, body: { data: sheetRow(1234, 40) }, retryAfter: null },
      NOW,
    );
    if (createAnswer.kind !== 'applied') throw new Error(createAnswer.kind);
    const applied = onApplied(entries, entries[0]?.id ?? '', createAnswer, state.idMap, NOW);
    entries = applied.entries;
    state = { ...state, idMap: applied.idMap };
    rows = new Map([...mapRows(rows, new Map(applied.mappings)), ...applied.rows]);
    url = mapSearch(url, new Map(applied.mappings));
    expect(rows.get('sheets:-1')).toBeUndefined();
    expect(rows.get('sheets:1234')).toMatchObject({ version: 40, remark: '加急' });
    expect(url).toBe('?id=1234');
    expect(rows.get('todos:-2')?.module_id).toBe(1234);

    // Both the save and the message go now, with server ids and the chained version.
    const batch = nextBatch(entries, state, NOW);
    expect(batch.map((e) => e.seq)).toEqual([2, 3]);
    const [save, post] = batch.map((e) => toRequest(e, state.idMap, new Map()));
    expect(save).toMatchObject({
      path: '/inquiry-api/v7/inquiry_quotation/1234',
      headers: { 'If-Match': '"40"' },
    });
    expect(post?.body).toMatchObject({ module_id: 1234 });

    // The save is refused (someone else sent the sheet meanwhile): rolled back, kept failed.
    const saveEntry = entries.find((e) => e.seq === 2);
    if (!saveEntry) throw new Error('no save');
    const refusedOutcome = classifyAnswer(
      {
        status: 422,
        body: { error_code: 'NOT_DRAFT', error_message: '只有草稿状态的采购单可以保存草稿' },
        retryAfter: null,
      },
      NOW,
    );
    const refused = applyOutcome(saveEntry, refusedOutcome, NOW, () => 0);
    entries = entries.map((e) => (e.id === refused.id ? refused : e));
    const undone = rollback(refused, entries);
    rows = new Map([...rows, ...undone.rows]);
    expect(rows.get('sheets:1234')).toEqual(sheetRow(1234, 40));

    // The pull brings the sheet (v41) and the message: the create and the message settle.
    const postEntry = entries.find((e) => e.seq === 3);
    if (!postEntry) throw new Error('no post');
    const posted = onApplied(
      entries,
      postEntry.id,
      appliedWith(todoRow(900, 42, 'UNREAD')),
      state.idMap,
      NOW,
    );
    entries = posted.entries;
    rows = new Map([...mapRows(rows, new Map(posted.mappings)), ...posted.rows]);
    expect(rows.get('todos:900')).toEqual(todoRow(900, 42, 'UNREAD'));
    const pulled = rebase(
      new Map<RowKey, Row | null>([
        ['sheets:1234', sheetRow(1234, 41, { state: 'INQUIRY_SENT' })],
        ['todos:900', todoRow(900, 42, 'UNREAD')],
      ]),
      entries,
    );
    expect(pulled.settled.sort()).toEqual([entries[0]?.id, postEntry.id].sort());
    expect(pulled.rows.get('sheets:1234')).toMatchObject({ state: 'INQUIRY_SENT' });
    expect(pulled.rows.get('sheets:1234')?.[PENDING_FIELD]).toBeUndefined();
    expect(entries.find((e) => e.seq === 2)?.failure?.message).toBe(
      '只有草稿状态的采购单可以保存草稿',
    );
  });
});
