import { describe, expect, it } from 'vitest';
import { maySubscribe, moduleMessageTopics, TOPICS } from '../../../src/domain/todos/topics';

describe('topic builders', () => {
  it.each([
    [TOPICS.myUnread(7), 'todo.my-unread.7'],
    [TOPICS.myUndealt(7), 'todo.my-undealt.7'],
    [TOPICS.allUserUndealt(10), 'todo.all-user-undealt.10'],
    [TOPICS.allUserDelay(10), 'todo.all-user-delay.10'],
    [TOPICS.todoState(10), 'todo.state.10'],
    [TOPICS.connectedCustomerCount(), 'partner.all_connect_customer_count'],
    [TOPICS.watchUsers('ORDER', 55), 'todo.ORDER.55.watch-users'],
    [
      TOPICS.moduleMessages('INQUERY_QUOTATION_SHEET', 56),
      'todo.b.INQUERY_QUOTATION_SHEET.56.messages',
    ],
    [TOPICS.syncPoke(10), 'sync.poke.10'],
  ])('%s', (built, expected) => expect(built).toBe(expected));
});

describe('maySubscribe (user 7 of companies 10 and 20)', () => {
  const who = { userId: 7, companyIds: [10, 20] };
  it.each([
    ['todo.my-unread.7', true],
    ['todo.my-unread.8', false],
    ['todo.my-undealt.7', true],
    ['todo.my-undealt.70', false],
    ['todo.all-user-undealt.10', true],
    ['todo.all-user-undealt.30', false],
    ['todo.all-user-delay.20', true],
    ['todo.all-user-delay.2', false],
    ['todo.state.10', true],
    ['todo.state.11', false],
    ['partner.all_connect_customer_count', true],
    ['todo.ORDER.55.watch-users', true],
    ['todo.INQUERY_QUOTATION_SHEET.56.watch-users', true],
    ['todo.BRAND.56.watch-users', false],
    ['todo.b.ORDER.55.messages', true],
    ['todo.b.BRAND.55.messages', false],
    ['sync.poke.20', true],
    ['sync.poke.30', false],
    ['todo.my-unread.7.extra', false],
    ['todo.my-unread.', false],
    ['todo.state.10 ', false],
    ['something.else', false],
    ['', false],
  ])('%j → %s', (topic, ok) => {
    expect(maySubscribe(topic, who)).toBe(ok);
  });
});

describe('moduleMessageTopics', () => {
  it('one topic per record; a record created offline has none yet', () => {
    expect(
      moduleMessageTopics([
        { module: 'ORDER', moduleId: 7 },
        { module: 'INQUERY_QUOTATION_SHEET', moduleId: -3 },
      ]),
    ).toEqual(['todo.b.ORDER.7.messages']);
    expect(
      moduleMessageTopics([
        { module: 'ORDER', moduleId: 7 },
        { module: 'INQUERY_QUOTATION_SHEET', moduleId: 3 },
      ]),
    ).toEqual(['todo.b.ORDER.7.messages', 'todo.b.INQUERY_QUOTATION_SHEET.3.messages']);
  });
});
