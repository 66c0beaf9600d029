// One message of the chat panel: who wrote it (客服 for the customer-service companies) and when,
// the text as written (line breaks kept), its attachments, and its state for the writer: 发送中
// while it waits for the network or the server, 对方未读 until the other party has read it.
// The user's own messages sit on the right, with 删除消息 where the user may retract them.
import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '../../domain/format/date';
import { MESSAGE_DELETE_MESSAGES } from '../../domain/todos/mails';
import { CHAT_MESSAGES, TODO_INBOX_MESSAGES } from '../../domain/todos/messages';
import { senderCompanyLabel, todoModuleLabel } from '../../domain/todos/todoCodes';
import { showsSenderUnreadMarker } from '../../domain/todos/todoRules';
import { isPendingRow } from '../sync/PendingMark';
import { ChatFileLink } from './ChatFileLink';
import type { ChatMessage } from './useChatMessages';

export interface MessageBubbleProps {
  message: ChatMessage;
  /** The company the panel reads for (attachments are fetched as it). */
  companyId: number;
  myCompanyIds: readonly number[];
  myContactIds: readonly number[];
  timeZone: string;
  /** Set on messages of the panel's linked record (an order's sheet): which record it is. */
  otherRecord: boolean;
  /** Set when the user may retract this message (its writer, not while it is still sending). */
  onDelete?: (() => void) | undefined;
}

/** Shade 0 on a light page (its blue names keep 4.5:1), the light variant on a dark one. */
const MINE_BACKGROUND = 'light-dark(var(--mantine-color-blue-0), var(--mantine-color-blue-light))';

export function MessageBubble({
  message,
  companyId,
  myCompanyIds,
  myContactIds,
  timeZone,
  otherRecord,
  onDelete,
}: MessageBubbleProps) {
  const mine = message.from_contacts_id !== null && myContactIds.includes(message.from_contacts_id);
  const pending = isPendingRow(message);
  const unreadByOther = !pending && showsSenderUnreadMarker(message, myCompanyIds);
  const sender = mine
    ? CHAT_MESSAGES.ME
    : [senderCompanyLabel(message), message.from_contacts_name].filter(Boolean).join(' · ');
  return (
    <Stack
      gap={2}
      align={mine ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-id={message.id}
      data-state={message.state}
      data-pending={pending}
    >
      <Group gap={6} wrap="wrap" justify={mine ? 'flex-end' : 'flex-start'}>
        <Text size="xs" fw={600}>
          {sender}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(message.create_time, timeZone)}
        </Text>
        {otherRecord && message.module !== null && (
          <Badge size="xs" variant="outline" color="gray">
            {todoModuleLabel(message.module)} {message.module_number ?? ''}
          </Badge>
        )}
        {onDelete && !pending && (
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={MESSAGE_DELETE_MESSAGES.DELETE}
            data-testid="chat-message-delete"
            onClick={onDelete}
          >
            <IconTrash size={14} />
          </ActionIcon>
        )}
      </Group>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="85%"
        bg={mine ? MINE_BACKGROUND : 'var(--mantine-color-default-hover)'}
        style={{ overflowWrap: 'anywhere' }}
      >
        {message.subject !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="chat-message-text">
            {message.subject}
          </Text>
        )}
        {message.todo_files.map(({ attachment }, index) => (
          // Names are unique within a message (a repeated file is refused).
          <ChatFileLink key={attachment.name ?? index} companyId={companyId} file={attachment} />
        ))}
      </Paper>
      {pending && (
        <Badge size="xs" variant="light" color="yellow" data-testid="chat-sending">
          {CHAT_MESSAGES.SENDING}
        </Badge>
      )}
      {unreadByOther && (
        <Text size="xs" c="dimmed" data-testid="chat-unread-by-other">
          {TODO_INBOX_MESSAGES.SENDER_UNREAD}
        </Text>
      )}
    </Stack>
  );
}
