import { describe, expect, it } from 'vitest';
import type { InboxUser, TodoItem } from '../../../src/domain/todos/todoItem';
import {
  applyStateChange,
  assigneeAfterTakeOver,
  canFavourite,
  canMarkProcessed,
  companySwitchConfirmation,
  isHighlighted,
  itemsToMarkRead,
  owningCompany,
  planStateChange,
  showsSenderUnreadMarker,
  takeOverPrompt,
} from '../../../src/domain/todos/todoRules';

const item = (over: Partial<TodoItem>): TodoItem => ({
  id: 1,
  type: 'MESSAGE',
  state: 'UNREAD',
  subject: '请确认交期',
  module: 'ORDER',
  module_id: 100,
  from_company_id: 500,
  to_company_id: 10,
  to_contacts_id: 101,
  to_contacts_name: '李四',
  ...over,
});

// The user works for companies 10 and 20 through contacts 101 and 201.
const user: InboxUser = {
  id: 1,
  name: '张三',
  contacts: [
    { id: 101, company_id: 10, name: '张三' },
    { id: 201, company_id: 20, name: '张三(二)' },
  ],
};
const myCompanies = [10, 20];

describe('isHighlighted (red)', () => {
  it.each([
    ['UNREAD', 10, true],
    ['READ', 10, true],
    ['PROCESSED', 10, false],
    ['DELAYED', 10, false],
    ['UNREAD', 20, false],
    ['READ', 500, false],
  ] as const)('%s addressed to %s → %s (current 10)', (state, to, red) => {
    expect(isHighlighted(item({ state, to_company_id: to }), 10)).toBe(red);
  });
});

describe('showsSenderUnreadMarker', () => {
  it.each([
    [10, 'UNREAD', true],
    [20, 'UNREAD', true],
    [10, 'READ', false],
    [10, 'PROCESSED', false],
    [500, 'UNREAD', false],
    [null, 'UNREAD', false],
  ] as const)('sent by %s, %s → %s', (from, state, marker) => {
    expect(showsSenderUnreadMarker(item({ from_company_id: from, state }), myCompanies)).toBe(
      marker,
    );
  });

  it.each([
    // a colleague's message inside company 10, addressed to → marker
    [101, false],
    [201, false],
    [301, true],
    [null, true],
  ] as const)('an internal message to contact %s → %s', (to, marker) => {
    const internal = item({ from_company_id: 10, to_company_id: 10, to_contacts_id: to });
    expect(showsSenderUnreadMarker(internal, myCompanies, [101, 201])).toBe(marker);
  });
});

describe('canMarkProcessed / canFavourite', () => {
  it.each([
    // to, state, processed, favourite
    [10, 'UNREAD', true, true],
    [10, 'READ', true, true],
    [20, 'READ', true, true],
    [10, 'PROCESSED', false, true],
    [10, 'DELAYED', true, false],
    [500, 'UNREAD', false, false],
    [null, 'UNREAD', false, false],
  ] as const)('to %s in state %s', (to, state, processed, favourite) => {
    const i = item({ to_company_id: to, state });
    expect(canMarkProcessed(i, myCompanies)).toBe(processed);
    expect(canFavourite(i, myCompanies)).toBe(favourite);
  });
});

describe('owningCompany', () => {
  it.each([
    // from, to → the company the to-do is acted on in
    [500, 10, 10],
    [500, 20, 20],
    [10, 500, 10],
    [20, 500, 20],
    [10, 20, 20],
    [20, 20, 20],
    [500, 600, null],
    [null, null, null],
  ] as const)('from %s to %s → %s', (from, to, owner) => {
    expect(owningCompany(item({ from_company_id: from, to_company_id: to }), myCompanies)).toBe(
      owner,
    );
  });
});

describe('companySwitchConfirmation', () => {
  const receiving = '当前公司不是待办消息的接收公司，是否切换为待办消息接收公司';
  const sending = '当前公司不是待办消息的发送公司，是否切换为待办消息发送公司';
  it.each([
    // from, to, current → switch
    [500, 10, 10, null],
    [500, 20, 10, { companyId: 20, message: receiving }],
    [500, 10, 20, { companyId: 10, message: receiving }],
    [10, 20, 10, { companyId: 20, message: receiving }],
    [20, 500, 10, { companyId: 20, message: sending }],
    [10, 500, 10, null],
    [500, 600, 10, null],
    [500, null, 10, null],
  ] as const)('from %s to %s while current is %s', (from, to, current, expected) => {
    expect(
      companySwitchConfirmation(
        item({ from_company_id: from, to_company_id: to }),
        current,
        myCompanies,
      ),
    ).toEqual(expected);
  });
});

