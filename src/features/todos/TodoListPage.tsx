// The to-do page /message/waiting/list (settings-messaging-shared §2 "To-do and message inbox"):
// MESSAGE and MAIL to-dos of every company of the user, scoped to mine or to the
// whole company, and the favourites tab; read from the local database, so it opens offline and
// follows the sync live. The tab and scope are kept in the page (not the address): changing them
// must not remount the page and lose the keyboard's place. 写邮件 and a mail's own actions work
// offline too (MailComposeDialog, MailActions).
import { Button, Group, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import { IconMailPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { StoredTodo } from '../../data/derive';
import { MAIL_MESSAGES } from '../../domain/todos/mails';
import { TODO_INBOX_MESSAGES as M } from '../../domain/todos/messages';
import {
  INBOX_TAB_TEXT,
  INBOX_TABS,
  type InboxTab,
  isInboxTab,
  isTodoScope,
  TODO_SCOPE_LABELS,
  TODO_SCOPES,
  type TodoScope,
} from '../../domain/todos/todoCodes';
import { useConfirm } from '../common/useConfirm';
import { MailActions } from './MailActions';
import { MailComposeDialog } from './MailComposeDialog';
import { TodoInboxList } from './TodoInboxList';
import { useInbox } from './useInbox';
import { useInboxContext } from './useInboxContext';
import { useMailWrites } from './useMailWrites';
import { useTodoActions } from './useTodoActions';

const SCOPE_OPTIONS = TODO_SCOPES.map((scope) => ({
  value: scope,
  label: TODO_SCOPE_LABELS[scope],
}));

export function TodoListPage({ initialTab = 'todo' }: { initialTab?: InboxTab }) {
  const inbox = useInboxContext();
  const [tab, setTab] = useState<InboxTab>(initialTab);
  const [scope, setScope] = useState<TodoScope>('MINE');
  const state = useInbox(tab, scope, inbox.companies);
  const actions = useTodoActions(inbox);
  const mails = useMailWrites();
  const [confirm, confirmDialog] = useConfirm();
  // null: closed; 'new': 写邮件; a row: that draft edited.
  const [composing, setComposing] = useState<StoredTodo | 'new' | null>(null);
  const more = (item: StoredTodo) => (
    <MailActions
      item={item}
      currentCompanyId={inbox.currentCompanyId}
      writes={mails}
      confirm={confirm}
      onEdit={setComposing}
    />
  );

  return (
    <Stack maw={960} mx="auto" gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3">
          {M.PAGE_TITLE}
        </Title>
        <Button
          size="compact-md"
          leftSection={<IconMailPlus size={16} />}
          onClick={() => setComposing('new')}
        >
          {MAIL_MESSAGES.COMPOSE}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(value) => isInboxTab(value) && setTab(value)}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
          <Tabs.List>
            {INBOX_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {INBOX_TAB_TEXT[value].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tab === 'todo' && (
            <SegmentedControl
              size="xs"
              aria-label={M.SCOPE}
              data={SCOPE_OPTIONS}
              value={scope}
              onChange={(value) => isTodoScope(value) && setScope(value)}
            />
          )}
        </Group>
        {INBOX_TABS.map((value) => (
          <Tabs.Panel key={value} value={value} pt="sm">
            {value === tab && (
              <TodoInboxList tab={tab} state={state} inbox={inbox} actions={actions} more={more} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {actions.dialog}
      {confirmDialog}
      <MailComposeDialog
        opened={composing !== null}
        editing={composing === 'new' ? null : composing}
        writes={mails}
        onClose={() => setComposing(null)}
      />
    </Stack>
  );
}
