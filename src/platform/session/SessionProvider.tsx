// Puts the tab's session into React (useSyncExternalStore over SessionController) and renders
// what the session itself may need to show on any screen: the sign-out warning, the expired
// sign-in notice and the wait while signing out.
import { LoadingOverlay } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { SESSION_MESSAGES } from '../../domain/messages/session';
import { ExpiredNotice } from './ExpiredNotice';
import { SessionContext } from './SessionContext';
import { SignOutPrompt } from './SignOutPrompt';
import type { SessionController } from './sessionController';

const notify = (message: string) => notifications.show({ color: 'red', message });

export function SessionProvider({
  controller,
  children,
}: {
  controller: SessionController;
  children: ReactNode;
}) {
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const value = useMemo(() => ({ controller, snapshot }), [controller, snapshot]);
  const { phase } = snapshot;
  return (
    <SessionContext.Provider value={value}>
      {children}
      <SignOutPrompt controller={controller} pending={snapshot.pendingSignOut} />
      {phase.status === 'signed-in' && phase.expired && (
        <ExpiredNotice controller={controller} notify={notify} />
      )}
      <LoadingOverlay
        visible={snapshot.signingOut}
        zIndex={1000}
        overlayProps={{ fixed: true }}
        loaderProps={{ 'aria-label': SESSION_MESSAGES.SIGNING_OUT }}
      />
    </SessionContext.Provider>
  );
}
