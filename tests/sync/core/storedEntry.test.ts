// Entries written and read back: a new entry's bookkeeping, a round trip through storage (JSON
// here; IndexedDB's structured clone keeps at least as much), the upgrade of a payload an older
// app version wrote, and entries this app cannot read, which are kept and reported, never sent.
import { describe, expect, it } from 'vitest';
import { MUTATIONS, type Registry } from '../../../src/sync/core/mutations';
import { todoSetState } from '../../../src/sync/core/mutations/todos';
import { createEntry, readEntry, upgradePayload } from '../../../src/sync/core/storedEntry';
import {
  CLIENT,
  COMPANY,
  createSheet,
  entry,
  message,
  NOW,
  SUB,
  sheetRow,
  todoState,
} from './fixtures';

/** As storage gives it back: plain data. */
const stored = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value));

describe('createEntry', () => {
  it('gives a new entry its stable id as Idempotency-Key, its entity and type version', () => {
    const e = createEntry({
      clientId: CLIENT,
      seq: 17,
      userSub: SUB,
      companyId: COMPANY,
      now: NOW,
      mutation: message(-5, 4),
    });
    expect(e).toMatchObject({
      id: `${CLIENT}:17`,
      key: `${CLIENT}:17`,
      seq: 17,
      entity: 'threads:INQUERY_QUOTATION_SHEET:4',
      type: 'message.post',
      typeVersion: 1,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: NOW,
      createdAt: NOW,
      before: {},
    });
    // The server's Idempotency-Key pattern.
    expect(e.key).toMatch(/^[\w.:-]{1,200}$/);
  });
});

describe('readEntry', () => {
  it('reads back what was stored, rows kept for rollback included', () => {
    const e = {
      ...entry(3, createSheet(-1)),
      before: { 'sheets:-1': null, 'sheets:4': sheetRow(4, 2) },
      failure: { status: 409, code: 'VERSION_CONFLICT', message: 'x', serverRow: sheetRow(4, 3) },
    };
    expect(readEntry(stored(e))).toEqual({ ok: true, entry: e, upgraded: false });
  });

  it('upgrades a payload an older app version wrote, step by step', () => {
    // As if todo.setState were at version 3: v1 had `favourite: boolean`, v2 renamed the type key.
    const registry: Registry = {
      ...MUTATIONS,
      'todo.setState': {
        ...todoSetState,
        version: 3,
        upgrades: {
          1: (old) => {
            const { favourite, ...rest } = old as { favourite: boolean; state: string };
            return { ...rest, state: favourite ? 'DELAYED' : rest.state, kind: null };
          },
          2: (old) => {
            const { kind, ...rest } = old as { kind: null };
            return { ...rest, todoType: kind, delay: null, assignee: null };
          },
        },
      },
    };
    const old = { ...entry(1, todoState(5, 'READ')), typeVersion: 1 };
    const raw = { ...stored(old), payload: { todoId: 5, state: 'READ', favourite: true } } as const;
    const read = readEntry(raw, registry);
    expect(read).toMatchObject({
      ok: true,
      upgraded: true,
      entry: {
        typeVersion: 3,
        payload: { todoId: 5, state: 'DELAYED', todoType: null, delay: null, assignee: null },
      },
    });
  });

  it.each([
    ['a newer app version wrote it', { typeVersion: 2 }, 'todo.setState v2 is newer'],
    ['an unknown type', { type: 'mail.send' }, 'unknown type mail.send'],
    ['a payload that fails its schema', { payload: { todoId: 'x' } }, 'payload is invalid'],
  ])('keeps an entry it cannot read (%s) with its entity, unsent', (_why, change, reason) => {
    const raw = { ...stored(entry(2, todoState(5, 'READ'))), ...change };
    const read = readEntry(raw);
    expect(read).toEqual({
      ok: false,
      id: `${CLIENT}:2`,
      entity: 'todos:5',
      reason: expect.stringContaining(reason),
    });
  });

  it('reports a damaged record without an id', () => {
    expect(readEntry({ id: 3 })).toEqual({
      ok: false,
      id: null,
      entity: null,
      reason: 'damaged entry',
    });
  });

  it('a missing upgrade step leaves the entry unreadable', () => {
    expect(upgradePayload({ 1: (p) => p }, 1, 3, {})).toBeNull();
    expect(upgradePayload({}, 2, 2, { a: 1 })).toEqual({ a: 1 });
  });
});
