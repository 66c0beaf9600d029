import { describe, expect, it } from 'vitest';
import { applyLiveEvent, withLiveEvents } from '../../../src/domain/todos/liveEvents';

type Ev = {
  id: number;
  subject: string;
  from_company_id: number | null;
  to_company_id: number | null;
  event_type: string;
};

const msg = (id: number, subject: string, over: Partial<Ev> = {}): Ev => ({
  id,
  subject,
  from_company_id: 10,
  to_company_id: 500,
  event_type: 'ADD',
  ...over,
});
const list = [msg(1, 'a'), msg(2, 'b')];
const mine = [10, 20];

describe('applyLiveEvent', () => {
  it.each([
    ['ADD appends', msg(3, 'c'), ['1:a', '2:b', '3:c']],
    ['ADD of a listed id replaces it', msg(2, 'b2'), ['1:a', '2:b2']],
    ['UPDATE replaces by id', msg(1, 'a2', { event_type: 'UPDATE' }), ['1:a2', '2:b']],
    ['BOUND replaces by id', msg(2, 'b3', { event_type: 'BOUND' }), ['1:a', '2:b3']],
    ['UPDATE of an unknown id is ignored', msg(9, 'x', { event_type: 'UPDATE' }), ['1:a', '2:b']],
    ['an unknown event type is ignored', msg(3, 'x', { event_type: 'MOVED' }), ['1:a', '2:b']],
    [
      'to one of my companies counts',
      msg(3, 'c', { from_company_id: 500, to_company_id: 20 }),
      ['1:a', '2:b', '3:c'],
    ],
    [
      'neither from nor to my companies is ignored',
      msg(3, 'x', { from_company_id: 500, to_company_id: 600 }),
      ['1:a', '2:b'],
    ],
    [
      'no companies at all is ignored',
      msg(3, 'x', { from_company_id: null, to_company_id: null }),
      ['1:a', '2:b'],
    ],
  ] as const)('%s', (_name, event, expected) => {
    const next = applyLiveEvent(list, event, mine);
    expect(next.map((m) => `${m.id}:${m.subject}`)).toEqual(expected);
  });

  it('does not change the list it was given', () => {
    applyLiveEvent(list, msg(1, 'z', { event_type: 'UPDATE' }), mine);
    expect(list.map((m) => m.subject)).toEqual(['a', 'b']);
  });
});

describe('withLiveEvents: the stored thread with what was heard live', () => {
  type Row = {
    id: number;
    version: number;
    subject: string;
    state: string;
    module: string | null;
    module_id: number | null;
    from_company_id: number;
    to_company_id: number;
    from_contacts_id: number | null;
    event_type: string;
  };
  const row = (id: number, version: number, over: Partial<Row> = {}): Row => ({
    id,
    version,
    subject: `m${id}`,
    state: 'UNREAD',
    module: 'ORDER',
    module_id: 7,
    from_company_id: 500,
    to_company_id: 10,
    from_contacts_id: 900,
    event_type: 'ADD',
    ...over,
  });
  const show = (rows: readonly Row[]) => rows.map((r) => `${r.id}@${r.version}:${r.state}`);
  const stored = [row(1, 5), row(2, 6)];

  it('no events: the stored thread as it is', () => {
    expect(withLiveEvents(stored, [], mine)).toBe(stored);
  });

  it('another user’s new message is appended before the pull brings it', () => {
    expect(show(withLiveEvents(stored, [row(3, 9)], mine))).toEqual([
      '1@5:UNREAD',
      '2@6:UNREAD',
      '3@9:UNREAD',
    ]);
  });

  it('an UPDATE newer than the stored row replaces it', () => {
    const read = row(2, 8, { state: 'READ', event_type: 'UPDATE' });
    expect(show(withLiveEvents(stored, [read], mine))).toEqual(['1@5:UNREAD', '2@8:READ']);
  });

  it('an event the stored rows already show (the pull came first) changes nothing', () => {
    const newer = [row(1, 5), row(2, 9, { state: 'PROCESSED' })];
    const late = row(2, 8, { state: 'READ', event_type: 'UPDATE' });
    expect(show(withLiveEvents(newer, [late], mine))).toEqual(['1@5:UNREAD', '2@9:PROCESSED']);
  });

  it('an ADD then its UPDATE apply in order', () => {
    const events = [row(3, 9), row(3, 10, { state: 'READ', event_type: 'UPDATE' })];
    expect(show(withLiveEvents(stored, events, mine)).at(-1)).toBe('3@10:READ');
  });

  it('events between companies that are not the user’s are ignored', () => {
    const foreign = row(3, 9, { from_company_id: 600, to_company_id: 700 });
    expect(withLiveEvents(stored, [foreign], mine)).toHaveLength(2);
  });

  it('the echo of a message still waiting under a temporary id is not shown twice', () => {
    const waiting = row(-4, 0, {
      subject: '@王经理 请发报价',
      from_contacts_id: 77,
      state: 'UNREAD',
    });
    const echo = row(40, 12, { subject: '@王经理 请发报价', from_contacts_id: 77 });
    expect(show(withLiveEvents([...stored, waiting], [echo], mine))).toEqual([
      '1@5:UNREAD',
      '2@6:UNREAD',
      '-4@0:UNREAD',
    ]);
  });

  it('a same-text message by someone else is not taken for an echo', () => {
    const waiting = row(-4, 0, { subject: '好的', from_contacts_id: 77 });
    const other = row(40, 12, { subject: '好的', from_contacts_id: 78 });
    expect(withLiveEvents([waiting], [other], mine)).toHaveLength(2);
  });
});
