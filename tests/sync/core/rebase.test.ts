// Pending effects on top of pulled rows: kept (no flicker), settled once the row shows them,
// rolled back when refused, put back in place when retried; randomized: rebasing twice is
// rebasing once, and a server row that already holds the effects comes out unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markApplied } from '../../../src/sync/core/lifecycle';
import {
  effectOn,
  type MutationInput,
  type OutboxEntry,
  touchedKey,
} from '../../../src/sync/core/mutations';
import { enqueueEffect, reapply, rebase, rollback } from '../../../src/sync/core/rebase';
import { PENDING_FIELD, type Row, type RowKey } from '../../../src/sync/core/types';
import {
  createSheet,
  entry,
  saveDraft,
  sheetOwner,
  sheetRow,
  todoRow,
  todoState,
} from './fixtures';

const owner = (row: Row | null | undefined) =>
  (row?.current_node as { contacts_user: { id: number } } | undefined)?.contacts_user.id;
const applied = (e: OutboxEntry, version: number) =>
  markApplied(e, { kind: 'applied', status: 200, data: null, row: { id: 0, version } }, 0);
const rows = (...pairs: Array<[RowKey, Row | null]>) => new Map<RowKey, Row | null>(pairs);

describe('rebase', () => {
  it('keeps a pending owner change over a pulled row and remembers the pulled row', () => {
    const pulled = sheetRow(4, 3);
    const e = entry(1, sheetOwner(4, 2, 9));
    const result = rebase(rows(['sheets:4', pulled]), [e]);
    expect(owner(result.rows.get('sheets:4'))).toBe(9);
    expect(result.rows.get('sheets:4')?.[PENDING_FIELD]).toBe(true);
    expect(result.entries).toEqual([{ ...e, before: { 'sheets:4': pulled } }]);
    expect(result.settled).toEqual([]);
  });

  it('keeps an applied effect while the pulled row is older than the answer, settles it after', () => {
    const e = applied(entry(1, sheetOwner(4, 2, 9)), 5);
    const older = rebase(rows(['sheets:4', sheetRow(4, 4)]), [e]);
    expect(owner(older.rows.get('sheets:4'))).toBe(9);
    expect(older.settled).toEqual([]);
    const server = sheetRow(4, 5, { current_node: { contacts_user: { id: 9, name: '员工9' } } });
    const shown = rebase(rows(['sheets:4', server]), [e]);
    expect(shown.rows.get('sheets:4')).toBe(server);
    expect(shown.settled).toEqual([e.id]);
  });

  it('settles an applied entry whose row the server deleted; a pending one stays, on nothing', () => {
    const done = applied(entry(1, sheetOwner(4, 2, 9)), 5);
    const waiting = entry(2, sheetOwner(4, 2, 8));
    const result = rebase(rows(['sheets:4', null]), [waiting, done]);
    expect(result.rows.get('sheets:4')).toBeNull();
    expect(result.settled).toEqual([done.id]);
  });

  it('leaves refused entries out and rows outside the page alone', () => {
    const refused = entry(1, sheetOwner(4, 2, 9), { status: 'failed' });
    const elsewhere = entry(2, sheetOwner(5, 2, 9));
    const result = rebase(rows(['sheets:4', sheetRow(4, 3)]), [refused, elsewhere]);
    expect(owner(result.rows.get('sheets:4'))).toBe(7);
    expect([...result.rows.keys()]).toEqual(['sheets:4']);
  });

  it('applies effects in enqueue order whatever order they are given in', () => {
    const first = entry(1, sheetOwner(4, 2, 8));
    const second = entry(2, sheetOwner(4, 2, 9));
    const result = rebase(rows(['sheets:4', sheetRow(4, 3)]), [second, first]);
    expect(owner(result.rows.get('sheets:4'))).toBe(9);
  });
});

