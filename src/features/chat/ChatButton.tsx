// The 聊天 button of a detail page (purchasing-core §2.3 chat toggle, §2.4 chat icon): opens the
// record's chat panel in the shell's right-side slot. Disabled while the record is not loaded
// and when it failed to load (settings-messaging-shared §2 "Message panel").
import { Button, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { CHAT_MESSAGES, chatTitle } from '../../domain/todos/messages';
import { todoModuleLabel } from '../../domain/todos/todoCodes';
import { useShellPanels } from '../shell/shellPanels';
import { ChatPanel } from './ChatPanel';
import type { ChatTarget } from './chatTarget';

export interface ChatButtonProps {
  /** From orderChatTarget / sheetChatTarget (chatTarget.ts); null: not loaded. */
  target: ChatTarget | null;
}

export function ChatButton({ target }: ChatButtonProps) {
  const panels = useShellPanels();
  return (
    <Tooltip label={CHAT_MESSAGES.OPEN_DISABLED} disabled={target !== null}>
      {/* A disabled button gets no pointer events: the wrapper shows why. */}
      <span>
        <Button
          variant="light"
          leftSection={<IconMessageCircle size={16} />}
          disabled={target === null}
          data-testid="chat-button"
          onClick={() => {
            if (!target) return;
            panels.openChat(
              chatTitle(todoModuleLabel(target.module), target.moduleNumber),
              <ChatPanel key={`${target.module}:${target.moduleId}`} target={target} />,
            );
          }}
        >
          {CHAT_MESSAGES.OPEN}
        </Button>
      </span>
    </Tooltip>
  );
}
