// A confirmation asked in a dialog and awaited (`if (await confirm(...))`): delete a line (该操作不可
// 恢复), save as draft (点击确定, 采购单将保存不发送), accept a brand or product replacement.
import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { COMMON_LABELS } from '../../domain/messages/common';

interface Question {
  title: string;
  message: string;
  answer(yes: boolean): void;
}

export type Confirm = (message: string, title?: string) => Promise<boolean>;

export function useConfirm(): [Confirm, ReactNode] {
  const [question, setQuestion] = useState<Question | null>(null);
  const confirm: Confirm = (message, title = COMMON_LABELS.CONFIRM) =>
    new Promise((resolve) => {
      setQuestion({
        title,
        message,
        answer: (yes) => {
          setQuestion(null);
          resolve(yes);
        },
      });
    });
  const dialog = (
    <Modal
      opened={question !== null}
      onClose={() => question?.answer(false)}
      title={question?.title}
      // Closing answers no; the × needs a name of its own (axe: button-name).
      closeButtonProps={{ 'aria-label': COMMON_LABELS.CLOSE }}
      centered
    >
      <Text>{question?.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => question?.answer(false)}>
          {COMMON_LABELS.CANCEL}
        </Button>
        <Button onClick={() => question?.answer(true)} data-autofocus>
          {COMMON_LABELS.CONFIRM}
        </Button>
      </Group>
    </Modal>
  );
  return [confirm, dialog];
}