describe('enqueueEffect, rollback and reapply', () => {
  const local = sheetRow(4, 3);

  it('a new entry shows at once and keeps the row it changed', () => {
    const { rows: next, entry: kept } = enqueueEffect(
      rows(['sheets:4', local]),
      entry(1, sheetOwner(4, 3, 9)),
    );
    expect(owner(next.get('sheets:4'))).toBe(9);
    expect(kept.before).toEqual({ 'sheets:4': local });
  });

  it('a refused change is rolled back under the later ones still pending', () => {
    const a = enqueueEffect(rows(['sheets:4', local]), entry(1, sheetOwner(4, 3, 8)));
    const b = enqueueEffect(a.rows, entry(2, saveDraft(4, 3, { remark: '改' })));
    const refused = { ...a.entry, status: 'failed' as const };
    const result = rollback(refused, [refused, b.entry]);
    const row = result.rows.get('sheets:4');
    expect(owner(row)).toBe(7);
    expect(row?.remark).toBe('改');
    expect(result.entries).toEqual([{ ...b.entry, before: { 'sheets:4': local } }]);
  });

  it('a 409 rolls back onto the server’s row from the refusal', () => {
    const e = enqueueEffect(rows(['sheets:4', local]), entry(1, sheetOwner(4, 3, 8))).entry;
    const server = sheetRow(4, 6, { current_node: { contacts_user: { id: 5, name: '别人' } } });
    const refused = {
      ...e,
      status: 'failed' as const,
      failure: { status: 409, code: 'VERSION_CONFLICT', message: 'x', serverRow: server },
    };
    expect(rollback(refused, [refused]).rows.get('sheets:4')).toBe(server);
  });

  it('a slow 409 never rolls back onto a server row older than one a pull brought meanwhile', () => {
    const e = enqueueEffect(rows(['sheets:4', local]), entry(1, sheetOwner(4, 3, 8))).entry;
    // Sent; the server refused it at version 6, then someone changed the row again (version 8)
    // and a pull brought that before the refusal's answer arrived.
    const pulled = sheetRow(4, 8, { current_node: { contacts_user: { id: 6, name: '后来' } } });
    const [rebased] = rebase(rows(['sheets:4', pulled]), [{ ...e, status: 'sending' }]).entries;
    if (!rebased) throw new Error('no rebased entry');
    const answered = sheetRow(4, 6, { current_node: { contacts_user: { id: 5, name: '别人' } } });
    const refused = {
      ...rebased,
      status: 'failed' as const,
      failure: { status: 409, code: 'VERSION_CONFLICT', message: 'x', serverRow: answered },
    };
    expect(rollback(refused, [refused]).rows.get('sheets:4')).toEqual(pulled);
  });

  it('a refused create disappears; the entries waiting on it change nothing', () => {
    const create = enqueueEffect(new Map(), entry(1, createSheet(-1)));
    const draft = enqueueEffect(create.rows, entry(2, saveDraft(-1, 0)));
    const refused = { ...create.entry, status: 'failed' as const };
    const result = rollback(refused, [refused, draft.entry]);
    expect([...result.rows]).toEqual([['sheets:-1', null]]);
  });

  it('a rebased entry rolls back to the pulled row, not to what it saw when written', () => {
    const e = enqueueEffect(rows(['sheets:4', local]), entry(1, sheetOwner(4, 3, 8))).entry;
    const pulled = sheetRow(4, 7, { remark: '新' });
    const [rebased] = rebase(rows(['sheets:4', pulled]), [e]).entries;
    if (!rebased) throw new Error('no rebased entry');
    expect(rollback({ ...rebased, status: 'failed' }, [rebased]).rows.get('sheets:4')).toEqual(
      pulled,
    );
  });

  it('discarding a later change leaves the earlier one, and the row it will roll back to, alone', () => {
    const a = enqueueEffect(rows(['sheets:4', local]), entry(1, sheetOwner(4, 3, 8)));
    const b = enqueueEffect(a.rows, entry(2, saveDraft(4, 3, { remark: '改' })));
    const result = rollback(b.entry, [a.entry, b.entry]);
    expect(owner(result.rows.get('sheets:4'))).toBe(8);
    expect(result.rows.get('sheets:4')?.remark).toBeNull();
    // Were the earlier entry replayed here, its `before` would take in its own effect.
    expect(result.entries).toEqual([]);
    expect(rollback({ ...a.entry, status: 'failed' }, [a.entry]).rows.get('sheets:4')).toBe(local);
  });

  it('an entry that never kept its row rolls back nothing', () => {
    const e = entry(1, sheetOwner(4, 3, 8), { status: 'failed' });
    expect(rollback(e, [e]).rows.size).toBe(0);
  });

  it('a retried change goes back in its place: a later change of the same field still shows', () => {
    const a = enqueueEffect(rows(['sheets:4', local]), entry(1, sheetOwner(4, 3, 8)));
    const b = enqueueEffect(a.rows, entry(2, sheetOwner(4, 3, 9)));
    const retried = { ...a.entry, status: 'pending' as const };
    expect(owner(reapply(retried, [retried, b.entry], null).rows.get('sheets:4'))).toBe(9);
  });
});

