// The provider refused to renew the sign-in: a notice that never blocks the screen, since the
// app stays readable and changes keep queuing on the device until the user signs in again.
import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useState } from 'react';
import { SESSION_MESSAGES } from '../../domain/messages/session';
import type { SessionController } from './sessionController';
import { currentAddress } from './useSession';

export function ExpiredNotice({
  controller,
  notify,
}: {
  controller: SessionController;
  notify(message: string): void;
}) {
  const [later, setLater] = useState(false);
  if (later) return null;
  const signIn = () => {
    controller.signIn(currentAddress()).catch(() => notify(SESSION_MESSAGES.OFFLINE_SIGN_IN));
  };
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300}>
      <Notification
        role="alert"
        color="orange"
        title={SESSION_MESSAGES.EXPIRED_TITLE}
        withBorder
        onClose={() => setLater(true)}
        closeButtonProps={{ 'aria-label': SESSION_MESSAGES.LATER }}
        w="min(380px, calc(100vw - 32px))"
      >
        <Text size="sm">{SESSION_MESSAGES.EXPIRED_HINT}</Text>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" onClick={signIn}>
            {SESSION_MESSAGES.SIGN_IN_AGAIN}
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
