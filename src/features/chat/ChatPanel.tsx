// The chat panel of an order or a sheet, shown in the shell's right-side
// slot: the messages of the record (and of its linked record), oldest first and kept scrolled to
// the bottom, live while open; refused sends with retry; the input at the foot. Opening it starts
// the five-second mark-read of the messages addressed to the user.
import { Center, Divider, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import type { ChatContact } from '../../contract/api/chat';
import { canDeleteMessage } from '../../domain/todos/mails';
import { messageRecipient, panelThreads } from '../../domain/todos/messagePanel';
import { CHAT_MESSAGES } from '../../domain/todos/messages';
import { messageCompanyLabel } from '../../domain/todos/todoCodes';
import { useSession } from '../../platform/session/useSession';
import { ChatComposer } from './ChatComposer';
import type { ChatTarget } from './chatTarget';
import { FailedSend } from './FailedSend';
import { MessageBubble } from './MessageBubble';
import { useChatMessages } from './useChatMessages';
import { useDefaultContact } from './useDefaultContact';
import { useDeleteMessage } from './useDeleteMessage';
import { useFailedSends } from './useFailedSends';
import { useMarkRead } from './useMarkRead';
import { useSendMessage } from './useSendMessage';

/** Within this distance of the bottom the list follows new messages. */
const FOLLOW_PX = 120;

function recipientLabel(contact: ChatContact | null): string {
  const to = messageRecipient(contact);
  const company = messageCompanyLabel(to.companyId, to.companyName);
  return [to.contactName, company].filter(Boolean).join(' · ');
}

export function ChatPanel({ target }: { target: ChatTarget }) {
  const { account, companies, currentCompany } = useSession();
  const companyId = currentCompany.id;
  const myCompanyIds = useMemo(() => companies.map((c) => c.id), [companies]);
  const myContactIds = useMemo(() => companies.map((c) => c.contactId), [companies]);
  const threads = useMemo(
    () => panelThreads({ module: target.module, moduleId: target.moduleId }, target.linked),
    [target],
  );
  const messages = useChatMessages(companyId, threads, myCompanyIds);
  const failed = useFailedSends(threads);
  useMarkRead(messages);
  const contact = useDefaultContact(account.id, companyId, target);
  const send = useSendMessage(target, contact);
  const [deleteMessage, deleteDialog] = useDeleteMessage();
  const writer = { companyId, contactId: currentCompany.contactId };

  const viewport = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const count = (messages?.length ?? 0) + failed.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message or refusal scrolls.
  useEffect(() => {
    const view = viewport.current;
    if (view && following.current) view.scrollTo({ top: view.scrollHeight });
  }, [count]);

  return (
    <Stack gap="sm" h="calc(100dvh - 90px)" data-testid="chat-panel">
      <ScrollArea
        flex={1}
        viewportRef={viewport}
        onScrollPositionChange={({ y }) => {
          const view = viewport.current;
          if (view) following.current = view.scrollHeight - view.clientHeight - y < FOLLOW_PX;
        }}
      >
        {messages === undefined ? (
          <Center py="xl">
            <Loader size="sm" aria-label={CHAT_MESSAGES.LOADING} />
          </Center>
        ) : (
          <Stack gap="md" py="xs" pr="xs" aria-label={CHAT_MESSAGES.MESSAGE_LIST}>
            {messages.length === 0 && failed.length === 0 && (
              <Text c="dimmed" ta="center" py="xl" size="sm">
                {CHAT_MESSAGES.EMPTY_THREAD}
              </Text>
            )}
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                companyId={companyId}
                myCompanyIds={myCompanyIds}
                myContactIds={myContactIds}
                timeZone={account.timezone}
                otherRecord={
                  message.module !== target.module || message.module_id !== target.moduleId
                }
                onDelete={
                  canDeleteMessage(message, writer)
                    ? () => void deleteMessage(message.id, companyId)
                    : undefined
                }
              />
            ))}
            {failed.map((entry) => (
              <FailedSend key={entry.entryId} failed={entry} />
            ))}
          </Stack>
        )}
      </ScrollArea>
      <Divider />
      <ChatComposer
        recipient={recipientLabel(contact)}
        onSend={async (message) => {
          following.current = true;
          return send(message);
        }}
      />
      {deleteDialog}
    </Stack>
  );
}
