// /auth/callback: the provider sends the browser here after sign-in. The session (booted from
// this address) finishes the sign-in; once it is ready the user goes where they were heading.
import { Center, Loader } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SESSION_MESSAGES } from '../domain/messages/session';
import { DEFAULT_RETURN_TO } from '../platform/auth/returnTo';
import { useSessionState } from '../platform/session/useSessionState';

export function AuthCallback() {
  const { snapshot } = useSessionState();
  const { history } = useRouter();
  const ready = snapshot.phase.status !== 'loading';
  const target = snapshot.returnTo ?? DEFAULT_RETURN_TO;
  useEffect(() => {
    if (ready) history.replace(target);
  }, [ready, target, history]);
  return (
    <Center mih="100dvh">
      <Loader aria-label={SESSION_MESSAGES.SIGNING_IN} />
    </Center>
  );
}
