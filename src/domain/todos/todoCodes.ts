// To-do and message codes with their labels, the detail page each module opens, and the
// inbox constants (settings-messaging-shared §2 route table, §3 "To-do or message item",
// §4 "Message and to-do", §7 "To-dos and messages", §9).

import { TODO_INBOX_MESSAGES, TODO_MESSAGES } from './messages';

export const TODO_TYPES = ['MESSAGE', 'MAIL'] as const;
export type TodoType = (typeof TODO_TYPES)[number];
export const TODO_TYPE_LABELS: Record<TodoType, string> = {
  MESSAGE: '消息',
  MAIL: '邮件',
};

export const TODO_STATES = ['UNREAD', 'READ', 'PROCESSED', 'DELAYED'] as const;
export type TodoState = (typeof TODO_STATES)[number];
/** DELAYED is how the server stores a favourited to-do. */
export const TODO_STATE_LABELS: Record<TodoState, string> = {
  UNREAD: '未读',
  READ: '已读',
  PROCESSED: '已处理',
  DELAYED: '已收藏',
};

export const TODO_SCOPES = ['MINE', 'COMPANY'] as const;
export type TodoScope = (typeof TODO_SCOPES)[number];
export const TODO_SCOPE_LABELS: Record<TodoScope, string> = {
  MINE: '我的',
  COMPANY: '全公司',
};

// INQUERY is the server's spelling; keep it.
export const TODO_MODULES = ['INQUERY_QUOTATION_SHEET', 'ORDER'] as const;
export type TodoModule = (typeof TODO_MODULES)[number];
export const TODO_MODULE_LABELS: Record<TodoModule, string> = {
  INQUERY_QUOTATION_SHEET: '询报价单',
  ORDER: '订单',
};

export const TODO_EVENT_TYPES = ['ADD', 'UPDATE', 'BOUND'] as const;
export type TodoEventType = (typeof TODO_EVENT_TYPES)[number];

/** Companies whose messages are signed 客服 instead of the company name. */
export const CUSTOMER_SERVICE_COMPANY_IDS: readonly number[] = [9428, 39567];

export const TODO_LIST_SIZE = 200;
export const MAIL_LOOKBACK_DAYS = 7;
export const MARK_READ_DELAY_MS = 5000;
export const WEBSOCKET_RECONNECT_MS = 5000;

function includes<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

export const isTodoType = (value: unknown): value is TodoType => includes(TODO_TYPES, value);
export const isTodoState = (value: unknown): value is TodoState => includes(TODO_STATES, value);
export const isTodoScope = (value: unknown): value is TodoScope => includes(TODO_SCOPES, value);
export const isTodoModule = (value: unknown): value is TodoModule => includes(TODO_MODULES, value);

// An unknown code from a newer server is shown as it is.
export const todoTypeLabel = (code: string): string =>
  isTodoType(code) ? TODO_TYPE_LABELS[code] : code;
export const todoStateLabel = (code: string): string =>
  isTodoState(code) ? TODO_STATE_LABELS[code] : code;
export const todoScopeLabel = (code: string): string =>
  isTodoScope(code) ? TODO_SCOPE_LABELS[code] : code;
export const todoModuleLabel = (code: string): string =>
  isTodoModule(code) ? TODO_MODULE_LABELS[code] : code;

/** A company as messages show it: customer service as 客服, any other by its name. */
export function messageCompanyLabel(
  companyId: number | null,
  name: string | null | undefined,
): string {
  if (companyId !== null && CUSTOMER_SERVICE_COMPANY_IDS.includes(companyId)) {
    return TODO_MESSAGES.CUSTOMER_SERVICE;
  }
  return name ?? '';
}

export function senderCompanyLabel(item: {
  from_company_id: number | null;
  from_company_name?: string | null;
}): string {
  return messageCompanyLabel(item.from_company_id, item.from_company_name);
}

export function recipientCompanyLabel(item: {
  to_company_id: number | null;
  to_company_name?: string | null;
}): string {
  return messageCompanyLabel(item.to_company_id, item.to_company_name);
}

type DetailTarget = { module_id: number; module_number?: string | null };

function query(params: ReadonlyArray<readonly [string, string]>): string {
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}

/** The detail page each module opens (settings-messaging-shared §2 route table: /order/order/detail keeps orderType=ALL). */
export const TODO_MODULE_DETAIL: Record<TodoModule, (item: DetailTarget) => string> = {
  ORDER: (item) =>
    `/order/order/detail?${query([
      ['orderType', 'ALL'],
      ['id', String(item.module_id)],
      ['module', 'ORDER'],
      ['module_number', item.module_number ?? ''],
    ])}`,
  INQUERY_QUOTATION_SHEET: (item) =>
    `/inquiry-quotation/detail?${query([['id', String(item.module_id)]])}`,
};

/** Where a to-do leads; null for a mail bound to no record or a module this client does not know. */
export function todoDetailHref(item: {
  module: string | null;
  module_id: number | null;
  module_number?: string | null;
}): string | null {
  const { module, module_id } = item;
  if (module_id === null || !isTodoModule(module)) return null;
  return TODO_MODULE_DETAIL[module]({ module_id, module_number: item.module_number ?? null });
}

/** The two tabs of the to-do page and of the shell's panel (settings-messaging-shared §2 "Shell"). */
export const INBOX_TABS = ['todo', 'favourites'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];
export const INBOX_TAB_TEXT: Record<InboxTab, { label: string; empty: string }> = {
  todo: { label: TODO_INBOX_MESSAGES.TAB_TODO, empty: TODO_MESSAGES.EMPTY_TODO_TAB },
  favourites: {
    label: TODO_INBOX_MESSAGES.TAB_FAVOURITES,
    empty: TODO_MESSAGES.EMPTY_FAVOURITE_TAB,
  },
};
export const isInboxTab = (value: unknown): value is InboxTab => includes(INBOX_TABS, value);
