// The inbox's mail changes through the outbox ('mail.create', 'mail.update', 'mail.setState',
// 'mail.delete'), so writing, editing, filing and deleting a mail work offline and land once; the
// row changes at once, marked 待同步. The hook owns its notifications; a change that could not
// even be kept on the device is reported and resolves false.
import { notifications } from '@mantine/notifications';
import type { StoredTodo } from '../../data/derive';
import type { MailState } from '../../domain/todos/mailStates';
import { MAIL_MESSAGES as M } from '../../domain/todos/mails';
import { useSession } from '../../platform/session/useSession';
import { useSyncApi } from '../../platform/sync/useSyncApi';
import { useSyncWrite } from '../../platform/sync/useSyncWrite';
import { enqueueRefusal } from '../../sync/core/lifecycle';
import type { MutationInput } from '../../sync/core/mutations';

/** Who a mail goes to: a company, and one of its contacts or nobody in particular. */
export interface MailRecipient {
  companyId: number;
  companyName: string | null;
  contactId: number | null;
  contactName: string | null;
}

export interface MailDraft {
  subject: string;
  to: MailRecipient;
  /** `send` hands it to the mail service; `draft` keeps it unsent. */
  mailState: 'draft' | 'send';
}

export interface MailWrites {
  create(draft: MailDraft): Promise<boolean>;
  update(item: StoredTodo, draft: MailDraft): Promise<boolean>;
  setState(item: StoredTodo, state: MailState): Promise<boolean>;
  remove(item: StoredTodo): Promise<boolean>;
}

export function useMailWrites(): MailWrites {
  const { account, currentCompany } = useSession();
  const write = useSyncWrite();
  const sync = useSyncApi();

  /** Queues the change in the company whose copy of the mail the user acts on. */
  async function queue(companyId: number, mutation: MutationInput, done: string, failed: string) {
    try {
      await write((api) => api.enqueue(companyId, mutation));
    } catch (error) {
      notifications.show({ color: 'red', message: enqueueRefusal(error) ?? failed });
      return false;
    }
    notifications.show({ color: 'teal', message: done });
    return true;
  }

  const savedText = (draft: MailDraft) =>
    draft.mailState === 'send' ? M.QUEUED_TO_SEND : M.DRAFT_SAVED;

  return {
    async create(draft) {
      const todoId = await sync.temporaryId();
      return queue(
        currentCompany.id,
        {
          type: 'mail.create',
          payload: {
            todoId,
            subject: draft.subject,
            mailState: draft.mailState,
            to: draft.to,
            from: {
              contactId: currentCompany.contactId,
              contactName: account.name,
              companyName: currentCompany.name,
              avatar: account.avatar,
            },
          },
        },
        savedText(draft),
        M.SAVE_FAILED,
      );
    },
    update(item, draft) {
      return queue(
        item.company_id,
        {
          type: 'mail.update',
          payload: {
            todoId: item.id,
            subject: draft.subject,
            to: { contactId: draft.to.contactId, contactName: draft.to.contactName },
            mailState: draft.mailState === 'send' ? 'send' : null,
          },
        },
        savedText(draft),
        M.SAVE_FAILED,
      );
    },
    setState(item, state) {
      return queue(
        item.company_id,
        { type: 'mail.setState', payload: { todoId: item.id, mailState: state } },
        M.STATE_CHANGED,
        M.SAVE_FAILED,
      );
    },
    remove(item) {
      return queue(
        item.company_id,
        { type: 'mail.delete', payload: { todoId: item.id } },
        M.DELETED,
        M.DELETE_FAILED,
      );
    },
  };
}
