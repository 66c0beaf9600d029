// What a user may do with a mail or a chat message of their own (settings-messaging-shared §4 "A
// mail state can be changed separately", §7 "Mails" and DELETE /messages/{id}): the same rules on
// the screen and on the server, so the app never offers what the server would refuse. The spec
// words none of the labels below but 删除成功! / 删除失败，请稍后重试! (§8); the rest are ours.
import type { TodoItem } from './todoItem';

/** The longest subject the server takes (server/messaging/todoSchemas.ts `subject`). */
export const MAIL_SUBJECT_MAX = 5000;

export const MAIL_MESSAGES = {
  COMPOSE: '写邮件',
  EDIT_TITLE: '编辑邮件',
  EDIT: '编辑',
  DELETE: '删除',
  STATE: '邮件状态',
  RECIPIENT_COMPANY: '收件公司',
  RECIPIENT_CONTACT: '收件人',
  ANY_CONTACT: '不指定收件人',
  SUBJECT: '邮件内容',
  SUBJECT_REQUIRED: '请输入邮件内容',
  SUBJECT_TOO_LONG: `邮件内容不能超过 ${MAIL_SUBJECT_MAX} 个字`,
  SAVE_DRAFT: '保存草稿',
  SEND: '发送',
  CANCEL: '取消',
  CLOSE: '关闭',
  DRAFT_SAVED: '邮件草稿已保存',
  QUEUED_TO_SEND: '邮件已提交发送',
  STATE_CHANGED: '邮件状态已更新',
  DELETE_CONFIRM: '确定删除该邮件草稿吗？删除后将不可恢复',
  CONFIRM_TITLE: '提示',
  /** The change could not even be kept on the device (a storage fault). */
  SAVE_FAILED: '邮件保存失败，请稍后重试',
  /** The spec's words for a delete (§8 "Delete"). */
  DELETED: '删除成功!',
  DELETE_FAILED: '删除失败，请稍后重试!',
} as const;

export const MESSAGE_DELETE_MESSAGES = {
  DELETE: '删除消息',
  CONFIRM: '确定删除这条消息吗？删除后对方也将看不到',
  CONFIRM_TITLE: '提示',
} as const;

type Owned = Pick<TodoItem, 'type' | 'from_company_id' | 'from_contacts_id'> & {
  mail_state?: string | null;
};

/** A draft the current company wrote: the sender may still edit or delete it. */
export function canEditMail(item: Owned, currentCompanyId: number): boolean {
  return (
    item.type === 'MAIL' && item.mail_state === 'draft' && item.from_company_id === currentCompanyId
  );
}

/** Deleting is the draft's (a sent mail is filed as 已删除 through its state instead). */
export const canDeleteMail = canEditMail;

/** Either party files a mail under a state (PATCH /mails/{id}?mailState). */
export function canSetMailState(
  item: Pick<TodoItem, 'type' | 'from_company_id' | 'to_company_id'>,
  currentCompanyId: number,
): boolean {
  return (
    item.type === 'MAIL' &&
    (item.from_company_id === currentCompanyId || item.to_company_id === currentCompanyId)
  );
}

/** Only its writer retracts a message, and only as the company it was sent from. */
export function canDeleteMessage(
  item: Owned,
  actor: { companyId: number; contactId: number | null },
): boolean {
  return (
    item.type === 'MESSAGE' &&
    actor.contactId !== null &&
    item.from_company_id === actor.companyId &&
    item.from_contacts_id === actor.contactId
  );
}

/** The subject as it will be sent, or the reason it cannot be. */
export function checkMailSubject(
  text: string,
): { ok: true; subject: string } | { ok: false; message: string } {
  const subject = text.trim();
  if (subject === '') return { ok: false, message: MAIL_MESSAGES.SUBJECT_REQUIRED };
  if (subject.length > MAIL_SUBJECT_MAX)
    return { ok: false, message: MAIL_MESSAGES.SUBJECT_TOO_LONG };
  return { ok: true, subject };
}
