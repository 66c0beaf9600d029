import { describe, expect, it } from 'vitest';
import {
  INBOX_TAB_TEXT,
  INBOX_TABS,
  isInboxTab,
  MAIL_LOOKBACK_DAYS,
  MARK_READ_DELAY_MS,
  recipientCompanyLabel,
  senderCompanyLabel,
  TODO_LIST_SIZE,
  TODO_MODULES,
  TODO_SCOPES,
  TODO_STATES,
  TODO_TYPES,
  todoDetailHref,
  todoModuleLabel,
  todoScopeLabel,
  todoStateLabel,
  todoTypeLabel,
  WEBSOCKET_RECONNECT_MS,
} from '../../../src/domain/todos/todoCodes';

describe('to-do labels', () => {
  const types = [
    ['MESSAGE', '消息'],
    ['MAIL', '邮件'],
  ] as const;
  const states = [
    ['UNREAD', '未读'],
    ['READ', '已读'],
    ['PROCESSED', '已处理'],
    ['DELAYED', '已收藏'],
  ] as const;
  const scopes = [
    ['MINE', '我的'],
    ['COMPANY', '全公司'],
  ] as const;
  const modules = [
    ['INQUERY_QUOTATION_SHEET', '询报价单'],
    ['ORDER', '订单'],
  ] as const;

  it.each(types)('type %s is %s', (code, label) => expect(todoTypeLabel(code)).toBe(label));
  it.each(states)('state %s is %s', (code, label) => expect(todoStateLabel(code)).toBe(label));
  it.each(scopes)('scope %s is %s', (code, label) => expect(todoScopeLabel(code)).toBe(label));
  it.each(modules)('module %s is %s', (code, label) => expect(todoModuleLabel(code)).toBe(label));

  it.each([
    [types.map(([c]) => c), TODO_TYPES],
    [states.map(([c]) => c), TODO_STATES],
    [scopes.map(([c]) => c), TODO_SCOPES],
    [modules.map(([c]) => c), TODO_MODULES],
  ])('covers every code exactly once (%j)', (rows, codes) => {
    expect([...rows].sort()).toEqual([...codes].sort());
  });

  it.each([todoTypeLabel, todoStateLabel, todoScopeLabel, todoModuleLabel])(
    'shows an unknown code as it is',
    (label) => expect(label('NEW_CODE')).toBe('NEW_CODE'),
  );
});

describe('senderCompanyLabel / recipientCompanyLabel', () => {
  it.each([
    [9428, '某公司', '客服'],
    [39567, '某公司', '客服'],
    [9429, '上海机电', '上海机电'],
    [null, '上海机电', '上海机电'],
    [1, null, ''],
  ] as const)('company %s named %s shows as %s', (id, name, label) => {
    expect(senderCompanyLabel({ from_company_id: id, from_company_name: name })).toBe(label);
    expect(recipientCompanyLabel({ to_company_id: id, to_company_name: name })).toBe(label);
  });
});

describe('todoDetailHref', () => {
  it.each([
    [
      { module: 'ORDER', module_id: 12, module_number: 'PO2024-001' },
      '/order/order/detail?orderType=ALL&id=12&module=ORDER&module_number=PO2024-001',
    ],
    [
      { module: 'ORDER', module_id: 7, module_number: null },
      '/order/order/detail?orderType=ALL&id=7&module=ORDER&module_number=',
    ],
    [
      { module: 'ORDER', module_id: 3, module_number: 'A&B 1' },
      '/order/order/detail?orderType=ALL&id=3&module=ORDER&module_number=A%26B%201',
    ],
    [
      { module: 'INQUERY_QUOTATION_SHEET', module_id: 55, module_number: 'IQ-9' },
      '/inquiry-quotation/detail?id=55',
    ],
    [{ module: 'BRAND', module_id: 1 }, null],
    // A mail bound to no record leads nowhere.
    [{ module: null, module_id: null, module_number: null }, null],
    [{ module: 'ORDER', module_id: null }, null],
  ])('%j opens %s', (item, href) => {
    expect(todoDetailHref(item)).toBe(href);
  });
});

describe('inbox constants', () => {
  it('match settings-messaging-shared §9', () => {
    expect(TODO_LIST_SIZE).toBe(200);
    expect(MAIL_LOOKBACK_DAYS).toBe(7);
    expect(MARK_READ_DELAY_MS).toBe(5000);
    expect(WEBSOCKET_RECONNECT_MS).toBe(5000);
  });
});

describe('inbox tabs', () => {
  it.each([
    ['todo', '待办', '没有要处理的待办消息 ~'],
    ['favourites', '收藏', '没有收藏的待办消息 ~'],
  ] as const)('%s is %s, empty: %s', (tab, label, empty) => {
    expect(INBOX_TAB_TEXT[tab]).toEqual({ label, empty });
    expect(isInboxTab(tab)).toBe(true);
  });

  it('knows only its two tabs', () => {
    expect([...INBOX_TABS]).toEqual(['todo', 'favourites']);
    expect(isInboxTab('mine')).toBe(false);
    expect(isInboxTab(undefined)).toBe(false);
  });
});
