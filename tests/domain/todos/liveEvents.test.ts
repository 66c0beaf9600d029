import { describe, expect, it } from 'vitest';
import { applyLiveEvent } from '../../../src/domain/todos/liveEvents';

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
