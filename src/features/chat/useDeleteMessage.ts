// Retracting one's own chat message through the outbox ('message.delete'), so it works offline:
// asked first, then gone from the thread at once; the server removes it for both parties, and a
// refusal brings it back (with the reason in the pending-changes view). The hook owns its
// confirmation dialog and its notifications (删除成功! / 删除失败，请稍后重试!, the spec's words).
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { MESSAGE_DELETE_MESSAGES as M, MAIL_MESSAGES } from '../../domain/todos/mails';
import { useSyncWrite } from '../../platform/sync/useSyncWrite';
import { enqueueRefusal } from '../../sync/core/lifecycle';
import { useConfirm } from '../common/useConfirm';

/** Retracts the message `todoId` of the company's thread; resolves false when declined or failed. */
export type DeleteMessage = (todoId: number, companyId: number) => Promise<boolean>;

export function useDeleteMessage(): [DeleteMessage, ReactNode] {
  const write = useSyncWrite();
  const [confirm, dialog] = useConfirm();
  const remove: DeleteMessage = async (todoId, companyId) => {
    if (!(await confirm(M.CONFIRM, M.CONFIRM_TITLE))) return false;
    try {
      await write((api) => api.enqueue(companyId, { type: 'message.delete', payload: { todoId } }));
    } catch (error) {
      notifications.show({
        color: 'red',
        message: enqueueRefusal(error) ?? MAIL_MESSAGES.DELETE_FAILED,
      });
      return false;
    }
    notifications.show({ color: 'teal', message: MAIL_MESSAGES.DELETED });
    return true;
  };
  return [remove, dialog];
}
