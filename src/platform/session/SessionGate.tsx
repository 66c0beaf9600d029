// The guard of every page that needs login (settings-messaging-shared §2 "Guard"): it waits until
// the session is ready, sends a visitor to the provider's sign-in page (and back to this address
// afterwards), and shows why when the session cannot be used.
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { SESSION_MESSAGES } from '../../domain/messages/session';
import { NoCompany } from './NoCompany';
import type { SessionController } from './sessionController';
import { useOnline } from './useOnline';
import { currentAddress } from './useSession';
import { useSessionState } from './useSessionState';

function Notice({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} role="alert">
        <Text ta="center">{message}</Text>
        {action}
      </Stack>
    </Center>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <Center mih="100dvh">
      <Loader aria-label={label} />
    </Center>
  );
}

/** Leaves for the provider at once when online; otherwise says why not and tries on reconnect. */
function SignInRedirect({
  controller,
  failed,
}: {
  controller: SessionController;
  failed: boolean;
}) {
  const online = useOnline();
  const [unreachable, setUnreachable] = useState(false);
  const leaving = useRef(false);
  const go = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    setUnreachable(false);
    controller.signIn(currentAddress()).catch(() => {
      leaving.current = false;
      setUnreachable(true);
    });
  }, [controller]);
  // A callback that just failed is not retried on its own: it could loop through the provider.
  useEffect(() => {
    if (online && !failed) go();
  }, [online, failed, go]);
  const retry = <Button onClick={go}>{SESSION_MESSAGES.SIGN_IN}</Button>;
  if (failed) return <Notice message={SESSION_MESSAGES.SIGN_IN_FAILED} action={retry} />;
  if (!online) return <Notice message={SESSION_MESSAGES.OFFLINE_SIGN_IN} action={retry} />;
  if (unreachable) return <Notice message={SESSION_MESSAGES.SIGN_IN_UNREACHABLE} action={retry} />;
  return <Waiting label={SESSION_MESSAGES.SIGNING_IN} />;
}

export function SessionGate({ children }: { children: ReactNode }) {
  const { controller, snapshot } = useSessionState();
  const { phase } = snapshot;
  switch (phase.status) {
    case 'loading':
      return <Waiting label={SESSION_MESSAGES.LOADING} />;
    case 'signed-out':
      return <SignInRedirect controller={controller} failed={snapshot.signInFailed} />;
    case 'unavailable':
      return (
        <Notice
          message={phase.message}
          action={<Button onClick={() => void controller.retry()}>{SESSION_MESSAGES.RETRY}</Button>}
        />
      );
    case 'no-company':
      return (
        <NoCompany
          message={phase.message}
          {...(phase.unsent ? { unsent: phase.unsent } : {})}
          onConfirm={async () => {
            await controller.discardLeftBehind();
            await controller.signOut();
          }}
        />
      );
    case 'signed-in':
      return children;
  }
}