// ---- randomized -------------------------------------------------------------------------------

const KEYS = ['sheets:1', 'sheets:2', 'todos:1', 'todos:2'] as const;
const mutationArb = (key: (typeof KEYS)[number]): fc.Arbitrary<MutationInput> => {
  const id = Number(key.split(':')[1]);
  return key.startsWith('sheets')
    ? fc.oneof(
        fc.integer({ min: 1, max: 5 }).map((o) => sheetOwner(id, 1, o)),
        fc.string({ maxLength: 3 }).map((remark) => saveDraft(id, 1, { remark })),
      )
    : fc.oneof(
        fc
          .constantFrom<'READ' | 'PROCESSED' | 'DELAYED'>('READ', 'PROCESSED', 'DELAYED')
          .map((s) => todoState(id, s)),
        fc
          .integer({ min: 1, max: 3 })
          .map((d) => todoState(id, 'DELAYED', { delay: `2025-0${d}-01T00:00:00.000Z` })),
      );
};
const entriesArb = fc
  .array(fc.constantFrom(...KEYS).chain(mutationArb), { maxLength: 12 })
  .map((mutations) => mutations.map((m, i) => entry(i + 1, m)));
const baseArb = fc.record({
  sheets: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 2 }),
  todos: fc.array(fc.constantFrom('UNREAD', 'READ', 'PROCESSED', 'DELAYED'), {
    minLength: 2,
    maxLength: 2,
  }),
  present: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
});
type Base = { sheets: number[]; todos: string[]; present: boolean[] };
const baseRows = ({ sheets, todos, present }: Base) =>
  new Map<RowKey, Row | null>(
    KEYS.map((key, i): [RowKey, Row | null] => {
      if (!present[i]) return [key, null];
      return i < 2
        ? [key, sheetRow(i + 1, 1, { current_node: { contacts_user: { id: sheets[i] } } })]
        : [key, todoRow(i - 1, 1, todos[i - 2] ?? 'UNREAD')];
    }),
  );
const withoutPending = (row: Row | null): Row | null => {
  if (row === null) return null;
  const { [PENDING_FIELD]: _pending, ...rest } = row;
  return { ...rest, id: row.id, version: row.version };
};

describe('rebase, randomized', () => {
  it('rebasing twice gives the rows of rebasing once', () => {
    const statusArb = fc.array(
      fc.constantFrom('pending', 'sending', 'failed', 'applied-old', 'applied-new'),
      {
        minLength: 12,
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(baseArb, entriesArb, statusArb, (base, entries, statuses) => {
        const mixed = entries.map((e, i) => {
          const status = statuses[i] ?? 'pending';
          if (status === 'applied-old') return applied(e, 1);
          if (status === 'applied-new') return applied(e, 2);
          return { ...e, status };
        });
        const once = rebase(baseRows(base), mixed);
        const twice = rebase(once.rows, mixed);
        expect([...twice.rows]).toEqual([...once.rows]);
        expect(twice.settled).toEqual(once.settled);
      }),
      { numRuns: 300 },
    );
  });

  it('a server row that already holds applied effects comes out unchanged; pending ones apply once', () => {
    fc.assert(
      fc.property(baseArb, entriesArb, fc.nat({ max: 12 }), (base, entries, appliedCount) => {
        // The server applied the first `appliedCount` entries, in order, each bumping the version.
        const server = baseRows(base);
        let version = 1;
        const marked = entries.map((e, i) => {
          if (i >= appliedCount) return e;
          const key = touchedKey(e);
          const after = withoutPending(effectOn(server.get(key) ?? null, e));
          // On a row the server does not have, nothing can show the effect.
          if (after === null) return applied(e, 0);
          version += 1;
          server.set(key, { ...after, version });
          return applied(e, version);
        });
        const result = rebase(server, marked);
        // Expected: the server rows with only the pending entries' effects on top, once each.
        const expected = new Map(server);
        for (const e of marked.slice(appliedCount)) {
          const key = touchedKey(e);
          expected.set(key, effectOn(expected.get(key) ?? null, e));
        }
        expect([...result.rows]).toEqual([...expected]);
        expect(result.settled.length).toBe(Math.min(appliedCount, entries.length));
      }),
      { numRuns: 300 },
    );
  });
});
