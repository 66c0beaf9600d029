// Mail states, which mails carry besides the to-do state (settings-messaging-shared §4
// "Message and to-do"). The spec gives only the codes; the Chinese labels are ours.

export const MAIL_STATES = [
  'received',
  'send',
  'retry_send',
  'send_success',
  'send_fail',
  'partial_fail',
  'delete',
  'draft',
  'outgoing',
  'junk',
] as const;

export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  received: '已接收',
  send: '待发送',
  retry_send: '重新发送',
  send_success: '发送成功',
  send_fail: '发送失败',
  partial_fail: '部分发送失败',
  delete: '已删除',
  draft: '草稿',
  outgoing: '发送中',
  junk: '垃圾邮件',
};

export function isMailState(value: unknown): value is MailState {
  return typeof value === 'string' && (MAIL_STATES as readonly string[]).includes(value);
}

export function mailStateLabel(code: string): string {
  return isMailState(code) ? MAIL_STATE_LABELS[code] : code;
}

/** Mails that did not (fully) go out: the inbox shows their state in red (our reading). */
export const FAILED_MAIL_STATES: readonly MailState[] = ['send_fail', 'partial_fail'];

export function isFailedMailState(code: string | null | undefined): boolean {
  return isMailState(code) && FAILED_MAIL_STATES.includes(code);
}