describe('take-over', () => {
  it.each([
    [301, '王五', '该待办负责人是王五，操作后负责人将变更为你，确定操作吗？'],
    [101, '张三', null],
    [201, '张三(二)', null],
    [null, null, null],
  ] as const)('assignee %s (%s)', (id, name, prompt) => {
    expect(takeOverPrompt(item({ to_contacts_id: id, to_contacts_name: name }), user)).toBe(prompt);
  });

  it.each(['MESSAGE', 'MAIL'])('a confirmed %s change makes the user the assignee', (type) => {
    const changed = applyStateChange(
      item({ type, to_company_id: 20, to_contacts_id: 301, to_contacts_name: '王五' }),
      'PROCESSED',
      user,
    );
    expect(changed).toMatchObject({
      state: 'PROCESSED',
      to_contacts_id: 201,
      to_contacts_name: '张三(二)',
    });
  });

  it("changing the user's own to-do keeps the assignee", () => {
    const changed = applyStateChange(item({ to_contacts_id: 101 }), 'DELAYED', user);
    expect(changed).toMatchObject({
      state: 'DELAYED',
      to_contacts_id: 101,
      to_contacts_name: '李四',
    });
  });
});

describe('assigneeAfterTakeOver', () => {
  it.each([
    // to company, assignee → the new assignee
    [10, 301, { id: 101, name: '张三' }],
    [20, 301, { id: 201, name: '张三(二)' }],
    [10, 101, null],
    [20, 101, null],
    [10, null, null],
  ] as const)('to %s assigned to %s → %j', (to, assignee, expected) => {
    expect(
      assigneeAfterTakeOver(item({ to_company_id: to, to_contacts_id: assignee }), user),
    ).toEqual(expected);
  });
});

describe('planStateChange', () => {
  const switchTo20 = {
    companyId: 20,
    message: '当前公司不是待办消息的接收公司，是否切换为待办消息接收公司',
  };
  const takeOver = '该待办负责人是王五，操作后负责人将变更为你，确定操作吗？';
  it.each([
    {
      name: 'own to-do in the current company: nothing to ask',
      over: {},
      state: 'PROCESSED',
      plan: { companyId: 10, companySwitch: null, takeOver: null, assignee: null },
    },
    {
      name: "a colleague's to-do: take-over, the user becomes the assignee",
      over: { to_contacts_id: 301, to_contacts_name: '王五' },
      state: 'DELAYED',
      plan: { companyId: 10, companySwitch: null, takeOver, assignee: { id: 101, name: '张三' } },
    },
    {
      name: 'received by the other company: switch first',
      over: { to_company_id: 20, to_contacts_id: 201 },
      state: 'PROCESSED',
      plan: { companyId: 20, companySwitch: switchTo20, takeOver: null, assignee: null },
    },
    {
      name: 'other company and a colleague: switch, then take-over',
      over: { to_company_id: 20, to_contacts_id: 301, to_contacts_name: '王五' },
      state: 'PROCESSED',
      plan: {
        companyId: 20,
        companySwitch: switchTo20,
        takeOver,
        assignee: { id: 201, name: '张三(二)' },
      },
    },
    {
      name: 'a MAIL is taken over like a MESSAGE',
      over: { type: 'MAIL', to_contacts_id: 301, to_contacts_name: '王五' },
      state: 'PROCESSED',
      plan: { companyId: 10, companySwitch: null, takeOver, assignee: { id: 101, name: '张三' } },
    },
    {
      name: 'sent by the user: not theirs to mark',
      over: { from_company_id: 10, to_company_id: 500 },
      state: 'PROCESSED',
      plan: null,
    },
    { name: 'already processed', over: { state: 'PROCESSED' }, state: 'PROCESSED', plan: null },
    { name: 'already a favourite', over: { state: 'DELAYED' }, state: 'DELAYED', plan: null },
  ] as const)('$name', ({ over, state, plan }) => {
    expect(planStateChange(item(over), state, 10, user)).toEqual(plan);
  });
});

describe('itemsToMarkRead', () => {
  it.each([
    ['UNREAD', 'MESSAGE', 101, true],
    ['UNREAD', 'MESSAGE', 201, true],
    ['READ', 'MESSAGE', 101, false],
    ['PROCESSED', 'MESSAGE', 101, false],
    ['UNREAD', 'MAIL', 101, false],
    ['UNREAD', 'MESSAGE', 301, false],
    ['UNREAD', 'MESSAGE', null, false],
  ] as const)('%s %s to contact %s → %s', (state, type, to, marked) => {
    const i = item({ state, type, to_contacts_id: to });
    expect(itemsToMarkRead([i], user)).toEqual(marked ? [i] : []);
  });
});
