// The warning before a sign-out that would lose changes not yet on the server (DESIGN §4): wait
// for the sync, or sign out anyway (also offline, where waiting may take long).
import { Button, Group, Modal, Text } from '@mantine/core';
import { SESSION_MESSAGES, signOutPendingMessage } from '../../domain/messages/session';
import type { SessionController } from './sessionController';

export function SignOutPrompt({
  controller,
  pending,
}: {
  controller: SessionController;
  pending: number | null;
}) {
  return (
    <Modal
      opened={pending !== null}
      onClose={() => controller.dismissSignOut()}
      title={SESSION_MESSAGES.SIGN_OUT_PENDING_TITLE}
      centered
    >
      <Text size="sm">{signOutPendingMessage(pending ?? 0)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => controller.dismissSignOut()} data-autofocus>
          {SESSION_MESSAGES.WAIT_FOR_SYNC}
        </Button>
        <Button color="red" onClick={() => void controller.confirmSignOut()}>
          {SESSION_MESSAGES.SIGN_OUT_ANYWAY}
        </Button>
      </Group>
    </Modal>
  );
}
