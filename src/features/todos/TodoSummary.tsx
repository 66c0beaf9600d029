// One to-do as the inbox shows it, on the to-do page and in the shell's panel (settings-messaging-
// shared §2 "To-do and message inbox"): sender company (客服 for customer service), time, the
// record it is about, subject, attachment marker; red while open and addressed to the current
// company; the sender's 对方未读 marker; a mail's own state; 待同步 while a change waits.
// `expanded` (the page's selected row) adds the whole subject, both parties and the attachments.
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { StoredTodo } from '../../data/derive';
import { formatDateTime } from '../../domain/format/date';
import { isFailedMailState, mailStateLabel } from '../../domain/todos/mailStates';
import { TODO_INBOX_MESSAGES as M } from '../../domain/todos/messages';
import {
  recipientCompanyLabel,
  senderCompanyLabel,
  todoModuleLabel,
  todoStateLabel,
  todoTypeLabel,
} from '../../domain/todos/todoCodes';
import { isHighlighted, showsSenderUnreadMarker } from '../../domain/todos/todoRules';
import { PendingMark } from '../sync/PendingMark';
import type { InboxContext } from './useInboxContext';

export interface TodoSummaryProps {
  item: StoredTodo;
  inbox: Pick<InboxContext, 'currentCompanyId' | 'myCompanyIds' | 'user'> & {
    timeZone: string | null;
  };
  expanded?: boolean;
}

function party(company: string, contact: string | null): string {
  return contact ? `${company} · ${contact}` : company;
}

function Marks({ item, inbox }: Pick<TodoSummaryProps, 'item' | 'inbox'>) {
  const { myCompanyIds, user } = inbox;
  const received = myCompanyIds.includes(item.to_company_id);
  const senderUnread = showsSenderUnreadMarker(
    item,
    myCompanyIds,
    user.contacts.map((c) => c.id),
  );
  const mail = item.type === 'MAIL';
  return (
    <Group gap={4} wrap="wrap">
      {mail && (
        <Badge
          size="xs"
          variant="light"
          color={isFailedMailState(item.mail_state) ? 'red' : 'grape'}
        >
          {item.mail_state
            ? `${todoTypeLabel(item.type)} · ${mailStateLabel(item.mail_state)}`
            : todoTypeLabel(item.type)}
        </Badge>
      )}
      {received && (
        <Badge size="xs" variant="outline" color="gray">
          {todoStateLabel(item.state)}
        </Badge>
      )}
      {senderUnread && (
        <Badge size="xs" variant="light" color="orange" data-testid="sender-unread">
          {M.SENDER_UNREAD}
        </Badge>
      )}
      <PendingMark row={item} />
    </Group>
  );
}

function Attachments({ item }: { item: StoredTodo }) {
  if (item.todo_files.length === 0) return null;
  return (
    <Stack gap={2}>
      {item.todo_files.map(({ attachment }) => (
        <Group key={attachment.object_name} gap={4} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="xs" truncate>
            {attachment.name ?? attachment.object_name.split('/').pop()}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function TodoSummary({ item, inbox, expanded = false }: TodoSummaryProps) {
  const red = isHighlighted(item, inbox.currentCompanyId);
  return (
    <Stack gap={4} data-highlighted={red}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text
          size="sm"
          fw={600}
          c={red ? 'var(--mantine-color-red-light-color)' : undefined}
          truncate
        >
          {senderCompanyLabel(item)}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatDateTime(item.create_time, inbox.timeZone)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {item.module !== null && (
          <Badge size="xs" variant="light" style={{ flexShrink: 0 }} mt={3}>
            {todoModuleLabel(item.module)}
          </Badge>
        )}
        <Text
          size="sm"
          c={red ? 'var(--mantine-color-red-light-color)' : undefined}
          lineClamp={expanded ? undefined : 2}
          style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}
        >
          {item.subject}
        </Text>
        {item.has_attachment && (
          <IconPaperclip
            size={14}
            aria-label={M.HAS_ATTACHMENT}
            role="img"
            style={{ flexShrink: 0, marginTop: 3 }}
          />
        )}
      </Group>
      <Group justify="space-between" gap={4} wrap="wrap">
        <Text size="xs" c="dimmed" truncate style={{ minWidth: 0 }}>
          {item.module_number ?? ''}
        </Text>
        <Marks item={item} inbox={inbox} />
      </Group>
      {expanded && (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {M.FROM}：{party(senderCompanyLabel(item), item.from_contacts_name)}
          </Text>
          <Text size="xs" c="dimmed">
            {M.TO}：{party(recipientCompanyLabel(item), item.to_contacts_name)}
          </Text>
          <Attachments item={item} />
        </Stack>
      )}
    </Stack>
  );
}
