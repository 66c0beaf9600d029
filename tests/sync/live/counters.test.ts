// The to-do counter topics the leader holds and the statistics answer read as their values.
import { describe, expect, it } from 'vitest';
import {
  countersOfStatistics,
  counterTopics,
  standingTopics,
} from '../../../src/sync/live/counters';

describe('counter topics', () => {
  it('names the user’s two counters and two per company', () => {
    expect(counterTopics(7, [3, 4])).toEqual([
      'todo.my-unread.7',
      'todo.my-undealt.7',
      'todo.all-user-undealt.3',
      'todo.all-user-delay.3',
      'todo.all-user-undealt.4',
      'todo.all-user-delay.4',
    ]);
  });

  it('holds each company’s poke, the counters and each company’s to-do states', () => {
    expect(standingTopics(7, [3])).toEqual([
      'sync.poke.3',
      'todo.my-unread.7',
      'todo.my-undealt.7',
      'todo.all-user-undealt.3',
      'todo.all-user-delay.3',
      'todo.state.3',
    ]);
  });
});

describe('countersOfStatistics', () => {
  it('reads the statistics answer as counter topics', () => {
    const body = {
      data: {
        unread: 2,
        undealt: 5,
        companies: [
          { company_id: 3, undealt: 4, delay: 1 },
          { company_id: 4, undealt: 0, delay: 0 },
        ],
      },
    };
    expect(countersOfStatistics(body, 7)).toEqual({
      'todo.my-unread.7': 2,
      'todo.my-undealt.7': 5,
      'todo.all-user-undealt.3': 4,
      'todo.all-user-delay.3': 1,
      'todo.all-user-undealt.4': 0,
      'todo.all-user-delay.4': 0,
    });
  });

  it.each([
    ['no envelope', { unread: 1, undealt: 1, companies: [] }],
    ['a count that is not a whole number', { data: { unread: 1.5, undealt: 1, companies: [] } }],
    ['a negative count', { data: { unread: -1, undealt: 1, companies: [] } }],
    [
      'a company without its id',
      { data: { unread: 1, undealt: 1, companies: [{ undealt: 1, delay: 0 }] } },
    ],
    ['an error answer', { error_code: 'FORBIDDEN', error_message: '你暂无该权限，请先获取权限' }],
  ])('refuses %s', (_case, body) => {
    expect(countersOfStatistics(body, 7)).toBeNull();
  });
});
