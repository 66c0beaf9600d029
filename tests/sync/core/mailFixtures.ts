// Builders of the mail and message-delete entries (src/sync/core/mutations/mails.ts) for the
// core tests, kept apart from fixtures.ts so the mail tests read on their own.
import type { MutationInput } from '../../../src/sync/core/mutations';

export const mailCreate = (
  todoId: number,
  extra: { subject?: string; mailState?: 'draft' | 'send'; contactId?: number | null } = {},
): MutationInput => ({
  type: 'mail.create',
  payload: {
    todoId,
    subject: extra.subject ?? '下周盘点',
    mailState: extra.mailState ?? 'draft',
    to: {
      companyId: 11,
      companyName: '甲方机械有限公司',
      contactId: extra.contactId === undefined ? 8 : extra.contactId,
      contactName: extra.contactId === null ? null : '张管理',
    },
    from: { contactId: 7, contactName: '李采购', companyName: '甲方机械有限公司', avatar: null },
  },
});

export const mailUpdate = (
  todoId: number,
  extra: { subject?: string; mailState?: 'draft' | 'send' | null } = {},
): MutationInput => ({
  type: 'mail.update',
  payload: {
    todoId,
    subject: extra.subject ?? '下周三盘点',
    to: { contactId: null, contactName: null },
    mailState: extra.mailState === undefined ? null : extra.mailState,
  },
});

export const mailState = (
  todoId: number,
  state: 'junk' | 'received' | 'delete',
): MutationInput => ({
  type: 'mail.setState',
  payload: { todoId, mailState: state },
});

export const mailDelete = (todoId: number): MutationInput => ({
  type: 'mail.delete',
  payload: { todoId },
});

export const messageDelete = (todoId: number): MutationInput => ({
  type: 'message.delete',
  payload: { todoId },
});
