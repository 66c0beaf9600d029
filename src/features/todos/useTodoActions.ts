// What the inbox does with a to-do, in the order the spec asks (settings-messaging-shared §2
// "To-do and message inbox", §4 "Message and to-do", §6): first the company switch when the to-do
// belongs to another of the user's companies, then the take-over when it belongs to another
// contact; then the state change goes through the outbox ('todo.setState'), so it works offline
// and shows at once with the 待同步 marker. The hook owns its notifications.

import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { StoredTodo } from '../../data/derive';
import { TODO_INBOX_MESSAGES as M } from '../../domain/todos/messages';
import { isTodoType, todoDetailHref } from '../../domain/todos/todoCodes';
import {
  companySwitchConfirmation,
  type InboxStateChange,
  planStateChange,
} from '../../domain/todos/todoRules';
import { useSession } from '../../platform/session/useSession';
import { useSyncWrite } from '../../platform/sync/useSyncWrite';
import { enqueueRefusal } from '../../sync/core/lifecycle';
import { useConfirm } from '../common/useConfirm';
import type { InboxContext } from './useInboxContext';

export interface TodoActions {
  /** Opens the detail page of the to-do's record, switching company first if the user agrees. */
  open(item: StoredTodo): Promise<void>;
  /** Marks processed or favourites; resolves false when the user declined or it failed. */
  changeState(item: StoredTodo, state: InboxStateChange): Promise<boolean>;
  /** The confirmation dialog, to render once. */
  dialog: ReactNode;
}

export function useTodoActions({
  user,
  currentCompanyId,
  myCompanyIds,
}: InboxContext): TodoActions {
  const { switchCompany } = useSession();
  const navigate = useNavigate();
  const write = useSyncWrite();
  const [confirm, dialog] = useConfirm();
  const ask = (message: string) => confirm(message, M.CONFIRM_TITLE);

  async function open(item: StoredTodo) {
    const href = todoDetailHref(item);
    if (href === null) return;
    const change = companySwitchConfirmation(item, currentCompanyId, myCompanyIds);
    if (change) {
      if (!(await ask(change.message))) return;
      switchCompany(change.companyId);
    }
    await navigate({ href });
  }

  async function changeState(item: StoredTodo, state: InboxStateChange) {
    const plan = planStateChange(item, state, currentCompanyId, user);
    if (plan === null) return false;
    if (plan.companySwitch && !(await ask(plan.companySwitch.message))) return false;
    if (plan.takeOver && !(await ask(plan.takeOver))) return false;
    try {
      await write((api) =>
        api.enqueue(plan.companyId, {
          type: 'todo.setState',
          payload: {
            todoId: item.id,
            state,
            delay: null,
            todoType: isTodoType(item.type) ? item.type : null,
            assignee: plan.assignee,
          },
        }),
      );
    } catch (error) {
      notifications.show({ color: 'red', message: enqueueRefusal(error) ?? M.STATE_CHANGE_FAILED });
      return false;
    }
    notifications.show({
      color: 'teal',
      message: state === 'PROCESSED' ? M.MARKED_PROCESSED : M.FAVOURITED,
    });
    if (plan.companySwitch) switchCompany(plan.companySwitch.companyId);
    return true;
  }

  return { open, changeState, dialog };
}
