// What the to-do page offers on a selected mail (settings-messaging-shared §4 "A mail state can be
// changed separately", §7 "Mails"): a 邮件状态 menu for either party (PATCH ?mailState), and on a
// draft of the current company 编辑 and 删除 (after a confirmation). Everything goes through the
// outbox (useMailWrites), so it works offline.
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import type { StoredTodo } from '../../data/derive';
import { MAIL_STATE_LABELS, MAIL_STATES } from '../../domain/todos/mailStates';
import {
  canDeleteMail,
  canEditMail,
  canSetMailState,
  MAIL_MESSAGES as M,
} from '../../domain/todos/mails';
import type { Confirm } from '../common/useConfirm';
import type { MailWrites } from './useMailWrites';

export interface MailActionsProps {
  item: StoredTodo;
  currentCompanyId: number;
  writes: MailWrites;
  confirm: Confirm;
  onEdit(item: StoredTodo): void;
}

export function MailActions({ item, currentCompanyId, writes, confirm, onEdit }: MailActionsProps) {
  if (item.type !== 'MAIL') return null;
  const settable = canSetMailState(item, currentCompanyId);
  return (
    <>
      {settable && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="light"
              color="grape"
              rightSection={<IconChevronDown size={14} />}
            >
              {M.STATE}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {MAIL_STATES.map((state) => (
              <Menu.Item
                key={state}
                disabled={item.mail_state === state}
                leftSection={item.mail_state === state ? <IconCheck size={14} /> : null}
                onClick={() => void writes.setState(item, state)}
              >
                {MAIL_STATE_LABELS[state]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {canEditMail(item, currentCompanyId) && (
        <Button size="compact-sm" variant="light" onClick={() => onEdit(item)}>
          {M.EDIT}
        </Button>
      )}
      {canDeleteMail(item, currentCompanyId) && (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={async () => {
            if (await confirm(M.DELETE_CONFIRM, M.CONFIRM_TITLE)) await writes.remove(item);
          }}
        >
          {M.DELETE}
        </Button>
      )}
    </>
  );
}
