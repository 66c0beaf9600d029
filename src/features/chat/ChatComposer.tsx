// The chat panel's input (settings-messaging-shared §2 and §5 "Message panel"): the text (Enter
// sends, Ctrl+Enter starts a new line), several attachments chosen without uploading them (under
// 20 MB, no name twice, at most five), each removable after a confirmation, and the send button,
// disabled while there is nothing to send and while a send runs. Sending nothing anyway (Enter on
// an empty input) shows the spec's message.
import {
  ActionIcon,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Pill,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { isShrinkableType } from '../../domain/files/photoShrink';
import {
  addAttachments,
  canSend,
  MAX_MESSAGE_PRODUCT_ATTACHMENTS,
  validateSendContent,
} from '../../domain/todos/messagePanel';
import { CHAT_MESSAGES, TODO_MESSAGES } from '../../domain/todos/messages';
import type { SendMessage } from './useSendMessage';

export interface ChatComposerProps {
  onSend: SendMessage;
  /** Whom the message goes to, as the user reads it. */
  recipient: string;
}

function RemoveConfirm({ file, onAnswer }: { file: File | null; onAnswer(remove: boolean): void }) {
  return (
    <Modal
      opened={file !== null}
      onClose={() => onAnswer(false)}
      title={CHAT_MESSAGES.CONFIRM_TITLE}
      centered
      zIndex={400}
    >
      <Text>{TODO_MESSAGES.DELETE_ATTACHMENT_CONFIRM}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => onAnswer(false)}>
          {CHAT_MESSAGES.CANCEL}
        </Button>
        <Button color="red" onClick={() => onAnswer(true)} data-autofocus>
          {CHAT_MESSAGES.CONFIRM}
        </Button>
      </Group>
    </Modal>
  );
}

export function ChatComposer({ onSend, recipient }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<File | null>(null);
  const [originals, setOriginals] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  // Cleared after each choice, so choosing the same file again is seen (and refused as a repeat).
  const resetChooser = useRef<() => void>(null);
  const draft = { text, attachments: files, sending };

  const send = async () => {
    if (sending) return;
    const empty = validateSendContent(draft);
    if (empty !== null) {
      setProblem(empty);
      return;
    }
    // The input empties at once, so what the user types next is not wiped when the send ends.
    const sent = { text, files, originals };
    setText('');
    setFiles([]);
    setSending(true);
    setProblem(null);
    const refused = await onSend(sent);
    setSending(false);
    if (refused === null) {
      input.current?.focus();
      return;
    }
    setProblem(refused);
    setText((typed) => (typed === '' ? sent.text : typed));
    setFiles((chosen) => (chosen.length === 0 ? sent.files : chosen));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME still composing uses Enter to pick its characters.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      const area = event.currentTarget;
      const [start, end] = [area.selectionStart, area.selectionEnd];
      setText(`${text.slice(0, start)}\n${text.slice(end)}`);
      requestAnimationFrame(() => area.setSelectionRange(start + 1, start + 1));
      return;
    }
    if (event.shiftKey || event.altKey) return;
    event.preventDefault();
    void send();
  };

  const choose = (chosen: File[]) => {
    resetChooser.current?.();
    const { list, refusals } = addAttachments(files, chosen);
    setFiles(list);
    setProblem(refusals.length > 0 ? refusals.join('；') : null);
  };

  return (
    <Stack gap={6} data-testid="chat-composer">
      <Text size="xs" c="dimmed" data-testid="chat-recipient">
        {CHAT_MESSAGES.TO}：{recipient}
      </Text>
      {files.length > 0 && (
        <Group gap={6} aria-label={CHAT_MESSAGES.ATTACHMENTS} data-testid="chat-attachments">
          {files.map((file) => (
            <Pill
              key={file.name}
              withRemoveButton
              onRemove={() => setRemoving(file)}
              // Pill hides its remove button from keyboards and screen readers by default.
              removeButtonProps={{
                'aria-label': `${CHAT_MESSAGES.REMOVE_ATTACHMENT} ${file.name}`,
                'aria-hidden': false,
                tabIndex: 0,
              }}
            >
              {file.name}
            </Pill>
          ))}
        </Group>
      )}
      <Textarea
        ref={input}
        aria-label={CHAT_MESSAGES.INPUT_LABEL}
        placeholder={CHAT_MESSAGES.PLACEHOLDER}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (problem !== null) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        autosize
        minRows={2}
        maxRows={6}
      />
      {problem !== null && (
        <Text size="sm" c="red" role="alert" data-testid="chat-problem">
          {problem}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <FileButton
          multiple
          onChange={choose}
          resetRef={resetChooser}
          disabled={files.length >= MAX_MESSAGE_PRODUCT_ATTACHMENTS}
        >
          {(props) => (
            <ActionIcon
              {...props}
              variant="subtle"
              size="lg"
              aria-label={CHAT_MESSAGES.ATTACH}
              title={CHAT_MESSAGES.ATTACH}
              disabled={files.length >= MAX_MESSAGE_PRODUCT_ATTACHMENTS}
            >
              <IconPaperclip size={18} />
            </ActionIcon>
          )}
        </FileButton>
        {files.some((file) => isShrinkableType(file.type)) && (
          <Checkbox
            size="xs"
            label={CHAT_MESSAGES.ORIGINAL_PHOTOS}
            title={CHAT_MESSAGES.ORIGINAL_PHOTOS_HINT}
            description={CHAT_MESSAGES.ORIGINAL_PHOTOS_HINT}
            checked={originals}
            onChange={(event) => setOriginals(event.currentTarget.checked)}
            mr="auto"
          />
        )}
        <Button
          leftSection={<IconSend size={16} />}
          onClick={() => void send()}
          disabled={!canSend(draft)}
          loading={sending}
        >
          {CHAT_MESSAGES.SEND}
        </Button>
      </Group>
      <RemoveConfirm
        file={removing}
        onAnswer={(remove) => {
          if (remove && removing) setFiles((list) => list.filter((f) => f !== removing));
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
